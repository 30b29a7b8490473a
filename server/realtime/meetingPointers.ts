/**
 * Holds each socket to one pointer relay per `intervalMs` (20 a second), whatever it sends: the
 * first at once, then the latest one when the interval is up (the ones between are worth nothing,
 * the pointer has moved on). A browser already throttles itself; this is for one that does not.
 */
export interface PointerSlots<T> {
  /** A socket's pointer: relayed now, or kept (replacing any kept) until its next slot. */
  offer(socketId: string, item: T): void;
  /** The socket left: whatever it kept is dropped. */
  forget(socketId: string): void;
  close(): void;
}

interface Slot<T> {
  usedAt: number;
  pending?: T;
  timer?: ReturnType<typeof setTimeout>;
}

export function createPointerSlots<T>({ intervalMs, now, relay }: { intervalMs: number; now: () => number; relay: (item: T) => void }): PointerSlots<T> {
  const slots = new Map<string, Slot<T>>();

  function flush(socketId: string) {
    const slot = slots.get(socketId);
    if (!slot) return;
    slot.timer = undefined;
    if (slot.pending === undefined) return;
    const item = slot.pending;
    slot.pending = undefined;
    slot.usedAt = now();
    relay(item);
  }

  return {
    offer(socketId, item) {
      let slot = slots.get(socketId);
      if (!slot) slots.set(socketId, (slot = { usedAt: -Infinity }));
      slot.pending = item;
      if (slot.timer) return;
      const wait = slot.usedAt + intervalMs - now();
      if (wait <= 0) flush(socketId);
      else slot.timer = setTimeout(() => flush(socketId), wait);
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
