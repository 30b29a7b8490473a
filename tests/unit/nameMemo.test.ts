import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/store/types';
import { createNameMemo } from '../../projections/engine/nameMemo';

/** Users' names as the table holds them, each load counted and held until the test lets it finish. */
function countedUsers(table: Record<string, string>) {
  const loads: { ids: string[]; finish: () => void }[] = [];
  const memo = createNameMemo(
    (ids) =>
      new Promise((resolve) => {
        const snapshot = new Map(ids.filter((id) => id in table).map((id) => [id, table[id]!]));
        loads.push({ ids, finish: () => resolve(snapshot) });
      }),
  );
  /** Lets every load so far finish, then what `names` answered. */
  const settle = async <T>(answer: Promise<T>) => {
    await Promise.resolve();
    for (const load of loads) load.finish();
    return answer;
  };
  return { memo, loads, settle };
}

const event = (stream_type: string) => ({ stream_type }) as StoredEvent;

describe("the pushed changes' names of who made them", () => {
  it('given names loaded for one push, when the next push names the same users, then it loads nothing', async () => {
    const users = countedUsers({ ada: 'Ada', bo: 'Bo' });
    expect(await users.settle(users.memo.names(['ada', 'bo', 'ada']))).toEqual(new Map([['ada', 'Ada'], ['bo', 'Bo']]));
    expect(await users.settle(users.memo.names(['bo', 'ada']))).toEqual(new Map([['bo', 'Bo'], ['ada', 'Ada']]));
    expect(users.loads.map((load) => load.ids)).toEqual([['ada', 'bo']]);
  });

  it('given a known name, when a batch with an event of a user stream is seen, then the names are loaded again', async () => {
    const table = { ada: 'Ada' };
    const users = countedUsers(table);
    await users.settle(users.memo.names(['ada']));
    table.ada = 'Ada Lovelace';
    users.memo.saw([event('location'), event('user')]);
    expect(await users.settle(users.memo.names(['ada']))).toEqual(new Map([['ada', 'Ada Lovelace']]));
    expect(users.loads).toHaveLength(2);
  });

  it('given batches without user events, then what is known stays known', async () => {
    const users = countedUsers({ ada: 'Ada' });
    await users.settle(users.memo.names(['ada']));
    users.memo.saw([event('location'), event('deal')]);
    await users.settle(users.memo.names(['ada']));
    expect(users.loads).toHaveLength(1);
  });

  it('given a load under way, when a user event is seen before it ends, then its names answer it but are not kept', async () => {
    const table = { ada: 'Ada' };
    const users = countedUsers(table);
    const overlapped = users.memo.names(['ada']);
    await Promise.resolve();
    table.ada = 'Ada Lovelace';
    users.memo.saw([event('user')]);
    expect(await users.settle(overlapped)).toEqual(new Map([['ada', 'Ada']]));
    expect(await users.settle(users.memo.names(['ada']))).toEqual(new Map([['ada', 'Ada Lovelace']]));
    expect(users.loads).toHaveLength(2);
  });

  it('given ids that are no user, then they are left out', async () => {
    const users = countedUsers({ ada: 'Ada' });
    expect(await users.settle(users.memo.names(['system', 'ada']))).toEqual(new Map([['ada', 'Ada']]));
  });
});
