import { addDays } from 'date-fns';
import { localDate, wallClock } from '@shared/domain/bookings';
import { openSql } from '../../events/store/connect';
import type { BenchDatabase } from './database';
import { withServer } from './browser';
import { percentiles, type Percentiles } from './live';

export interface BookingRaceResult {
  racers: number;
  rounds: number;
  /** Per round: from the first request sent until every racer has its answer (one 201, the rest 409). */
  api: Percentiles;
  /** The same race as raw INSERTs into a table with the same exclusion constraint, one connection per racer. */
  insert: Percentiles;
  /** Rounds where exactly one racer won and every other one was refused (should be all of them). */
  clean: number;
}

const NY = 'America/New_York';

/** A table like the bookings read model's, with its exclusion constraint: what the database alone costs. */
const REFERENCE_DDL = `
  CREATE TABLE IF NOT EXISTS bench_race (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(), room_id uuid NOT NULL, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'confirmed',
    EXCLUDE USING gist (room_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status = 'confirmed'))`;

/**
 * `racers` users send POST /api/bookings for the same room and slot at once, `rounds` times (a
 * fresh slot each round): how long until every loser has its 409, beside the same race as raw
 * INSERTs against the exclusion constraint alone.
 */
export async function benchBookingRace(database: BenchDatabase, racers: number, rounds: number, progress: (line: string) => void): Promise<BookingRaceResult> {
  return withServer(database, async ({ url, token }) => {
    const call = async (method: string, path: string, body: unknown, as = token) => {
      const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    progress(`${racers} users and a meeting room`);
    const [location] = (await (await fetch(`${url}/api/locations`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }[];
    const room = await call('POST', '/api/offices', { office_number: `RACE-${Date.now() % 100000}`, location_id: location!.id, type: 'Meeting Room', desks: 8 });
    if (room.status !== 201) throw new Error(`room: ${room.status}`);
    const tokens: string[] = [];
    for (let i = 0; i < racers; i++) {
      const email = `racer${i}-${Date.now()}@bench.example`;
      const made = await call('POST', '/api/users', { name: `Racer ${i}`, email, password: 'racing-bench-1', role: 'manager' });
      if (made.status !== 201) throw new Error(`user: ${made.status} ${JSON.stringify(made.body)}`);
      const login = await call('POST', '/api/auth/login', { email, password: 'racing-bench-1' });
      tokens.push(login.status === 200 ? String(login.body.access_token) : token);
    }
    // Slots from the day after tomorrow on, 07:00 to 22:00 in 30-minute steps, a day at a time.
    const slot = (i: number) => {
      const day = addDays(wallClock(localDate(new Date(), NY), '07:00', NY), 2 + Math.floor(i / 30));
      const starts = new Date(day.getTime() + (i % 30) * 30 * 60_000);
      return { starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 30 * 60_000).toISOString() };
    };

    progress(`${rounds} rounds of ${racers} concurrent POST /api/bookings for one slot`);
    const api: number[] = [];
    let clean = 0;
    for (let r = 0; r < rounds; r++) {
      const body = { room_id: room.body.id, title: `Round ${r}`, ...slot(r) };
      const started = performance.now();
      const answers = await Promise.all(tokens.map((as) => call('POST', '/api/bookings', body, as)));
      api.push(performance.now() - started);
      if (answers.filter((a) => a.status === 201).length === 1 && answers.filter((a) => a.status === 409).length === racers - 1) clean += 1;
    }

    progress(`${rounds} rounds of ${racers} concurrent raw INSERTs against the same exclusion constraint`);
    const raw = openSql(database.url, { max: racers, onnotice: () => undefined });
    const insert: number[] = [];
    try {
      await raw.unsafe(REFERENCE_DDL);
      // Every connection open before timing, as the server's pool is.
      await Promise.all(Array.from({ length: racers }, () => raw`SELECT 1`));
      const roomId = String(room.body.id);
      for (let r = 0; r < rounds; r++) {
        const { starts_at, ends_at } = slot(r);
        const started = performance.now();
        await Promise.allSettled(Array.from({ length: racers }, () => raw`INSERT INTO bench_race (room_id, starts_at, ends_at) VALUES (${roomId}, ${starts_at}, ${ends_at})`));
        insert.push(performance.now() - started);
      }
      await raw`DROP TABLE bench_race`;
    } finally {
      await raw.end({ timeout: 5 });
    }
    return { racers, rounds, api: percentiles(api), insert: percentiles(insert), clean };
  });
}
