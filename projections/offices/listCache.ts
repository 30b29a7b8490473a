import type { Pool } from '../../events/store/types';
import type { Actor } from '@shared/domain/access';
import type { Office } from '@shared/schemas/offices';
import type { ChangeFeed } from '../engine/changeFeed';
import { createRowCache } from '../engine/rowCache';
import { allOffices, compareOffices, officeFilter } from './queries';

export interface OfficeList {
  /** GET /api/offices as JSON text: the same rows, in the same order, as listOffices. */
  json(actor: Actor, location?: string): Promise<string>;
}

/** The office list served from memory: the largest list of the product, read on every screen load. */
export async function createOfficeList(sql: Pool, feed: ChangeFeed): Promise<OfficeList> {
  const cache = await createRowCache<Office>(sql, feed, 'offices', allOffices, compareOffices);
  return {
    async json(actor, location) {
      await cache.current();
      const { key, keep } = officeFilter(actor, location);
      return cache.json(key, keep);
    },
  };
}
