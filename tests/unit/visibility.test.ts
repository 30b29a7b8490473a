import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '@shared/domain/access';
import type { ChangeMessage, LiveEntity, RowChange } from '@shared/realtime';
import { canSee, EVERYONE_ENTITIES, VISIBILITY } from '@shared/visibility';
import { eventScope } from '../../events/eventScope';
import { canSeeScope } from '../../server/activity/readActivity';
import { roomsFor, roomsForScope } from '../../server/realtime/rooms';
import { viewFor, viewKey } from '../../server/realtime/views';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const U1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const U2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const ENTITIES = Object.keys(VISIBILITY) as LiveEntity[];
const actor: fc.Arbitrary<Actor> = fc.record({
  id: fc.constantFrom(U1, U2),
  role: fc.constantFrom('admin', 'manager', 'viewer') as fc.Arbitrary<Actor['role']>,
  locations: fc.uniqueArray(fc.constantFrom(L1, L2), { maxLength: 2 }),
});

/**
 * A row of any entity with the fields visibility and the views read: its id (a user's, for the
 * rows about one user), its location, and a company's deal figures per location.
 */
const row = fc.record({
  entity: fc.constantFrom(...ENTITIES),
  id: fc.constantFrom(U1, U2),
  location_id: fc.constantFrom(L1, L2),
  version: fc.integer({ min: 1, max: 5 }),
  l1Deals: fc.integer({ min: 0, max: 3 }),
  l2Deals: fc.integer({ min: 0, max: 3 }),
});
type Row = typeof row extends fc.Arbitrary<infer R> ? R : never;

const asRow = (r: Row) => ({
  id: r.entity === 'locations' ? r.location_id : r.id,
  location_id: r.location_id,
  location_name: 'Somewhere',
  version: r.version,
  updated_at: '2030-01-01T00:00:00.000Z',
  deals_by_location: { [L1]: { count: r.l1Deals, cents: 100 * r.l1Deals, active: r.l1Deals, won: 0 }, [L2]: { count: r.l2Deals, cents: 0, active: 0, won: r.l2Deals } },
});

const message = (rows: Row[]): ChangeMessage => ({
  position: 1,
  event_type: 'Changed',
  stream_id: 'x',
  at: '2030-01-01T00:00:00.000Z',
  correlation_id: 'c',
  user_name: null,
  changes: rows.map((r) => ({ entity: r.entity, id: asRow(r).id, row: asRow(r) }) as unknown as RowChange),
});

describe('who may see a row, as declared', () => {
  const manager: Actor = { id: U1, role: 'manager', locations: [L1] };
  const admin: Actor = { id: U2, role: 'admin', locations: [L1] };

  it('given a manager of one location, then rows there are seen and rows elsewhere are not', () => {
    expect(canSee(manager, 'deals', { location_id: L1 })).toBe(true);
    expect(canSee(manager, 'deals', { location_id: L2 })).toBe(false);
    expect(canSee(manager, 'locations', { id: L2 })).toBe(false);
  });

  it('given user records, then a user sees their own and an administrator every one', () => {
    expect(canSee(manager, 'users', { id: U1 })).toBe(true);
    expect(canSee(manager, 'users', { id: U2 })).toBe(false);
    expect(canSee(admin, 'users', { id: U1 })).toBe(true);
  });

  it("given a mail connection, then only its owner sees it, not even an administrator another's", () => {
    expect(canSee(manager, 'gmail_status', { id: U1 })).toBe(true);
    expect(canSee(admin, 'gmail_status', { id: U1 })).toBe(false);
  });

  it("given Slack's settings and the rows of no location, then administrators alone see the first and everyone the others", () => {
    expect(canSee(manager, 'slack_config', {})).toBe(false);
    expect(canSee(admin, 'slack_workflows', {})).toBe(true);
    expect([...EVERYONE_ENTITIES].sort()).toEqual(['companies', 'company_settings', 'contacts', 'resources', 'templates']);
  });

  it("given a row moving between locations, then its event's scope names both", () => {
    expect(eventScope(VISIBILITY.offices)('o1', { location_id: L2 }, { location_id: L1 })).toEqual({ locations: [L2, L1] });
    expect(eventScope(VISIBILITY.offices)('o1', { location_id: L1 }, null)).toEqual({ locations: [L1] });
    expect(eventScope(VISIBILITY.locations)(L1, null, null)).toEqual({ locations: [L1] });
    expect(eventScope(VISIBILITY.users)(U1, null, null)).toEqual({ locations: [], users: [U1] });
    expect(eventScope(VISIBILITY.gmail_status)(U1, null, null)).toEqual({ locations: [], users: [U1], private: true });
  });
});

describe('what follows from the declaration', () => {
  it("reaches a socket, and shows in its user's timeline, exactly when the user may see the row", () => {
    fc.assert(
      fc.property(actor, row, (a, r) => {
        const seen = asRow(r);
        const scope = eventScope(VISIBILITY[r.entity])(seen.id, seen, seen);
        const mine = new Set(roomsFor(a));
        expect(roomsForScope(scope).some((room) => mine.has(room))).toBe(canSee(a, r.entity, seen));
        expect(canSeeScope(a, scope)).toBe(canSee(a, r.entity, seen));
      }),
    );
  });

  it('gives two users of the same view key the same view of a change', () => {
    fc.assert(
      fc.property(actor, actor, fc.array(row, { minLength: 1, maxLength: 4 }), (a, b, rows) => {
        const change = message(rows);
        if (viewKey(a, change) === viewKey(b, change)) expect(viewFor(a, change)).toEqual(viewFor(b, change));
      }),
    );
  });
});
