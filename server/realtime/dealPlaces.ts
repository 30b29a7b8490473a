import type { DealStage } from '@shared/domain/deals';
import type { ChangeMessage } from '@shared/realtime';

/** Where a deal is and its column: what the drag relay needs to know before passing a drag on. */
export interface DealPlace {
  location_id: string;
  stage: DealStage;
}

export interface DealPlaces {
  /** The deal's place, or null when there is no such deal: from memory, else one read. */
  locate(dealId: string): Promise<DealPlace | null>;
  /** The log's changes: deals held here take their new place (or their removal). */
  heard(message: ChangeMessage): void;
}

/** Deals held at most; past it the longest held goes (a drag of it just reads it again). */
const MAX_DEALS = 10_000;

/**
 * The places of the deals being dragged, kept in memory and current by the change feed, so
 * passing a drag on never reads the database: a drag of a deal not held reads it once, and
 * every later drag of it (10 a second, back and forth between cards) finds it here. A read
 * that a change overtook is not kept: the change said more recently where the deal is.
 */
export function createDealPlaces(read: (dealId: string) => Promise<DealPlace | null>, max = MAX_DEALS): DealPlaces {
  const places = new Map<string, DealPlace | null>();
  /** Reads under way, shared by the drags that ask for the same deal meanwhile. */
  const reading = new Map<string, Promise<DealPlace | null>>();
  /** Deals changed while a read of them was under way. */
  const overtaken = new Set<string>();

  function keep(dealId: string, place: DealPlace | null) {
    places.delete(dealId);
    places.set(dealId, place);
    if (places.size > max) places.delete(places.keys().next().value!);
  }

  return {
    locate(dealId) {
      if (places.has(dealId)) return Promise.resolve(places.get(dealId)!);
      let pending = reading.get(dealId);
      if (!pending) {
        overtaken.delete(dealId);
        pending = read(dealId)
          .then((place) => {
            if (!overtaken.has(dealId)) keep(dealId, place);
            return place;
          })
          .finally(() => {
            reading.delete(dealId);
            overtaken.delete(dealId);
          });
        reading.set(dealId, pending);
      }
      return pending;
    },
    heard(message) {
      for (const change of message.changes) {
        if (change.entity !== 'deals') continue;
        if (reading.has(change.id)) overtaken.add(change.id);
        if (!places.has(change.id)) continue;
        const row = change.row;
        keep(change.id, row ? { location_id: row.location_id, stage: row.stage } : null);
      }
    },
  };
}
