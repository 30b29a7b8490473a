import { useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { FloorPlan } from '@shared/schemas/floorPlans';
import { ApiError } from '../../../api/client';
import { sendCommand } from '../../../live/command';
import { rowsOf } from '../../../live/collection';
import { useLiveQuery } from '../../../live/useLiveQuery';
import { reasonOf } from '../../../lib/errorText';
import { appStore, useAtomValue } from '../../../state/jotai';
import { backgroundsAtom, placementsAtom } from './floorAtoms';
import type { Box } from './floorGeometry';
import { floorPlanApi } from './floorPlanApi';
import type { FloorPlanState } from './floorPlanState';

/** One step the user can undo: the office's box before it (null: it was not placed). */
interface UndoStep {
  officeId: string;
  number: string;
  before: Box | null;
}

const NO_STEPS: UndoStep[] = [];
const boxOf = (b: Box): Box => ({ x: b.x, y: b.y, width: b.width, height: b.height });

/** A refusal in words: a 409 names who changed the placement (the command path's message). */
function sayRefusal(error: unknown) {
  toast.error(error instanceof ApiError && error.status === 409 ? error.message : `Failed to save the floor plan: ${reasonOf(error)}`);
}

/**
 * Today's plan of one floor, live: its placements are rows of the `floor_placements` entity
 * cache (loaded by GET /api/floor-plans, kept current by pushes); every write goes through the
 * one command path with the placement's version, so a 409 puts it back and names who moved it.
 */
export function useLiveFloorPlan(locationId: string, floor: number, editable: boolean): FloorPlanState {
  const key = `${locationId}:${floor}`;
  const [answer, setAnswer] = useState<{ key: string; plan: FloorPlan } | null>(null);
  const query = useLiveQuery(
    'floor_placements',
    key,
    async () => {
      const plan = await floorPlanApi.plan({ location: locationId, floor });
      setAnswer({ key, plan });
      return plan.placements;
    },
    (row) => row.location_id === locationId && row.floor === floor,
  );
  const collection = useAtomValue(placementsAtom);
  const backgrounds = useAtomValue(backgroundsAtom);
  const plan = answer?.key === key ? answer.plan : null;
  const placements = useMemo(() => rowsOf(collection).filter((p) => p.location_id === locationId && p.floor === floor), [collection, locationId, floor]);
  // A pushed background row is newer than the answer's; the answer's stands until one arrives.
  const pushedBackground = useMemo(() => rowsOf(backgrounds).find((b) => b.location_id === locationId && b.floor === floor) ?? null, [backgrounds, locationId, floor]);
  const background = pushedBackground ?? plan?.background ?? null;
  // A placement's id is its own, not its office's: the plan speaks of offices.
  const touched = collection.touched;
  const idByOffice = useMemo(() => new Map(placements.map((p) => [p.office_id, p.id])), [placements]);
  const touchOf = useCallback((officeId: string) => {
    const id = idByOffice.get(officeId);
    return id ? touched[id] : undefined;
  }, [idByOffice, touched]);
  /** The office's placement on this floor as the cache holds it now (read at the moment of a write). */
  const placementOf = useCallback(
    (officeId: string) => rowsOf(appStore.get(placementsAtom)).find((p) => p.office_id === officeId && p.location_id === locationId && p.floor === floor),
    [locationId, floor],
  );

  const [undo, setUndo] = useState<{ key: string; steps: UndoStep[] }>({ key, steps: [] });
  const steps = undo.key === key ? undo.steps : NO_STEPS;
  const [busy, setBusy] = useState(false);

  /** Puts the office's box at `box` (null: off the plan) through the command path; true when the server agreed. */
  const write = useCallback(
    async (officeId: string, box: Box | null): Promise<boolean> => {
      const before = placementOf(officeId);
      try {
        if (box) {
          await sendCommand({
            entity: 'floor_placements',
            id: before?.id,
            version: before?.version,
            optimistic: (row) => ({ ...row, ...boxOf(box) }),
            send: (meta) => floorPlanApi.place(locationId, floor, officeId, boxOf(box), meta),
          });
        } else if (before) {
          await sendCommand({ entity: 'floor_placements', id: before.id, version: before.version, deletes: true, send: (meta) => floorPlanApi.unplace(locationId, floor, officeId, meta) });
        }
        return true;
      } catch (error) {
        sayRefusal(error);
        return false;
      }
    },
    [locationId, floor, placementOf],
  );

  const pushStep = useCallback((step: UndoStep) => setUndo((u) => ({ key, steps: [...(u.key === key ? u.steps : []), step] })), [key]);
  const place = useCallback(
    async (officeId: string, number: string, box: Box) => {
      const before = placementOf(officeId);
      if (await write(officeId, box)) pushStep({ officeId, number, before: before ? boxOf(before) : null });
    },
    [write, pushStep, placementOf],
  );
  const unplace = useCallback(
    async (officeId: string) => {
      const before = placementOf(officeId);
      if (before && (await write(officeId, null))) pushStep({ officeId, number: before.office_number, before: boxOf(before) });
    },
    [write, pushStep, placementOf],
  );
  const undoLast = useCallback(async () => {
    const step = steps[steps.length - 1];
    if (!step) return;
    setUndo((u) => (u.key === key ? { key, steps: u.steps.slice(0, -1) } : u));
    if (await write(step.officeId, step.before)) toast.success(`Undone: office ${step.number} is back ${step.before ? 'where it was' : 'off the plan'}`);
  }, [steps, key, write]);

  const run = useCallback(async (what: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await what();
      toast.success(done);
    } catch (error) {
      toast.error(`${failed}: ${reasonOf(error)}`);
    } finally {
      setBusy(false);
    }
  }, []);

  const edit = editable
    ? {
        place,
        unplace,
        canUndo: steps.length > 0,
        undo: undoLast,
        busy,
        layOut: () => run(() => floorPlanApi.layOut(locationId, floor), 'Offices laid out in rows by number', 'Failed to lay out the offices'),
        uploadBackground: (file: File) =>
          run(
            async () => {
              const saved = await floorPlanApi.uploadBackground(locationId, floor, file);
              setAnswer((a) => (a && a.key === key ? { key, plan: { ...a.plan, background: saved } } : a));
            },
            `Background of floor ${floor} saved`,
            'Failed to upload the background',
          ),
        removeBackground: () =>
          run(
            async () => {
              await floorPlanApi.removeBackground(locationId, floor);
              setAnswer((a) => (a && a.key === key ? { key, plan: { ...a.plan, background: null } } : a));
            },
            `Background of floor ${floor} removed`,
            'Failed to remove the background',
          ),
      }
    : null;

  const loading = query.status === 'loading' && !plan;
  return { status: loading ? 'loading' : query.status === 'error' ? 'error' : 'ready', error: query.error, retry: query.retry, plan, placements, background, touchOf, edit };
}
