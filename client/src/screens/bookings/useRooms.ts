import { useCallback, useEffect, useState } from 'react';
import type { Room } from '@shared/schemas/bookings';
import { endpoints } from '../../api/endpoints';
import { useAtomValue } from '../../state/jotai';
import { officesAtom } from '../offices/atoms';

export interface Rooms {
  status: 'loading' | 'ready' | 'error';
  rows: Room[];
  error: unknown;
  retry: () => void;
}

/**
 * A location's meeting rooms in number order. Rooms are offices, so the list loads again when an
 * office changes live (one renamed, one turned into a meeting room).
 */
export function useRooms(locationName: string, locationId: string): Rooms {
  const [state, setState] = useState<Omit<Rooms, 'retry'>>({ status: 'loading', rows: [], error: null });
  const [attempt, setAttempt] = useState(0);
  const offices = useAtomValue(officesAtom);
  const officesHere = Object.values(offices.byId).filter((o) => o.location_id === locationId).length;
  useEffect(() => {
    let cancelled = false;
    endpoints.rooms(locationName).then(
      (rows) => {
        if (!cancelled) setState({ status: 'ready', rows: rows.filter((r) => r.location_id === locationId).sort((a, b) => a.office_number.localeCompare(b.office_number, undefined, { numeric: true })), error: null });
      },
      (error: unknown) => {
        if (!cancelled) setState((s) => ({ ...s, status: 'error', error }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [locationName, locationId, attempt, officesHere]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
