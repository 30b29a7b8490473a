import { useEffect, useState } from 'react';
import type { FloorList } from '@shared/schemas/floorPlans';
import { floorPlanApi } from './floorPlanApi';

/**
 * The floors of a location for the picker (GET /api/floor-plans/floors: those it lists and those
 * its offices are on); the location's own list until the answer arrives, or if it fails.
 */
export function useFloors(locationId: string | null, listed: readonly number[]): { floors: number[]; summary: FloorList | null } {
  const [answer, setAnswer] = useState<FloorList | null>(null);
  useEffect(() => {
    if (!locationId) return;
    const abort = new AbortController();
    floorPlanApi.floors(locationId, abort.signal).then(setAnswer, () => undefined);
    return () => abort.abort();
  }, [locationId]);
  const summary = answer && answer.location_id === locationId ? answer : null;
  const floors = summary ? summary.floors.map((f) => f.floor) : [...listed].sort((a, b) => a - b);
  return { floors, summary };
}
