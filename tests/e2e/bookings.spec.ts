import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, signedInPage, type Who } from './support/app';
import { sensorListening } from './support/keyboardDrag';

/**
 * The bookings calendar at 55 Broadway (New York time), three weeks ahead, past the demo's own
 * bookings: every booking made here is cancelled before the test ends, so other spec files read
 * the demo calendar as seeded.
 */
const LOCATION = '55 Broadway';
const ZONE = 'America/New_York';
/** 0.8 px a minute: the calendar's scale (CalendarGrid.tsx). */
const PX_PER_MINUTE = 0.8;

function dayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** New York's UTC offset at noon on `day` ('-05:00'). */
function offsetOn(day: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }).formatToParts(new Date(`${day}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')!.value;
  return name.replace('GMT', '') || '+00:00';
}

const stamp = () => `${Date.now().toString(36).slice(-5)}`;

async function openCalendar(page: Page, token: string, day: string) {
  // Tall enough that the hours dragged over stay clear of the calendar's edges (which scroll it).
  await page.setViewportSize({ width: 1280, height: 1000 });
  const me = await apiAs(page, token, 'GET', '/api/auth/me');
  const locations = await apiAs(page, token, 'GET', '/api/locations');
  const location = (locations.body as { id: string; name: string }[]).find((l) => l.name === LOCATION)!;
  await page.addInitScript(
    ({ userId, locationId }) => {
      localStorage.setItem('selectedLocation', JSON.stringify({ userId, value: locationId }));
      localStorage.setItem('bookings.view', JSON.stringify('day'));
    },
    { userId: (me.body as { id: string }).id, locationId: location.id },
  );
  await page.goto(`/bookings?day=${day}`);
  await expect(page.getByTestId('calendar-column-head').first()).toBeVisible();
  return location.id;
}

/** Where `minutes` past midnight stands in column `index`, in page coordinates. */
async function pointAt(page: Page, index: number, minutes: number) {
  const box = (await page.locator(`[data-column-index="${index}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + minutes * PX_PER_MINUTE };
}

/** A pointer drag in small steps, as a hand does. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  await expect(page.getByTestId('drag-preview')).toBeVisible();
  await page.mouse.up();
}

const block = (page: Page, title: string, times: string) => page.getByRole('button', { name: `${title}, ${times}`, exact: true });

async function cancelAll(page: Page, token: string, locationId: string, day: string, prefix: string) {
  const from = new Date(`${day}T00:00:00Z`).toISOString();
  const to = new Date(Date.parse(from) + 2 * 86_400_000).toISOString();
  const listed = await apiAs(page, token, 'GET', `/api/bookings?location=${locationId}&from=${from}&to=${to}`);
  for (const b of (listed.body ?? []) as { id: string; title: string; status: string }[]) {
    if (b.title.startsWith(prefix) && b.status === 'confirmed') await apiAs(page, token, 'DELETE', `/api/bookings/${b.id}`, {});
  }
}

/**
 * Serious and critical axe violations on the page (WCAG 2.0/2.1 A and AA, best practices), as
 * a11yRoutes checks; toasts are left out, as other specs do (caught fading, their colours are mid-animation).
 */
async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function two(browser: Parameters<typeof signedInPage>[0], a: Who, b: Who) {
  return [await signedInPage(browser, a), await signedInPage(browser, b)] as const;
}

test.describe('meeting-room bookings', () => {
  test('book by dragging, move, resize, by mouse and by keyboard; a second browser sees each change live, and who is dragging', async ({ browser }) => {
    // Eleven steps, each seen in two browsers.
    test.slow();
    const day = dayAhead(21);
    const title = `Drag ${stamp()}`;
    const [admin, viewer] = await two(browser, 'admin', 'viewer');
    const locationId = await openCalendar(admin.page, admin.token, day);
    await openCalendar(viewer.page, viewer.token, day);
    // The viewer reads only: no free time to draw on.
    await expect(viewer.page.getByRole('button', { name: /^Book Room/ })).toHaveCount(0);
    await expect(admin.page.getByRole('button', { name: /^Book Room/ }).first()).toHaveAccessibleName(/^Book Room \w+, \w+day, \d+ \w+$/);

    try {
      // Draw 10:00-11:00 in the first room; the dialog asks for the title.
      await drag(admin.page, await pointAt(admin.page, 0, 10 * 60 + 5), await pointAt(admin.page, 0, 10 * 60 + 55));
      const dialog = admin.page.getByRole('dialog', { name: 'New booking' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Title').fill(title);
      await expect(dialog.getByLabel('Starts')).toHaveValue(String(10 * 60));
      await expect(dialog.getByLabel('Ends')).toHaveValue(String(11 * 60));
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(block(admin.page, title, '10:00–11:00')).toBeVisible();
      await expect(block(viewer.page, title, '10:00–11:00')).toBeVisible();

      // Move it an hour later with the mouse.
      const moveFrom = await block(admin.page, title, '10:00–11:00').boundingBox();
      const start = { x: moveFrom!.x + moveFrom!.width / 2, y: moveFrom!.y + moveFrom!.height / 2 };
      await drag(admin.page, start, { x: start.x, y: start.y + 60 * PX_PER_MINUTE });
      await expect(block(admin.page, title, '11:00–12:00')).toBeVisible();
      await expect(block(viewer.page, title, '11:00–12:00')).toBeVisible();

      // Stretch its end half an hour with the mouse.
      const edge = await admin.page.locator('[data-booking-id]').filter({ has: block(admin.page, title, '11:00–12:00') }).locator('[data-edge="end"]').boundingBox();
      const edgeAt = { x: edge!.x + edge!.width / 2, y: edge!.y + edge!.height / 2 };
      await drag(admin.page, edgeAt, { x: edgeAt.x, y: edgeAt.y + 30 * PX_PER_MINUTE });
      await expect(block(admin.page, title, '11:00–12:30')).toBeVisible();
      await expect(block(viewer.page, title, '11:00–12:30')).toBeVisible();

      // By keyboard: pick it up, two quarter hours later; the viewer sees who holds it and where.
      const announcer = admin.page.getByTestId('calendar-announcer');
      await block(admin.page, title, '11:00–12:30').focus();
      await admin.page.keyboard.press('Space');
      await expect(announcer).toContainText(`Picked up ${title}`);
      await sensorListening(admin.page);
      await admin.page.keyboard.press('ArrowDown');
      await admin.page.keyboard.press('ArrowDown');
      await expect(announcer).toContainText('11:30 to 13:00');
      const ghost = viewer.page.getByTestId('other-drag');
      await expect(ghost).toBeVisible();
      await expect(ghost).toContainText(`${USERS.admin.name} is moving a booking to 11:30–13:00`);
      await admin.page.keyboard.press('Space');
      await expect(block(admin.page, title, '11:30–13:00')).toBeVisible();
      await expect(block(viewer.page, title, '11:30–13:00')).toBeVisible();
      await expect(ghost).toBeHidden();

      // Resize by keyboard from its end handle: half an hour shorter.
      await admin.page.getByRole('button', { name: `Change when ${title} ends` }).focus();
      await admin.page.keyboard.press('Space');
      await expect(announcer).toContainText(`Resizing ${title}`);
      await sensorListening(admin.page);
      await admin.page.keyboard.press('ArrowUp');
      await admin.page.keyboard.press('ArrowUp');
      await expect(announcer).toContainText('11:30 to 12:30');
      await admin.page.keyboard.press('Space');
      await expect(block(admin.page, title, '11:30–12:30')).toBeVisible();
      await expect(block(viewer.page, title, '11:30–12:30')).toBeVisible();

      // Cancel it from its dialog: gone on both.
      await block(admin.page, title, '11:30–12:30').click();
      const edit = admin.page.getByRole('dialog', { name: 'Edit booking' });
      await edit.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(edit).toBeHidden();
      await expect(block(admin.page, title, '11:30–12:30')).toBeHidden();
      await expect(block(viewer.page, title, '11:30–12:30')).toBeHidden();
    } finally {
      await cancelAll(admin.page, admin.token, locationId, day, title);
      await admin.context.close();
      await viewer.context.close();
    }
  });

  test('two people booking the same slot: one wins, the other is told who holds it', async ({ browser }) => {
    const day = dayAhead(22);
    const prefix = `Race ${stamp()}`;
    const [admin, manager] = await two(browser, 'admin', 'manager');
    const locationId = await openCalendar(admin.page, admin.token, day);
    await openCalendar(manager.page, manager.token, day);
    try {
      const room = (await admin.page.getByTestId('calendar-column-head').nth(1).locator('p').first().textContent())!;
      for (const person of [admin, manager]) {
        await drag(person.page, await pointAt(person.page, 1, 13 * 60 + 5), await pointAt(person.page, 1, 13 * 60 + 55));
        await person.page.getByRole('dialog', { name: 'New booking' }).getByLabel('Title').fill(`${prefix} ${person === admin ? 'admin' : 'manager'}`);
      }
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Book', exact: true }).click();
      await expect(admin.page.getByRole('dialog')).toBeHidden();
      // The winner's booking shows behind the loser's open dialog (hidden from its reader while the dialog is up), live.
      await expect(manager.page.locator('[data-booking-id]').filter({ hasText: `${prefix} admin` })).toContainText('13:00–14:00');

      await manager.page.getByRole('dialog').getByRole('button', { name: 'Book', exact: true }).click();
      const refusal = manager.page.getByRole('dialog').getByRole('alert');
      await expect(refusal).toContainText('The room was not booked');
      await expect(refusal).toContainText(`${room} is booked 13:00-14:00 by ${USERS.admin.name}`);
      await manager.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(block(manager.page, `${prefix} manager`, '13:00–14:00')).toHaveCount(0);
    } finally {
      await cancelAll(admin.page, admin.token, locationId, day, prefix);
      await admin.context.close();
      await manager.context.close();
    }
  });

  test('a move onto a taken slot goes back with the reason; the calendar and its dialogs are axe-clean', async ({ browser }) => {
    test.slow();
    const day = dayAhead(23);
    const prefix = `Refused ${stamp()}`;
    const admin = await signedInPage(browser, 'admin');
    const locationId = await openCalendar(admin.page, admin.token, day);
    try {
      const rooms = (await apiAs(admin.page, admin.token, 'GET', `/api/rooms?location=${locationId}`)).body as { office_id: string; office_number: string }[];
      const first = rooms.sort((a, b) => a.office_number.localeCompare(b.office_number, undefined, { numeric: true }))[0]!;
      const at = (hh: number) => new Date(`${day}T${String(hh).padStart(2, '0')}:00:00${offsetOn(day)}`).toISOString();
      // Another tab books 15:00-16:00 while this calendar still thinks 14:00-15:00 is the only one.
      for (const [hh, title] of [[14, `${prefix} mine`], [16, `${prefix} theirs`]] as const) {
        const made = await apiAs(admin.page, admin.token, 'POST', '/api/bookings', { room_id: first.office_id, title, starts_at: at(hh), ends_at: at(hh + 1) });
        expect(made.status).toBe(201);
      }
      const mine = block(admin.page, `${prefix} mine`, '14:00–15:00');
      await expect(mine).toBeVisible();
      // Pick it up by keyboard, land it on the other booking: the server refuses, it goes back.
      await mine.focus();
      await admin.page.keyboard.press('Space');
      await expect(admin.page.getByTestId('calendar-announcer')).toContainText(`Picked up ${prefix} mine`);
      await sensorListening(admin.page);
      for (let i = 0; i < 8; i++) await admin.page.keyboard.press('ArrowDown');
      await expect(admin.page.getByTestId('calendar-announcer')).toContainText(`Taken by ${prefix} theirs`);
      await admin.page.keyboard.press('Space');
      await expect(admin.page.getByTestId('calendar-announcer')).toContainText(`is booked 16:00-17:00 by ${USERS.admin.name}`);
      await expect(mine).toBeVisible();

      // Axe-clean: the day view with its bookings, the booking dialog, the week view, the feed dialog.
      expect(await axeProblems(admin.page)).toEqual([]);
      await admin.page.getByRole('button', { name: /^Book Room/ }).first().focus();
      await admin.page.keyboard.press('Enter');
      await expect(admin.page.getByRole('dialog', { name: 'New booking' })).toBeVisible();
      expect(await axeProblems(admin.page)).toEqual([]);
      await admin.page.keyboard.press('Escape');
      await admin.page.getByRole('button', { name: 'Week view: one room' }).click();
      await expect(admin.page.getByTestId('calendar-column-head')).toHaveCount(7);
      expect(await axeProblems(admin.page)).toEqual([]);
      await admin.page.getByRole('button', { name: 'Subscribe' }).click();
      const feed = admin.page.getByRole('dialog', { name: 'Subscribe to a calendar' });
      // Checked once the token's state has loaded (its button no longer disabled and fading in).
      await expect(feed.getByRole('button', { name: /Make a (feed|new) link/ })).toBeEnabled();
      await admin.page.waitForTimeout(300);
      expect(await axeProblems(admin.page)).toEqual([]);
      await admin.page.keyboard.press('Escape');
      await admin.page.getByRole('button', { name: 'Day view: every room' }).click();
    } finally {
      await cancelAll(admin.page, admin.token, locationId, day, prefix);
      await admin.context.close();
    }
  });

  test('a member’s profile lists its bookings, the report shows room utilisation, settings edit a location’s clock, and a feed link works until revoked', async ({ browser }) => {
    test.slow();
    const admin = await signedInPage(browser, 'admin');
    const { page, token } = admin;
    try {
      const locationId = await openCalendar(page, token, dayAhead(1));
      const from = new Date().toISOString();
      const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
      const listed = (await apiAs(page, token, 'GET', `/api/bookings?location=${locationId}&from=${from}&to=${to}`)).body as { member_id: string | null; title: string; room_number: string }[];
      const withMember = listed.find((b) => b.member_id)!;
      expect(withMember).toBeTruthy();

      // The member's profile: its upcoming bookings and this month's hours.
      await page.goto(`/members/${withMember.member_id}`);
      const section = page.getByTestId('member-bookings');
      await expect(section.getByRole('heading', { name: 'Meeting-room bookings' })).toBeVisible();
      await expect(section.getByTestId('member-hours')).toContainText('booked this month');
      await expect(section.getByRole('list', { name: 'Upcoming bookings' })).toContainText(withMember.title);
      await expect(section.getByRole('link', { name: `Room ${withMember.room_number}` }).first()).toBeVisible();

      // The occupancy report: utilisation per location and per room.
      await page.goto('/reporting');
      const card = page.getByTestId('room-utilisation');
      await expect(card.getByRole('heading', { name: 'Meeting-room utilisation' })).toBeVisible();
      await expect(card.getByRole('table', { name: /^Meeting Room Utilization/ })).toContainText(`Room ${withMember.room_number}`);
      await expect(card).toContainText('of open hours booked');

      // Settings: the location's zone and hours are in its form (looked at, not saved).
      await page.goto('/settings?tab=locations');
      await page.getByRole('button', { name: `Edit ${LOCATION}` }).click();
      const form = page.getByRole('dialog', { name: 'Edit Location' });
      await expect(form.getByLabel('Time zone')).toHaveValue(ZONE);
      await expect(form.getByLabel('Opens at')).toHaveValue('07:00');
      await expect(form.getByLabel('Closes at')).toHaveValue('22:00');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // A room's feed: made, copied from the field, read as iCalendar; revoked, it stops.
      await openCalendar(page, token, dayAhead(1));
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const feed = page.getByRole('dialog', { name: 'Subscribe to a calendar' });
      await feed.getByRole('button', { name: /Make a (feed|new) link/ }).click();
      const url = await feed.getByTestId('feed-url').inputValue();
      expect(url).toContain('/api/bookings.ics?room_id=');
      const answer = await page.request.get(url);
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain('BEGIN:VCALENDAR');
      await feed.getByRole('button', { name: 'Revoke my feed links' }).click();
      await expect(feed.getByRole('button', { name: 'Make a feed link' })).toBeVisible();
      expect((await page.request.get(url)).status()).toBeGreaterThanOrEqual(400);
    } finally {
      await admin.context.close();
    }
  });
});
