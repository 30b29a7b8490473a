/**
 * A location's zone and opening hours as the calendar reads them. The spec's defaults (07:00-22:00
 * every day) hold where a location says nothing else.
 */
import type { Location } from '@shared/schemas/locations';
import { minutesOfClock, type DayKey } from './bookingTime';
import type { Hours } from './calendarDrag';

export const DEFAULT_HOURS: Hours = { opens: 7 * 60, closes: 22 * 60 };

/** What the calendar needs of a location (its zone and hours may be absent on older rows). */
type Clocked = Pick<Location, 'id' | 'name'> & {
  time_zone?: string | null;
  opens_at?: string | null;
  closes_at?: string | null;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function zoneOf(location: Clocked | null | undefined): string {
  return location?.time_zone || browserZone();
}

/** The location's opening hours on `day` (the same every day). */
export function hoursOf(location: Clocked | null | undefined, _day?: DayKey): Hours {
  if (!location?.opens_at || !location.closes_at) return DEFAULT_HOURS;
  return { opens: minutesOfClock(location.opens_at), closes: minutesOfClock(location.closes_at) };
}
