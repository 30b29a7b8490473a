import type { BenchDatabase } from './database';
import { benchBookingCalendar } from './bookingCalendar';
import { benchBookingRace } from './bookingRace';
import { figure, status } from './figures';
import { percentileFigures } from './percentileFigures';
import { percentiles } from './live';
import { count, median, ms, percentileCells, ratio, table, type Progress } from './report';

/** `npm run bench -- bookings`: the race for one slot, and the calendar in Chromium. */

/** 50 users racing for one meeting-room slot, 30 rounds (BOOKING_RACERS, BOOKING_ROUNDS for more). */
const BOOKINGS = { racers: Number(process.env.BOOKING_RACERS ?? 50), rounds: Number(process.env.BOOKING_ROUNDS ?? 30) };
/** The whole command path (HTTP, sign-in, the room's lock, the rules, the named refusal) within this many times the bare constraint. */
const BOOKINGS_TARGET = 25;

export async function benchBookingRacePart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`bookings: ${BOOKINGS.racers} users racing for one slot on a fresh database, ${database.name}`);
  const result = await benchBookingRace(database, BOOKINGS.racers, BOOKINGS.rounds, progress);
  const apiName = `${result.racers} concurrent POST /api/bookings for one slot, until every loser has its 409`;
  const rawName = `${result.racers} concurrent raw INSERTs into a table with the same exclusion constraint`;
  console.log('');
  console.log(table([`Booking race, ${result.rounds} rounds`, 'p50', 'p95', 'p99'], [[apiName, ...percentileCells(result.api)], [rawName, ...percentileCells(result.insert)]]));
  const p99 = figure({ part: 'bookings', name: `${apiName}, p99`, value: result.api.p99, unit: 'ms', reference: { name: `${rawName}, p99`, value: result.insert.p99 }, target: ['<=', BOOKINGS_TARGET] });
  percentileFigures('bookings', apiName, result.api, { name: rawName, value: result.insert }, ['p50', 'p95']);
  figure({ part: 'bookings', name: 'rounds with exactly one winner and every other racer refused', value: result.clean, unit: 'rounds', ratio: result.clean / result.rounds, target: ['>=', 1] });
  console.log(`Race p99 / raw INSERT p99: ${ratio(p99.ratio!)} (target <= ${BOOKINGS_TARGET}: ${status(p99)}); ${result.clean} of ${result.rounds} rounds had exactly one winner.`);
}

/** The bookings calendar: a day of 40 rooms with 2,000 bookings in the week, against 4 rooms with 20. */
const BOOKING_CALENDAR = {
  large: { rooms: Number(process.env.BENCH_CALENDAR_ROOMS ?? 40), bookings: Number(process.env.BENCH_CALENDAR_BOOKINGS ?? 2000) },
  small: { rooms: 4, bookings: 20 },
  runs: Number(process.env.BENCH_CALENDAR_RUNS ?? 3),
};
/** A drag over ten times the rooms may cost at most this many times the small calendar's frame p95. */
const BOOKING_CALENDAR_TARGET = 1.5;

export async function benchBookingCalendarPart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`bookings calendar: the server on a fresh database, ${database.name}`);
  const calendar = await benchBookingCalendar(database, BOOKING_CALENDAR, BOOKING_CALENDAR.runs, progress);
  console.log('');
  if (!calendar) {
    console.log('Bookings calendar: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  const frames = { large: percentiles(calendar.large.frames), small: percentiles(calendar.small.frames) };
  const label = (size: 'large' | 'small') => `${count(calendar[size].rooms)} rooms, ${count(calendar[size].bookings)} bookings in the week`;
  const row = (size: 'large' | 'small') => [
    `${label(size)} (${count(calendar[size].shown)} on the day shown)`,
    ms(median(calendar[size].firstRender)),
    ...percentileCells(frames[size]),
    String(calendar[size].frames.length),
  ];
  console.log(
    table(
      [`Bookings calendar in Chromium, day view, a booking dragged across the rooms (${BOOKING_CALENDAR.runs} runs each)`, 'first render', 'frame p50', 'frame p95', 'frame p99', 'frames'],
      [row('large'), row('small')],
    ),
  );
  const with_ = (size: 'large' | 'small') => `bookings calendar in Chromium, ${label(size)}`;
  const frame = figure({
    part: 'bookings',
    name: `${with_('large')}: frame p95 while a booking is dragged across the rooms`,
    value: frames.large.p95,
    unit: 'ms',
    reference: { name: `${with_('small')}: the same, p95`, value: frames.small.p95 },
    target: ['<=', BOOKING_CALENDAR_TARGET],
  });
  const render = figure({
    part: 'bookings',
    name: `${with_('large')}: first render, median`,
    value: median(calendar.large.firstRender),
    unit: 'ms',
    reference: { name: `${with_('small')}: first render, median`, value: median(calendar.small.firstRender) },
  });
  console.log(`Calendar frame p95, large / small: ${ratio(frame.ratio!)} (target <= ${BOOKING_CALENDAR_TARGET}: ${status(frame)})`);
  console.log(`Calendar first render, large / small: ${ratio(render.ratio!)}`);
}
