/**
 * A location's zone and opening hours as the calendar reads them: the same hours every day.
 */
import type { Location } from '@shared/schemas/locations';
import { minutesOfClock } from './bookingTime';
import type { Hours } from './calendarDrag';

type Clocked = Pick<Location, 'time_zone' | 'opens_at' | 'closes_at'>;

/** The zone of a location's wall clock; the browser's until the location has loaded. */
export function zoneOf(location: Clocked | null | undefined): string {
  return location?.time_zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The location's opening hours on the calendar's axis. */
export function hoursOf(location: Clocked): Hours {
  return { opens: minutesOfClock(location.opens_at), closes: minutesOfClock(location.closes_at) };
}
