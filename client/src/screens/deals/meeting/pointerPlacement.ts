import { DEAL_STAGES, type DealStage } from '@shared/domain/deals';
import { MEETING_HIDDEN_CARD_Y, type MeetingPointer } from '@shared/realtime';

/** A box on screen (a DOMRect's parts). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5);
/** Four decimals: a ten-thousandth of a card is finer than any screen, and the message stays short. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Where a point is in `box`, as fractions of its width and height (0..1, clamped). Pure. */
export function fractionIn(box: Box, clientX: number, clientY: number): { x: number; y: number } {
  return {
    x: round(clamp(box.width > 0 ? (clientX - box.left) / box.width : 0.5)),
    y: round(clamp(box.height > 0 ? (clientY - box.top) / box.height : 0.5)),
  };
}

/** The point at fractions (x, y) of `box`, relative to `layer`'s top left corner. Pure. */
export function pointIn(box: Box, layer: Box, x: number, y: number): { left: number; top: number } {
  return { left: box.left - layer.left + x * box.width, top: box.top - layer.top + y * box.height };
}

const isStage = (value: string | undefined): value is DealStage => !!value && (DEAL_STAGES as readonly string[]).includes(value);

/**
 * The pointer over `target` (an element of the board) at (clientX, clientY): over a card, that
 * card of its column; between cards, the column; outside any column, none.
 */
export function pointerOver(target: Element | null, clientX: number, clientY: number): MeetingPointer | null {
  const column = target?.closest<HTMLElement>('[data-testid="deal-column"]');
  const stage = column?.dataset.stage;
  if (!column || !isStage(stage)) return null;
  const card = target?.closest<HTMLElement>('[data-deal-id]');
  const over = card && column.contains(card) ? card : column;
  return { stage, card_id: over === card ? (card.dataset.dealId ?? null) : null, ...fractionIn(over.getBoundingClientRect(), clientX, clientY) };
}

/**
 * Where `pointer` is in `root`'s board, relative to `layer`: on its card when this board shows it,
 * else on its column (a card filtered out, scrolled out of a long column, or not the user's to
 * see); null when the column is not shown either.
 */
export function pointerPosition(root: ParentNode, layer: Box, pointer: MeetingPointer): { left: number; top: number } | null {
  const column = root.querySelector<HTMLElement>(`[data-testid="deal-column"][data-stage="${pointer.stage}"]`);
  if (!column) return null;
  const card = pointer.card_id ? column.querySelector<HTMLElement>(`[data-deal-id="${CSS.escape(pointer.card_id)}"]`) : null;
  if (card) return pointIn(card.getBoundingClientRect(), layer, pointer.x, pointer.y);
  // A card this board does not show: near the column's top, where the cards begin.
  return pointIn(column.getBoundingClientRect(), layer, pointer.x, pointer.card_id ? MEETING_HIDDEN_CARD_Y : pointer.y);
}

/** The card nearest the middle of the viewport among `cards`, or null when none is on screen. Pure over the boxes. */
export function cardInView(cards: { id: string; box: Box }[], viewport: { width: number; height: number }): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const { id, box } of cards) {
    const onScreen = box.top < viewport.height && box.top + box.height > 0 && box.left < viewport.width && box.left + box.width > 0;
    if (!onScreen) continue;
    const dx = box.left + box.width / 2 - viewport.width / 2;
    const dy = box.top + box.height / 2 - viewport.height / 2;
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = id;
    }
  }
  return best;
}
