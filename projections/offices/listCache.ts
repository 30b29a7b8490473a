import type { Pool } from '../../events/store/types';
import type { Actor } from '../../shared/domain/access';
import type { Office } from '../../shared/schemas/offices';
import { createRowCache, type RowCache } from '../rowCache';
import { officesProjection } from './projection';
import { allOffices, compareOffices, officeFilter } from './queries';

export interface OfficeList {
  /** GET /api/offices as JSON text: the same rows, in the same order, as listOffices. */
  json(actor: Actor, location?: string): Promise<string>;
  stop(): Promise<void>;
}

/** The office list served from memory: the largest list of the product, read on every screen load. */
export async function createOfficeList(sql: Pool, onError: (error: unknown) => void): Promise<OfficeList> {
  const cache: RowCache<Office> = await createRowCache(sql, officesProjection.live!, allOffices, compareOffices, onError);
  return {
    async json(actor, location) {
      await cache.current();
      const { key, keep } = officeFilter(actor, location);
      return cache.json(key, keep);
    },
    stop: () => cache.stop(),
  };
}
