import { useCallback, useEffect, useState } from 'react';
import type { FloorPlan } from '@shared/schemas/floorPlans';
import { floorPlanApi } from './floorPlanApi';
import type { FloorPlanState, PlanStatus } from './floorPlanState';

const noTouch = () => undefined;

/** A floor as it stood at the end of a past day (GET with as_of): read-only, not live. */
export function usePastFloorPlan(locationId: string, floor: number, day: string): FloorPlanState {
  const [attempt, setAttempt] = useState(0);
  const load = `${locationId}:${floor}:${day}#${attempt}`;
  const [state, setState] = useState<{ status: PlanStatus; error: unknown; plan: FloorPlan | null; load: string }>({ status: 'loading', error: null, plan: null, load: '' });
  useEffect(() => {
    const abort = new AbortController();
    floorPlanApi.plan({ location: locationId, floor, as_of: day }, abort.signal).then(
      (plan) => setState({ status: 'ready', error: null, plan, load }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error, plan: null, load });
      },
    );
    return () => abort.abort();
  }, [load]); // eslint-disable-line react-hooks/exhaustive-deps -- `load` names what the load depends on
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const shown = state.load === load ? state : { status: 'loading' as const, error: null, plan: null };
  return { ...shown, retry, placements: shown.plan?.placements ?? [], background: shown.plan?.background ?? null, touchOf: noTouch, edit: null };
}
