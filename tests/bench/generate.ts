import { randomBytes, randomUUID } from 'node:crypto';
import { LocationEventSchemas, type LocationEvent } from '../../events/location/events';
import { OfficeEventSchemas, type OfficeEvent } from '../../events/office/events';
import { append } from '../../events/store/append';
import type { EventMetadata, NewEvent, Pool } from '../../events/store/types';
import { UserEventSchemas, type UserEvent } from '../../events/user/events';
import { ALL_LOCATIONS, ROLES } from '@shared/constants';
import { OFFICE_STATUSES } from '@shared/domain/officeStatuses';
import { prng } from '../../server/seed/prng';

export interface GenerateOptions {
  locations: number;
  users: number;
  /** Total events written, creations included. */
  events: number;
  /** Share of the events that are user events (the rest are location events, and office events if any). */
  userShare: number;
  /** Offices, each at a random location (none when absent). */
  offices?: number;
  /** Share of the events that are office events: each changes the office's row and most its history. */
  officeShare?: number;
  /** Updates are spread over this many rounds, so streams interleave in the log. */
  rounds: number;
}

export interface Generated {
  events: number;
  locations: number;
  users: number;
  offices: number;
  seconds: number;
  /** Every location stream with its head version, for writers that carry on appending. */
  locationStreams: { streamId: string; version: number }[];
}

