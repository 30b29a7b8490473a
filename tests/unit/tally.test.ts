import { describe, expect, it } from 'vitest';
import type { BriefEvent } from '../../events/store/types';
import { foldDeclared } from '../../projections/engine/declaredFold';
import { MemoryTables } from '../../projections/engine/memoryTables';
import { addCounts, declareModel, evolveEvent, tallied, type Pair, type RowStore } from '../../projections/engine/readModel';

/**
 * Sums kept over another read model's rows (`tallies`): what a changed row added before is taken
 * off and what it adds after is put on; a sum row of zeros is no row.
 */
type Ev = { type: string; data: Record<string, unknown> };
const rooms = declareModel<Ev>({
  name: 'tally_rooms',
  version: 1,
  ddl: '',
  table: 'tally_rooms',
  evolve: {
    RoomOpened: { create: ({ data }) => ({ id: data.id, site: data.site, state: 'free' }) },
    RoomTaken: (row) => ({ ...row, state: 'taken' }),
    RoomMoved: (row, { data }) => ({ ...row, site: data.site }),
    RoomRenamed: (row, { data }) => ({ ...row, name: data.name }),
  },
});
const sites = declareModel<Ev>({
  name: 'tally_sites',
  version: 1,
  ddl: '',
  table: 'tally_sites',
  stamps: false,
  keyType: 'text',
  evolve: {},
  tallies: [{ model: 'tally_rooms', into: (r) => ({ id: r.site, site: r.site }), count: (r) => ({ rooms: 1, taken: r.state === 'taken' ? 1 : 0 }) }],
});

let position = 0;
const event = (id: string, type: string, data: Record<string, unknown> = {}): BriefEvent => ({
  stream_id: `room-${id}`,
  stream_type: 'room',
  version: ++position,
  type,
  data,
  metadata: { at: '2026-11-27T09:00:00.000Z', user_id: 'u1' },
});
const R1 = '00000000-0000-4000-8000-000000000001';
const R2 = '00000000-0000-4000-8000-000000000002';

function folded(...events: BriefEvent[]) {
  const tables = new MemoryTables();
  for (const e of events) for (const model of [rooms, sites]) foldDeclared(model, tables, e);
  return [...tables.table('tally_sites').rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

describe('a read model of sums over another', () => {
  it('given rooms opened and one taken, when folded, then each site sums its rooms', () => {
    expect(folded(event(R1, 'RoomOpened', { id: R1, site: 'a' }), event(R2, 'RoomOpened', { id: R2, site: 'a' }), event(R2, 'RoomTaken'))).toEqual([
      { id: 'a', site: 'a', rooms: 2, taken: 1 },
    ]);
  });

  it('given a room moved to another site, when folded, then it leaves the first sum and joins the second, and a sum of zeros goes', () => {
    expect(folded(event(R1, 'RoomOpened', { id: R1, site: 'a' }), event(R1, 'RoomTaken'), event(R1, 'RoomMoved', { site: 'b' }))).toEqual([
      { id: 'b', site: 'b', rooms: 1, taken: 1 },
    ]);
  });

  it('given a change no count reads, when tallied, then no sum changes', () => {
    const renamed: Pair = { before: { id: R1, site: 'a', state: 'free' }, after: { id: R1, site: 'a', state: 'free', name: 'Blue' } };
    expect(tallied(sites.tallies, new Map([['tally_rooms', [renamed]]])).size).toBe(0);
  });

  it('given a store that adds without reading (a command), when evolved, then it is handed the difference alone', () => {
    const added: [unknown, Record<string, number>][] = [];
    const store: RowStore = { get: () => null, where: () => [], put: () => undefined, touch: () => undefined, add: (key, counts) => added.push([key, counts]) };
    const taken = event(R1, 'RoomTaken');
    const roomRows: RowStore = {
      get: () => ({ id: R1, site: 'a', state: 'free' }),
      where: () => [],
      put: () => undefined,
      touch: () => undefined,
    };
    evolveEvent([sites, rooms], (model) => (model === sites ? store : roomRows), taken);
    expect(added).toEqual([[{ id: 'a', site: 'a' }, { rooms: 0, taken: 1 }]]);
  });

  it('adds counts to a row or to its key, and gives null when every count is zero', () => {
    expect(addCounts(null, { id: 'a', day: null }, { rooms: 1 })).toEqual({ id: 'a', day: null, rooms: 1 });
    expect(addCounts({ id: 'a', rooms: 2, taken: 1 }, { id: 'a' }, { taken: -1 })).toEqual({ id: 'a', rooms: 2, taken: 0 });
    expect(addCounts({ id: 'a', rooms: 1, taken: 1 }, { id: 'a' }, { rooms: -1, taken: -1 })).toBeNull();
  });

  it('refuses evolvers of its own beside its sums', () => {
    expect(() =>
      declareModel<Ev>({ name: 'tally_bad', version: 1, ddl: '', table: 'tally_bad', evolve: { RoomOpened: { create: () => ({}) } }, tallies: sites.tallies }),
    ).toThrow(/no evolvers/);
  });
});
