import { GRID } from './floorGeometry';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

const STEP: Readonly<Record<string, [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Where a keyboard drag goes on an arrow key: one grid step that way on the plan. A drag that
 * starts off the plan (an office in the unplaced list) jumps onto it first, at its top-left
 * corner, so a keyboard user places an office in a few presses. Undefined for other keys.
 */
export function keyboardStep(code: string, at: { x: number; y: number }, held: Rect | null, plan: Rect): { x: number; y: number } | undefined {
  const step = STEP[code];
  if (!step) return undefined;
  const onPlan = held !== null && held.left >= plan.left - 1 && held.top >= plan.top - 1 && held.left < plan.left + plan.width && held.top < plan.top + plan.height;
  if (!onPlan) return { x: plan.left + plan.width * GRID, y: plan.top + plan.height * GRID };
  return { x: at.x + step[0] * plan.width * GRID, y: at.y + step[1] * plan.height * GRID };
}