const CITIES = ['New York', 'Brooklyn', 'Austin', 'Philadelphia', 'Chicago', 'Denver', 'Seattle', 'Boston'];
const STREETS = ['Broadway', 'Broad St', 'Market St', 'Main St', 'Elm St', 'Oak Ave', 'Pine St', 'Lake Shore Dr'];
const FIRST = ['Ana', 'Ben', 'Chloe', 'Dev', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena'];
const LAST = ['Alvarez', 'Brown', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jones'];

interface Stream {
  streamId: string;
  streamType: string;
  id: string;
  version: number;
  scope: EventMetadata['scope'];
  /** Renames and e-mail changes so far, to keep names and e-mails unique. */
  revisions: number;
}

type Rng = ReturnType<typeof prng>;

const person = (rng: Rng) => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
const floors = (rng: Rng) => Array.from({ length: 1 + rng.below(6) }, (_, i) => i + 1);
const argon2Hash = () =>
  `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

function locationCreated(rng: Rng, stream: Stream, index: number): LocationEvent {
  return {
    type: 'LocationCreated',
    data: {
      id: stream.id,
      name: `${rng.pick(STREETS)} ${index + 1}`,
      city: rng.pick(CITIES),
      address: `${1 + rng.below(999)} ${rng.pick(STREETS)}`,
      manager: person(rng),
      floors: floors(rng),
    },
  };
}

function locationUpdated(rng: Rng, stream: Stream, index: number): LocationEvent {
  const roll = rng.next();
  if (roll < 0.5) return { type: 'LocationUpdated', data: { manager: person(rng) } };
  if (roll < 0.75) return { type: 'LocationUpdated', data: { floors: floors(rng) } };
  if (roll < 0.9) return { type: 'LocationUpdated', data: { address: `${1 + rng.below(999)} ${rng.pick(STREETS)}` } };
  if (roll < 0.97) return { type: 'LocationUpdated', data: { city: rng.pick(CITIES), manager: person(rng) } };
  stream.revisions += 1;
  return { type: 'LocationUpdated', data: { name: `${rng.pick(STREETS)} ${index + 1} r${stream.revisions}` } };
}

function userRegistered(rng: Rng, stream: Stream, index: number): UserEvent {
  return {
    type: 'UserRegistered',
    data: {
      id: stream.id,
      name: person(rng),
      email: `user${index + 1}@bench.example`,
      role: rng.pick(ROLES),
      locations: [],
      primary_location: ALL_LOCATIONS,
      password_hash: argon2Hash(),
    },
  };
}

function userUpdated(rng: Rng, stream: Stream, index: number): UserEvent {
  const roll = rng.next();
  if (roll < 0.5) return { type: 'UserUpdated', data: { name: person(rng) } };
  if (roll < 0.85) return { type: 'UserUpdated', data: { role: rng.pick(ROLES) } };
  if (roll < 0.95) return { type: 'UserPasswordChanged', data: { password_hash: argon2Hash() } };
  stream.revisions += 1;
  return { type: 'UserUpdated', data: { email: `user${index + 1}.r${stream.revisions}@bench.example` } };
}

const rates = (rng: Rng) => {
  const monthly = 500 + 50 * rng.below(60);
  return { monthly, six_month: monthly * 6, twelve_month: monthly * 12 };
};

function officeCreated(rng: Rng, stream: Stream, index: number, locationId: string): OfficeEvent {
  return {
    type: 'OfficeCreated',
    data: {
      id: stream.id,
      office_number: String(index + 1),
      location_id: locationId,
      type: 'Private Office',
      desks: 1 + rng.below(12),
      floor: 1 + rng.below(6),
      windowed: rng.next() < 0.5,
      marketed_rates: rates(rng),
    },
  };
}

/** Most change the figures an office's history keeps (status, rates, lease, desks). */
function officeUpdated(rng: Rng, stream: Stream): OfficeEvent {
  const roll = rng.next();
  if (roll < 0.3) return { type: 'OfficeStatusChanged', data: { status: rng.pick(OFFICE_STATUSES) } };
  if (roll < 0.5) return { type: 'OfficeRatesChanged', data: { marketed_rates: rates(rng) } };
  if (roll < 0.65) {
    const month = 1 + rng.below(12);
    const start = `2025-${String(month).padStart(2, '0')}-01`;
    const end = `2026-${String(month).padStart(2, '0')}-01`;
    return { type: 'OfficeLeaseSet', data: { signed_rate: 400 + 25 * rng.below(100), term_months: 12, start_date: start, end_date: end } };
  }
  if (roll < 0.75) return { type: 'OfficeDetailsEdited', data: { desks: 1 + rng.below(12) } };
  if (roll < 0.9) {
    stream.revisions += 1;
    return { type: 'OfficeCompanyAssigned', data: { member_id: randomUUID(), tenant: `${rng.pick(LAST)} & Co ${stream.revisions}` } };
  }
  return { type: 'OfficeCompanyUnassigned', data: { member_id: randomUUID() } };
}

const schemas: Record<string, { parse(data: unknown): unknown }> = { ...LocationEventSchemas, ...UserEventSchemas, ...OfficeEventSchemas };

/**
 * Writes a realistic log through append(): every location and user is created in the first
 * round, then updates land on random streams over several rounds. Each round is one
 * transaction holding one append() per stream, sent pipelined.
 */
export async function generateLog(sql: Pool, options: GenerateOptions): Promise<Generated> {
  const started = performance.now();
  const rng = prng(20_240_101);
  const stream = (streamType: string, scope: (id: string) => EventMetadata['scope']): Stream => {
    const id = randomUUID();
    return { streamId: `${streamType}-${id}`, streamType, id, version: 0, scope: scope(id), revisions: 0 };
  };
  const locations = Array.from({ length: options.locations }, () => stream('location', (id) => ({ locations: [id] })));
  const users = Array.from({ length: options.users }, () => stream('user', (id) => ({ locations: [], users: [id] })));
  const officeCount = options.offices ?? 0;
  const officeAt = Array.from({ length: officeCount }, () => locations[rng.below(locations.length)]!.id);
  const offices = officeAt.map((locationId) => stream('office', () => ({ locations: [locationId] })));
  const userEvents = Math.round(options.events * options.userShare);
  const officeEvents = officeCount > 0 ? Math.round(options.events * (options.officeShare ?? 0)) : 0;
  const locationUpdates = options.events - userEvents - officeEvents - options.locations;
  const userUpdates = userEvents - options.users;
  const officeUpdates = officeEvents - officeCount;
  if (locationUpdates < 0 || userUpdates < 0 || officeUpdates < 0) throw new Error('Too few events for the streams requested');

  let clock = Date.parse('2024-01-02T08:00:00Z');
  let written = 0;
  for (let round = 0; round < options.rounds; round++) {
    const batches = new Map<Stream, NewEvent[]>();
    const add = (stream: Stream, event: NewEvent) => {
      const batch = batches.get(stream) ?? [];
      batch.push(event);
      batches.set(stream, batch);
    };
    if (round === 0) {
      locations.forEach((s, i) => add(s, locationCreated(rng, s, i)));
      users.forEach((s, i) => add(s, userRegistered(rng, s, i)));
      offices.forEach((s, i) => add(s, officeCreated(rng, s, i, officeAt[i]!)));
    }
    const share = (total: number) =>
      Math.floor((total * (round + 1)) / options.rounds) - Math.floor((total * round) / options.rounds);
    for (let n = share(locationUpdates); n > 0; n--) {
      const i = rng.below(locations.length);
      add(locations[i]!, locationUpdated(rng, locations[i]!, i));
    }
    for (let n = share(userUpdates); n > 0; n--) {
      const i = rng.below(users.length);
      add(users[i]!, userUpdated(rng, users[i]!, i));
    }
    for (let n = share(officeUpdates); n > 0; n--) {
      const i = rng.below(offices.length);
      add(offices[i]!, officeUpdated(rng, offices[i]!));
    }

    const appends = [...batches].map(([stream, events]) => {
      for (const event of events) schemas[event.type]!.parse(event.data);
      clock += 60_000;
      const metadata: EventMetadata = {
        user_id: 'bench',
        correlation_id: randomUUID(),
        causation_id: null,
        at: new Date(clock).toISOString(),
        scope: stream.scope,
      };
      const expectedVersion = stream.version;
      stream.version += events.length;
      written += events.length;
      return { streamId: stream.streamId, streamType: stream.streamType, expectedVersion, events, metadata };
    });
    await sql.begin((tx) => Promise.all(appends.map((args) => append(tx, args))));
  }
  return {
    events: written,
    locations: options.locations,
    users: options.users,
    offices: officeCount,
    seconds: (performance.now() - started) / 1000,
    locationStreams: locations.map((s) => ({ streamId: s.streamId, version: s.version })),
  };
}
