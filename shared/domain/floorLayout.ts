/** A box on a floor plan, in fractions of the plan (0..1). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The margin around and between boxes laid out automatically, as a fraction of the plan. */
const GAP = 0.02;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** Below this much free height under the boxes already placed, new rows use the whole plan (overlaps are allowed). */
const LEAST_BAND = 0.2;

/**
 * Boxes for `count` offices in rows, left to right and top to bottom, in the order given (by
 * number): `perRow` across (by default as square a grid as the count allows), every box the same
 * size, all inside the plan, in the band below `placed` (the boxes already on it) when there is
 * room. Pure: the server's "lay out automatically" places offices with it.
 */
export function rowLayout(count: number, perRow?: number, placed: readonly Box[] = []): Box[] {
  if (count <= 0) return [];
  const bottom = placed.reduce((lowest, box) => Math.max(lowest, box.y + box.height), 0);
  const top = 1 - bottom >= LEAST_BAND ? bottom : 0;
  const across = Math.max(1, Math.min(count, perRow ?? Math.ceil(Math.sqrt(count))));
  const rows = Math.ceil(count / across);
  const width = (1 - GAP * (across + 1)) / across;
  const height = Math.min((1 - top - GAP * (rows + 1)) / rows, width * 1.5);
  return Array.from({ length: count }, (_, i) => {
    const column = i % across;
    const row = Math.floor(i / across);
    return {
      x: round(GAP + column * (width + GAP)),
      y: round(top + GAP + row * (height + GAP)),
      width: Math.floor(width * 10_000) / 10_000,
      height: Math.floor(height * 10_000) / 10_000,
    };
  });
}
