import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { reasonOf } from '../../../lib/errorText';
import type { Box } from './floorGeometry';
import { floorPlanApi } from './floorPlanApi';
import type { FloorPlacement, FloorPlan } from './floorPlanTypes';

export type PlanStatus = 'loading' | 'ready' | 'error';

/** One step the user can undo: the office's placement before it (null: it was not placed). */
interface UndoStep {
  officeId: string;
  before: FloorPlacement | null;
}

export interface FloorPlanState {
  status: PlanStatus;
  error: unknown;
  plan: FloorPlan | null;
  /** The placements now, by office id (the user's own changes shown at once). */
  placements: Readonly<Record<string, FloorPlacement>>;
  retry: () => void;
  /** Places or moves an office (undoable). */
  place: (officeId: string, number: string, box: Box) => Promise<void>;
  /** Takes an office off the plan (undoable). */
  unplace: (officeId: string) => Promise<void>;
  canUndo: boolean;
  undo: () => Promise<void>;
  /** Loads the plan again (after a background change, an automatic layout). */
  reload: () => void;
}

const byOffice = (placements: readonly FloorPlacement[]) => Object.fromEntries(placements.map((p) => [p.office_id, p]));

/**
 * One floor's plan: loaded from GET /api/floor-plans (as of a day when `asOf` is set), with the
 * placement commands. A write shows at once, sends the placement's version, and on a refusal
 * puts the placement back and says why (a 409 names who changed it).
 */
export function useFloorPlan(locationId: string | null, floor: number | null, asOf: string | null): FloorPlanState {
  const [attempt, setAttempt] = useState(0);
  const key = `${locationId}:${floor}:${asOf ?? ''}`;
  const load = `${key}#${attempt}`;
  const [state, setState] = useState<{ status: PlanStatus; error: unknown; plan: FloorPlan | null; load: string; key: string }>({ status: 'loading', error: null, plan: null, load: '', key: '' });
  const [placed, setPlaced] = useState<{ key: string; byOffice: Record<string, FloorPlacement> }>({ key: '', byOffice: {} });
  // Another floor, another day: nothing to undo there.
  const [undoSteps, setUndoSteps] = useState<{ key: string; steps: UndoStep[] }>({ key: '', steps: [] });
  const steps = undoSteps.key === key ? undoSteps.steps : NO_STEPS;
  const placements = placed.key === key ? placed.byOffice : NO_PLACEMENTS;
  const current = useRef(placements);
  useEffect(() => {
    current.current = placements;
  }, [placements]);

  useEffect(() => {
    if (!locationId || floor === null) return;
    const abort = new AbortController();
    floorPlanApi.plan({ location: locationId, floor, ...(asOf ? { as_of: asOf } : {}) }, abort.signal).then(
      (plan) => {
        setState({ status: 'ready', error: null, plan, load, key });
        setPlaced({ key, byOffice: byOffice(plan.placements) });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', error, plan: null, load, key });
      },
    );
    return () => abort.abort();
  }, [load]); // eslint-disable-line react-hooks/exhaustive-deps -- `load` names what the load depends on

  const setPlacements = useCallback((change: (all: Record<string, FloorPlacement>) => Record<string, FloorPlacement>) => setPlaced((p) => (p.key === key ? { key, byOffice: change(p.byOffice) } : p)), [key]);
  const pushStep = useCallback((step: UndoStep) => setUndoSteps((u) => ({ key, steps: [...(u.key === key ? u.steps : []), step] })), [key]);

  const write = useCallback(
    async (officeId: string, number: string, box: Box | null): Promise<boolean> => {
      if (!locationId || floor === null) return false;
      const before = current.current[officeId] ?? null;
      const guess: FloorPlacement | null = box
        ? { ...(before ?? { office_id: officeId, office_number: number, status: 'VACANT', member_name: null, lease_end: null, desks: 0, version: 0 }), x: box.x, y: box.y, width: box.width, height: box.height }
        : null;
      setPlacements((all) => withPlacement(all, officeId, guess));
      try {
        if (guess) {
          const saved = await floorPlanApi.place(locationId, floor, officeId, guess, before ? { version: before.version } : undefined);
          setPlacements((all) => (all[officeId] === guess ? withPlacement(all, officeId, { ...guess, ...saved }) : all));
        } else {
          await floorPlanApi.unplace(locationId, floor, officeId, before ? { version: before.version } : undefined);
        }
        return true;
      } catch (error) {
        setPlacements((all) => (all[officeId] === guess || (!guess && !all[officeId]) ? withPlacement(all, officeId, before) : all));
        toast.error(error instanceof ApiError && error.status === 409 ? error.message : `Failed to save the floor plan: ${reasonOf(error)}`);
        return false;
      }
    },
    [locationId, floor, setPlacements],
  );

  const place = useCallback(
    async (officeId: string, number: string, box: Box) => {
      const before = current.current[officeId] ?? null;
      if (await write(officeId, number, box)) pushStep({ officeId, before });
    },
    [write, pushStep],
  );
  const unplace = useCallback(
    async (officeId: string) => {
      const before = current.current[officeId] ?? null;
      if (!before) return;
      if (await write(officeId, before.office_number, null)) pushStep({ officeId, before });
    },
    [write, pushStep],
  );
  const undo = useCallback(async () => {
    const step = steps[steps.length - 1];
    if (!step) return;
    setUndoSteps((u) => (u.key === key ? { key, steps: u.steps.slice(0, -1) } : u));
    const number = step.before?.office_number ?? current.current[step.officeId]?.office_number ?? '';
    await write(step.officeId, number, step.before);
  }, [steps, key, write]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A reload keeps the plan it had on screen until the new answer arrives; another floor does not.
  const shown = state.load === load ? state : state.key === key ? { ...state, status: 'loading' as const } : { status: 'loading' as const, error: null, plan: null };
  return { status: shown.status, error: shown.error, plan: shown.plan, placements, retry, place, unplace, canUndo: steps.length > 0, undo, reload: retry };
}

const NO_STEPS: UndoStep[] = [];
const NO_PLACEMENTS: Record<string, FloorPlacement> = {};

function withPlacement(all: Record<string, FloorPlacement>, officeId: string, placement: FloorPlacement | null): Record<string, FloorPlacement> {
  if (placement) return { ...all, [officeId]: placement };
  const { [officeId]: _gone, ...rest } = all;
  return rest;
}
