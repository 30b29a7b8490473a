import { DRAG_EXPIRES_MS, DRAG_INTERVAL_MS, type DragAnnouncement, type DragMessage } from '@shared/realtime';
import type { DealStage } from '@shared/domain/deals';
import { atom } from '../state/jotai';

/** Someone else dragging a deal right now: who, over which column, last heard of when. */
export interface OtherDrag {
  user_id: string;
  name: string;
  stage: DealStage;
  at: number;
}

/** Other people's drags by deal id. */
export type Drags = Readonly<Record<string, OtherDrag>>;

export const dragsAtom = atom<Drags>({});

/** The drags after `message`: a new place, or the deal let go. Pure. */
export function applyDrag(drags: Drags, message: DragMessage, now: number): Drags {
  const rest = pruneDrags(drags, now);
  const current = rest[message.deal_id];
  if (message.stage === null) {
    if (current?.user_id !== message.user_id) return rest;
    const { [message.deal_id]: _gone, ...others } = rest;
    return others;
  }
  return { ...rest, [message.deal_id]: { user_id: message.user_id, name: message.name, stage: message.stage, at: now } };
}

/** Drops drags not heard of for DRAG_EXPIRES_MS (their tab went away without letting go). Pure. */
export function pruneDrags(drags: Drags, now: number): Drags {
  const stale = Object.keys(drags).filter((id) => now - drags[id]!.at >= DRAG_EXPIRES_MS);
  if (stale.length === 0) return drags;
  const next = { ...drags };
  for (const id of stale) delete next[id];
  return next;
}

/**
 * Sends this tab's drag at most every DRAG_INTERVAL_MS: the first update at once, then the
 * latest one when the interval is up. Letting go is sent at once and cancels a pending update.
 */
export function createDragSender<A extends object = DragAnnouncement>(
  emit: (announcement: A) => void,
  interval = DRAG_INTERVAL_MS,
  /** Whether an announcement lets go (the deal board's: no deal). */
  letsGo: (announcement: A) => boolean = (announcement) => (announcement as DragAnnouncement).deal_id === null,
) {
  let lastSent = -Infinity;
  let pending: A | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: string | null = null;

  const flush = () => {
    timer = null;
    if (!pending) return;
    const next = pending;
    pending = null;
    lastSent = Date.now();
    emit(next);
  };

  return (announcement: A) => {
    const key = JSON.stringify(announcement);
    if (key === last) return;
    last = key;
    if (letsGo(announcement)) {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      lastSent = -Infinity;
      emit(announcement);
      return;
    }
    pending = announcement;
    const wait = lastSent + interval - Date.now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  };
}
