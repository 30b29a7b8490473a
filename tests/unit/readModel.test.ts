import { describe, expect, it } from 'vitest';
import type { BriefEvent } from '../../events/store/types';
import { foldDeclared } from '../../projections/engine/declaredFold';
import { MemoryTables } from '../../projections/engine/memoryTables';
import { declareModel, touchesOf, type Pair } from '../../projections/engine/readModel';

/**
 * The declaration's engine on plain rows: an evolver's change stamps the row, and the rows that
 * show it (joins) or sum it (figures) are re-stamped only when what they show changed.
 */
type Ev = { type: string; data: Record<string, unknown> };
const places = declareModel<Ev>({
  name: 'test_places',
  version: 1,
  ddl: '',
  table: 'test_places',
  evolve: {
    PlaceOpened: { create: ({ data }) => ({ id: data.id, name: data.name, city: data.city }) },
    PlaceEdited: (row, { data }) => ({ ...row, ...data }),
    PlaceClosed: () => null,
  },
});
const visits = declareModel<Ev>({
  name: 'test_visits',
  version: 1,
  ddl: '',
  table: 'test_visits',
  joins: [{ column: 'place_id', model: 'test_places', shows: ['name'] }],
  evolve: {
    VisitBooked: { create: ({ data }) => ({ id: data.id, place_id: data.place_id, guest_id: data.guest_id }) },
    VisitMoved: (row, { data }) => ({ ...row, guest_id: data.guest_id }),
  },
});
const guests = declareModel<Ev>({
  name: 'test_guests',
  version: 1,
  ddl: '',
  table: 'test_guests',
  figures: [{ model: 'test_visits', by: 'guest_id' }],
  evolve: { GuestAdded: { create: ({ data }) => ({ id: data.id }) } },
});

const tours = declareModel<Ev>({
  name: 'test_tours',
  version: 1,
  ddl: '',
  table: 'test_tours',
  // A tour shows the names of every place it visits.
  joins: [{ column: 'place_ids', model: 'test_places', shows: ['name'], many: true }],
  evolve: { TourPlanned: { create: ({ data }) => ({ id: data.id, place_ids: data.place_ids }) } },
});

let position = 0;
const event = (stream: string, type: string, data: Record<string, unknown>, at = `2026-11-27T09:00:0${position % 10}.000Z`): BriefEvent => ({
  stream_id: stream,
  stream_type: stream.split('-')[0]!,
  version: ++position,
  type,
  data,
  metadata: { at, user_id: 'u1' },
});

const P = '00000000-0000-4000-8000-000000000001';
const V = '00000000-0000-4000-8000-000000000002';
const G1 = '00000000-0000-4000-8000-000000000003';
const G2 = '00000000-0000-4000-8000-000000000004';

function given(...events: BriefEvent[]) {
  const tables = new MemoryTables();
  for (const e of events) for (const model of [places, visits, guests]) foldDeclared(model, tables, e);
  return tables;
}

describe('a declared read model', () => {
  it('given an own event, when folded, then the row takes the event version and time, and created_at once', () => {
    const tables = given(event(`place-${P}`, 'PlaceOpened', { id: P, name: 'Hudson', city: 'NYC' }, '2026-11-27T08:00:00.000Z'));
    const edited = event(`place-${P}`, 'PlaceEdited', { city: 'New York' }, '2026-11-27T08:30:00.000Z');
    foldDeclared(places, tables, edited);
    expect(tables.table('test_places').get(P)).toEqual({
      id: P, name: 'Hudson', city: 'New York', version: edited.version, created_at: '2026-11-27T08:00:00.000Z', updated_at: '2026-11-27T08:30:00.000Z',
    });
  });

  it('given a row that shows another, when a shown column changes, then it is re-stamped; when another column changes, it is not', () => {
    const tables = given(
      event(`place-${P}`, 'PlaceOpened', { id: P, name: 'Hudson', city: 'NYC' }, '2026-11-27T08:00:00.000Z'),
      event(`visit-${V}`, 'VisitBooked', { id: V, place_id: P, guest_id: G1 }, '2026-11-27T08:01:00.000Z'),
    );
    foldDeclared(visits, tables, event(`place-${P}`, 'PlaceEdited', { city: 'New York' }, '2026-11-27T08:02:00.000Z'));
    expect(tables.table('test_visits').get(V)!.updated_at).toBe('2026-11-27T08:01:00.000Z');
    foldDeclared(visits, tables, event(`place-${P}`, 'PlaceEdited', { name: 'Hudson Yards' }, '2026-11-27T08:03:00.000Z'));
    expect(tables.table('test_visits').get(V)!.updated_at).toBe('2026-11-27T08:03:00.000Z');
  });

  it('given figures summed from another model, when a row moves from one key to another, then both keys are touched', () => {
    const moved: Pair = { before: { id: V, guest_id: G1 }, after: { id: V, guest_id: G2 } };
    expect(touchesOf(guests, new Map([['test_visits', [moved]]])).map((t) => t.value).sort()).toEqual([G1, G2].sort());
    const still: Pair = { before: { id: V, guest_id: G1 }, after: { id: V, guest_id: G1 } };
    expect(touchesOf(guests, new Map([['test_visits', [still]]]))).toEqual([]);
  });

  it('given rows that show a row through an array of ids, when its shown column changes, then only the rows holding its id are re-stamped', () => {
    const [T1, T2] = ['00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006'];
    const other = '00000000-0000-4000-8000-000000000007';
    const tables = new MemoryTables();
    for (const e of [
      event(`place-${P}`, 'PlaceOpened', { id: P, name: 'Hudson', city: 'NYC' }, '2026-11-27T08:00:00.000Z'),
      event(`tour-${T1}`, 'TourPlanned', { id: T1, place_ids: [other, P] }, '2026-11-27T08:01:00.000Z'),
      event(`tour-${T2}`, 'TourPlanned', { id: T2, place_ids: [other] }, '2026-11-27T08:01:00.000Z'),
      event(`place-${P}`, 'PlaceEdited', { name: 'Hudson Yards' }, '2026-11-27T08:04:00.000Z'),
    ]) {
      foldDeclared(places, tables, e);
      foldDeclared(tours, tables, e);
    }
    expect(tables.table('test_tours').get(T1)!.updated_at).toBe('2026-11-27T08:04:00.000Z');
    expect(tables.table('test_tours').get(T2)!.updated_at).toBe('2026-11-27T08:01:00.000Z');
  });

  it('given an evolver that returns null, when folded, then the row is gone and rows showing it are re-stamped', () => {
    const tables = given(
      event(`place-${P}`, 'PlaceOpened', { id: P, name: 'Hudson', city: 'NYC' }, '2026-11-27T08:00:00.000Z'),
      event(`visit-${V}`, 'VisitBooked', { id: V, place_id: P, guest_id: G1 }, '2026-11-27T08:01:00.000Z'),
    );
    foldDeclared(visits, tables, event(`place-${P}`, 'PlaceClosed', {}, '2026-11-27T08:05:00.000Z'));
    expect(tables.table('test_places').get(P)).toBeUndefined();
    expect(tables.table('test_visits').get(V)!.updated_at).toBe('2026-11-27T08:05:00.000Z');
  });
});
