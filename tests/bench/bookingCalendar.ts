import type { Page } from '@playwright/test';
import { withBrowser } from './browser';
import type { BenchDatabase } from './database';
import { apiAs, openOnBoard, type Api } from './dealBoard';

/**
 * The bookings calendar in Debian's Chromium: a day view of many rooms with a full week of
 * bookings against one of a few rooms, on the same server. First render (navigation to every
 * booking of the day drawn) and the frame times (requestAnimationFrame deltas) while a booking
 * is dragged across the rooms and down the day.
 */
export interface CalendarRun {
  rooms: number;
  bookings: number;
  /** Bookings drawn on the day shown. */
  shown: number;
  firstRender: number[];
  frames: number[];
}

export interface BookingCalendarResult {
  large: CalendarRun;
  small: CalendarRun;
}

export interface CalendarSizes {
  large: { rooms: number; bookings: number };
  small: { rooms: number; bookings: number };
}

const STEPS = 120;
const STEP_PAUSE_MS = 16;

/** A day key `n` days from today in New York (the zone new locations get). */
function dayFromToday(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** An instant at hh:mm on `day` in New York, by asking Intl for that day's offset. */
function nyInstant(day: string, minutes: number): string {
  const guess = new Date(`${day}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' }).formatToParts(guess).find((p) => p.type === 'timeZoneName')!.value.replace('GMT', '') || '+00:00';
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${day}T${hh}:${mm}:00${offset}`;
}

/**
 * A new location with `rooms` meeting rooms and `bookings` one-hour bookings spread over the
 * seven days from `firstDay`, no two of a room overlapping (07:00-22:00 holds 15 a day).
 */
async function fillCalendar(api: Api, name: string, rooms: number, bookings: number, firstDay: string, progress: (line: string) => void) {
  const location = await api<{ id: string }>('POST', '/api/locations', { name, city: 'Austin', address: `${name}, Austin, TX`, manager: 'Bench Manager', floors: [1] });
  const roomIds: string[] = [];
  for (let i = 0; i < rooms; i++) {
    const office = await api<{ id: string }>('POST', '/api/offices', { office_number: `M${i + 1}`, location_id: location.id, type: 'Meeting Room', desks: 4 + (i % 8), floor: 1 });
    roomIds.push(office.id);
  }
  progress(`creating ${bookings} bookings in ${rooms} rooms at ${name} through POST /api/bookings`);
  const slots: { room: string; day: string; start: number }[] = [];
  for (let i = 0; i < bookings; i++) {
    const room = i % rooms;
    const round = Math.floor(i / rooms);
    const day = round % 7;
    const hour = Math.floor(round / 7);
    slots.push({ room: roomIds[room]!, day: shift(firstDay, day), start: 7 * 60 + hour * 60 });
  }
  if (slots.some((s) => s.start + 60 > 22 * 60)) throw new Error('too many bookings for 15 one-hour slots a day');
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < slots.length; i = next++) {
      const slot = slots[i]!;
      await api('POST', '/api/bookings', { room_id: slot.room, title: `${name} meeting ${i + 1}`, starts_at: nyInstant(slot.day, slot.start), ends_at: nyInstant(slot.day, slot.start + 60) });
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  return { id: location.id, shownOnFirstDay: slots.filter((s) => s.day === firstDay).length };
}

function shift(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    window.benchFrames = [];
    window.benchRecording = true;
    let last = performance.now();
    const tick = (now) => {
      window.benchFrames.push(now - last);
      last = now;
      if (window.benchRecording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  })()`);

const stopFrames = (page: Page) => page.evaluate<number[]>(`(() => { window.benchRecording = false; return window.benchFrames; })()`);

/** Drags the first booking of the first room across the visible rooms and down the day, then cancels with Escape. */
async function dragAcross(page: Page): Promise<number[]> {
  const block = page.locator('[data-booking-id] [role="button"]').first();
  await block.scrollIntoViewIfNeeded();
  const from = (await block.boundingBox())!;
  const calendar = (await page.getByTestId('calendar').boundingBox())!;
  let x = from.x + from.width / 2;
  let y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await startFrames(page);
  const dx = (calendar.x + calendar.width - 80 - x) / STEPS;
  const dy = Math.min(240, calendar.y + calendar.height - 40 - y) / STEPS;
  for (let step = 0; step < STEPS; step++) {
    x += dx;
    y += dy;
    await page.mouse.move(x, y);
    await page.waitForTimeout(STEP_PAUSE_MS);
  }
  const frames = await stopFrames(page);
  if ((await page.getByTestId('drag-preview').count()) !== 1) throw new Error('the dragged booking showed no preview');
  await page.keyboard.press('Escape');
  await page.mouse.up();
  return frames;
}

export async function benchBookingCalendar(database: BenchDatabase, sizes: CalendarSizes, runs: number, progress: (line: string) => void): Promise<BookingCalendarResult | null> {
  return withBrowser(database, async ({ url, browser, token, userId }) => {
    const api = apiAs(url, token);
    const firstDay = dayFromToday(2);
    const calendars = {
      large: await fillCalendar(api, 'Bench Large Calendar', sizes.large.rooms, sizes.large.bookings, firstDay, progress),
      small: await fillCalendar(api, 'Bench Small Calendar', sizes.small.rooms, sizes.small.bookings, firstDay, progress),
    };
    const result: BookingCalendarResult = {
      large: { ...sizes.large, shown: calendars.large.shownOnFirstDay, firstRender: [], frames: [] },
      small: { ...sizes.small, shown: calendars.small.shownOnFirstDay, firstRender: [], frames: [] },
    };
    for (let run = 0; run < runs; run++) {
      for (const size of run % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
        progress(`bookings calendar in Chromium, ${result[size].rooms} rooms, run ${run + 1} of ${runs}`);
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        await openOnBoard(context, token, userId, calendars[size].id);
        await context.addInitScript(() => localStorage.setItem('bookings.view', JSON.stringify('day')));
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${url}/bookings?day=${firstDay}`);
        await page.waitForFunction((n) => document.querySelectorAll('[data-booking-id]').length >= n, result[size].shown, { timeout: 60_000 });
        result[size].firstRender.push(performance.now() - started);
        result[size].frames.push(...(await dragAcross(page)));
        await context.close();
      }
    }
    return result;
  });
}
