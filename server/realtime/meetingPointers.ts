/**
 * Holds each socket to one pointer relay per `intervalMs` on average (20 a second), whatever it
 * sends. A socket earns a relay every interval and may keep up to BURST of them, so a tab sending
 * at its 20 Hz with a timer's jitter (one a few ms early) is never held back; anything faster
 * waits, and only its latest pointer goes on when the next relay is earned (the ones between are
 * worth nothing: the pointer has moved on). A browser already throttles itself; this is for one
 * that does not.
 */
export interface PointerSlots<T> {
  /** A socket's pointer: relayed now, or kept (replacing any kept) until its next relay is earned. */
  offer(socketId: string, item: T): void;
  /** The socket left: whatever it kept is dropped. */
  forget(socketId: string): void;
  close(): void;
}

/** Relays a socket may save up: two, so one early by a little still goes at once. */
export const BURST = 2;

interface Slot<T> {
  /** Relays earned and not used, as of `at`. */
  credit: number;
  at: number;
  pending?: T;
  timer?: ReturnType<typeof setTimeout>;
}

export function createPointerSlots<T>({ intervalMs, now, relay }: { intervalMs: number; now: () => number; relay: (item: T) => void }): PointerSlots<T> {
  const slots = new Map<string, Slot<T>>();

  function earn(slot: Slot<T>) {
    const t = now();
    slot.credit = Math.min(BURST, slot.credit + (t - slot.at) / intervalMs);
    slot.at = t;
  }

  function flush(socketId: string) {
    const slot = slots.get(socketId);
    if (!slot) return;
    slot.timer = undefined;
    if (slot.pending === undefined) return;
    earn(slot);
    if (slot.credit < 1) {
      slot.timer = setTimeout(() => flush(socketId), Math.ceil((1 - slot.credit) * intervalMs));
      return;
    }
    slot.credit -= 1;
    const item = slot.pending;
    slot.pending = undefined;
    relay(item);
  }

  return {
    offer(socketId, item) {
      let slot = slots.get(socketId);
      if (!slot) slots.set(socketId, (slot = { credit: BURST, at: now() }));
      slot.pending = item;
      if (!slot.timer) flush(socketId);
    },
    forget(socketId) {
      const slot = slots.get(socketId);
      if (slot) clearTimeout(slot.timer);
      slots.delete(socketId);
    },
    close() {
      for (const slot of slots.values()) clearTimeout(slot.timer);
      slots.clear();
    },
  };
}
