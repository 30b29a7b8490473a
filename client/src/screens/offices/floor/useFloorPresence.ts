import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { FLOOR_SCREEN_PREFIX, screenOf } from '@shared/realtime';
import { live } from '../../../live/connection';

/** The presence key of one floor's plan: everyone on it sees who else is (PresenceBar). */
export const floorScreen = (locationId: string, floor: number) => `${FLOOR_SCREEN_PREFIX}${locationId}/${floor}`;

/**
 * While a floor's plan is open the tab announces that floor rather than the office screen, so
 * presence says who else looks at this floor; leaving it announces the screen again.
 */
export function useFloorPresence(locationId: string | null, floor: number | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!locationId || floor === null) return;
    live.announce(floorScreen(locationId, floor));
    return () => live.announce(screenOf(pathname));
  }, [locationId, floor, pathname]);
}
