import { liveCollection } from '../../live/registry';
import { atomWithStorage } from '../../state/jotai';

/** Every booking the user has loaded, kept live. */
export const bookingsAtom = liveCollection('bookings');

export type CalendarView = 'day' | 'week';
/** Day (rooms side by side) or week (one room), remembered in local storage. */
export const calendarViewAtom = atomWithStorage<CalendarView>('bookings.view', 'day', undefined, { getOnInit: true });
