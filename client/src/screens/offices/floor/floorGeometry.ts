/**
 * Placements are fractions (0..1) of the plan, so any background size fits: pure arithmetic
 * between those fractions, the plan's pixels and the snapping grid.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The grid placements snap to: 40 steps across and down the plan. */
export const GRID_STEPS = 40;
export const GRID = 1 / GRID_STEPS;
/** The smallest office on the plan, in grid steps, so a shape always has room for its number. */
export const MIN_SIZE = 2 * GRID;
/** A newly placed office's size. */
export const NEW_SIZE = { width: 4 * GRID, height: 4 * GRID };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** Fractions rounded to 6 places, so snapping never leaves 0.30000000000000004 behind. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

/** The nearest grid line. */
export function snap(value: number, step: number = GRID): number {
  return tidy(Math.round(value / step) * step);
}

/** A box snapped to the grid, at least MIN_SIZE, and wholly on the plan. */
export function snapBox(box: Box, step: number = GRID): Box {
  const width = clamp(snap(box.width, step), MIN_SIZE, 1);
  const height = clamp(snap(box.height, step), MIN_SIZE, 1);
  return { x: tidy(clamp(snap(box.x, step), 0, 1 - width)), y: tidy(clamp(snap(box.y, step), 0, 1 - height)), width, height };
}

/** A distance in pixels on a plan `size` pixels long, as a fraction of it. */
export function toFraction(pixels: number, size: number): number {
  return size > 0 ? pixels / size : 0;
}

/** A box moved by a drag of (dx, dy) pixels on a plan of `plan` pixels, snapped. */
export function movedBox(box: Box, dx: number, dy: number, plan: { width: number; height: number }): Box {
  return snapBox({ ...box, x: box.x + toFraction(dx, plan.width), y: box.y + toFraction(dy, plan.height) });
}

/** A box whose bottom-right corner was dragged by (dx, dy) pixels, snapped. */
export function resizedBox(box: Box, dx: number, dy: number, plan: { width: number; height: number }): Box {
  const width = tidy(clamp(snap(box.width + toFraction(dx, plan.width)), MIN_SIZE, 1 - box.x));
  const height = tidy(clamp(snap(box.height + toFraction(dy, plan.height)), MIN_SIZE, 1 - box.y));
  return { ...box, width, height };
}

/** Where a new office lands when dropped with its top-left corner at (left, top) in page pixels over the plan's rectangle. */
export function droppedBox(left: number, top: number, plan: { left: number; top: number; width: number; height: number }): Box {
  return snapBox({ x: toFraction(left - plan.left, plan.width), y: toFraction(top - plan.top, plan.height), ...NEW_SIZE });
}

export function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** A box as CSS percentages of the plan. */
export function boxStyle(box: Box) {
  return { left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` };
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The first place, reading the plan in rows of grid steps, where a new office of NEW_SIZE
 * overlaps none already placed; the top-left corner when the plan is full (overlaps are allowed).
 */
export function freeSpot(placed: readonly Box[]): Box {
  const { width, height } = NEW_SIZE;
  for (let row = 0; row + height <= 1 + 1e-9; row = snap(row + GRID)) {
    for (let column = 0; column + width <= 1 + 1e-9; column = snap(column + GRID)) {
      const box = { x: column, y: row, width, height };
      if (!placed.some((p) => overlaps(p, box))) return box;
    }
  }
  return { x: 0, y: 0, width, height };
}
