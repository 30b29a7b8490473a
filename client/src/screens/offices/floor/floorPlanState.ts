import type { FloorPlacement, FloorPlan } from '@shared/schemas/floorPlans';
import type { Touch } from '../../../live/collection';
import type { Box } from './floorGeometry';

export type PlanStatus = 'loading' | 'ready' | 'error';

/** One floor's plan as the board draws it, live or as of a past day. */
export interface FloorPlanState {
  status: PlanStatus;
  error: unknown;
  retry: () => void;
  /** The floor's last answer (its background and unplaced offices), null until it arrives. */
  plan: FloorPlan | null;
  placements: readonly FloorPlacement[];
  background: { url: string; width: number; height: number } | null;
  /** The latest change of a placement seen live, for the "Updated by" mark. */
  touchOf: (officeId: string) => Touch | undefined;
  /** Editing; null on a past day (read-only). */
  edit: PlanEditing | null;
}

export interface PlanEditing {
  place: (officeId: string, number: string, box: Box) => Promise<void>;
  unplace: (officeId: string) => Promise<void>;
  canUndo: boolean;
  undo: () => Promise<void>;
  layOut: () => Promise<void>;
  uploadBackground: (file: File) => Promise<void>;
  removeBackground: () => Promise<void>;
  busy: boolean;
}
