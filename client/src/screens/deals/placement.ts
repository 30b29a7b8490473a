/**
 * Where a dragged card goes, as data: moving it within and between columns (the keyboard's
 * arrows), the neighbours the server is told about, and the words the live region says. Pure.
 */
import { DEAL_STAGES, DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import type { Columns } from './boardModel';

export interface Place {
  stage: DealStage;
  /** The card's index in its column (0 = top). */
  index: number;
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

export function findPlace(columns: Columns, id: string): Place | null {
  for (const stage of DEAL_STAGES) {
    const index = columns[stage].indexOf(id);
    if (index >= 0) return { stage, index };
  }
  return null;
}

/** The columns with `id` taken out of wherever it is and put at `place` (index clamped). */
export function moveTo(columns: Columns, id: string, place: Place): Columns {
  const next = { ...columns };
  for (const stage of DEAL_STAGES) if (columns[stage].includes(id)) next[stage] = columns[stage].filter((x) => x !== id);
  const target = [...next[place.stage]];
  target.splice(Math.max(0, Math.min(place.index, target.length)), 0, id);
  next[place.stage] = target;
  return next;
}

/**
 * Where an arrow key takes the card: left and right to the neighbouring stage at the same height
 * (or the column's end when it is shorter), up and down one place. Null at an edge.
 */
export function keyboardTarget(columns: Columns, id: string, key: ArrowKey, stages: readonly DealStage[] = DEAL_STAGES): Place | null {
  const here = findPlace(columns, id);
  if (!here) return null;
  if (key === 'ArrowUp') return here.index > 0 ? { stage: here.stage, index: here.index - 1 } : null;
  if (key === 'ArrowDown') return here.index < columns[here.stage].length - 1 ? { stage: here.stage, index: here.index + 1 } : null;
  const at = stages.indexOf(here.stage);
  const stage = stages[at + (key === 'ArrowRight' ? 1 : -1)];
  if (at < 0 || !stage) return null;
  return { stage, index: Math.min(here.index, columns[stage].length) };
}

/** The cards just above and below `id` in its column: what PATCH .../stage names. */
export function neighboursOf(columns: Columns, id: string): { before_id: string | null; after_id: string | null } {
  const here = findPlace(columns, id);
  if (!here) return { before_id: null, after_id: null };
  const column = columns[here.stage];
  return { before_id: column[here.index - 1] ?? null, after_id: column[here.index + 1] ?? null };
}

/** "Tour Booked, position 2 of 5". */
export function placeWords(columns: Columns, place: Place): string {
  return `${DEAL_STAGE_LABELS[place.stage]}, position ${place.index + 1} of ${columns[place.stage].length}`;
}

/** True when the card ended where it started: nothing to send. */
export function samePlace(a: Place | null, b: Place | null): boolean {
  return !!a && !!b && a.stage === b.stage && a.index === b.index;
}
