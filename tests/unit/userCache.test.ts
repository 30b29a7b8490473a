import { describe, expect, it } from 'vitest';
import type { Db } from '../../events/store/types';
import { createUserCache } from '../../server/auth/userCache';
import type { User } from '@shared/schemas/auth';

const ID = '5b0c3f1e-8a4f-4d7a-9f57-0d6c2f1b9e01';
const db = {} as Db;
const user = (role: User['role']): User => ({
  id: ID, name: 'Pat', email: 'pat@example.com', role, locations: [], primary_location: 'all', version: 1,
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
});
const userEvent = { stream_type: 'user', stream_id: `user-${ID}` };

/** A loader answering what the read model holds now, counting its reads; `gate` holds a read back. */
function readModel(initial: User | null) {
  const state = { row: initial, reads: 0, gate: null as Promise<void> | null };
  const load = async () => {
    state.reads += 1;
    const row = state.row;
    if (state.gate) await state.gate;
    return row;
  };
  return { state, load };
}

describe('The users kept in memory', () => {
  it('given a user read once, when asked again, then memory answers without a read', async () => {
    const { state, load } = readModel(user('manager'));
    const cache = createUserCache(load);
    await cache.get(db, ID);
    expect((await cache.get(db, ID))?.role).toBe('manager');
    expect(state.reads).toBe(1);
  });

  it('given a kept user, when a user event of theirs is seen, then the next answer is read anew', async () => {
    const { state, load } = readModel(user('manager'));
    const cache = createUserCache(load);
    await cache.get(db, ID);
    state.row = user('viewer');
    cache.forget([userEvent]);
    expect((await cache.get(db, ID))?.role).toBe('viewer');
  });

  it('given another stream\'s event, then the kept user stays', async () => {
    const { state, load } = readModel(user('manager'));
    const cache = createUserCache(load);
    await cache.get(db, ID);
    cache.forget([{ stream_type: 'deal', stream_id: `deal-${ID}` }]);
    await cache.get(db, ID);
    expect(state.reads).toBe(1);
  });

  it('given a read under way, when the user is deleted before it ends, then its answer is not kept', async () => {
    const { state, load } = readModel(user('manager'));
    const cache = createUserCache(load);
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const stale = cache.get(db, ID);
    state.row = null;
    cache.forget([userEvent]);
    open();
    expect((await stale)?.role).toBe('manager');
    state.gate = null;
    expect(await cache.get(db, ID)).toBeNull();
  });

  it('given the feed cannot follow the log, then nothing is kept until it can', async () => {
    const { state, load } = readModel(user('manager'));
    const cache = createUserCache(load);
    await cache.get(db, ID);
    cache.keep(false);
    await cache.get(db, ID);
    await cache.get(db, ID);
    expect(state.reads).toBe(3);
    cache.keep(true);
    await cache.get(db, ID);
    await cache.get(db, ID);
    expect(state.reads).toBe(4);
  });

  it('given a kept user, then it cannot be changed by whoever was handed it', async () => {
    const { load } = readModel(user('manager'));
    const cache = createUserCache(load);
    await cache.get(db, ID);
    const kept = (await cache.get(db, ID))!;
    expect(() => kept.locations.push('x')).toThrow();
  });
});
