import type { Box } from './floorGeometry';

export type Direction = 'left' | 'right' | 'up' | 'down';

export const ARROW_DIRECTION: Readonly<Record<string, Direction>> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

interface Item extends Box {
  id: string;
}

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/**
 * The office an arrow key moves to from `fromId`: the nearest one whose centre lies that way,
 * straying sideways counting double (so Right keeps to the row). Null at the edge.
 */
export function nextInDirection(items: readonly Item[], fromId: string, direction: Direction): string | null {
  const from = items.find((i) => i.id === fromId);
  if (!from) return items[0]?.id ?? null;
  const a = centre(from);
  // Offices within 45° of the arrow come first; only when there are none, any that way at all.
  let best: { id: string; score: number } | null = null;
  let loose: { id: string; score: number } | null = null;
  for (const item of items) {
    if (item.id === fromId) continue;
    const b = centre(item);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const ahead = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    const aside = direction === 'left' || direction === 'right' ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 1e-9) continue;
    const score = ahead + 2 * aside;
    const better = (held: { id: string; score: number } | null) => !held || score < held.score || (score === held.score && item.id < held.id);
    if (aside <= ahead) {
      if (better(best)) best = { id: item.id, score };
    } else if (better(loose)) loose = { id: item.id, score };
  }
  return (best ?? loose)?.id ?? null;
}

/** Reading order of the plan (rows top to bottom, then left to right), for Home/End and the list beside it. */
export function readingOrder<T extends Box>(items: readonly T[]): T[] {
  return [...items].sort((p, q) => {
    const rowP = Math.round(centre(p).y * 20);
    const rowQ = Math.round(centre(q).y * 20);
    return rowP - rowQ || p.x - q.x;
  });
}
