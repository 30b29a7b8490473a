import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInPage } from './support/app';
import { card, createDeal, openBoard, uniqueName } from './support/deals';
import { locationId } from './support/data';

const stageOf = async (page: Page, token: string, id: string) => (await apiAs(page, token, 'GET', `/api/deals/${id}`)).body.stage as string;

/** A row's history as the API tells it, newest first. */
const historyOf = async (page: Page, token: string, id: string) => (await apiAs(page, token, 'GET', `/api/events?entity_id=${id}`)).body as { position: number; type: string }[];
/** Each row's newest log position now: the events after it are what the next action added. */
const latestOf = (page: Page, token: string, ids: readonly string[]) => Promise.all(ids.map(async (id) => (await historyOf(page, token, id))[0]?.position ?? 0));
/** The types of the events each row gained after its position in `since`, oldest first. */
const gainedSince = (page: Page, token: string, ids: readonly string[], since: readonly number[]) =>
  Promise.all(ids.map(async (id, i) => (await historyOf(page, token, id)).filter((e) => e.position > since[i]!).map((e) => e.type).reverse()));

test.describe('power use of the deal board and the office grid', () => {
  test('ticked deals (a shift-click range) move to another stage together, one event each, and Undo in the toast puts every one back with one event each', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const prefix = uniqueName('Bulk Move');
    const deals = [];
    for (const n of [1, 2, 3]) deals.push(await createDeal(admin.page, admin.token, `${prefix} ${n}`));

    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(prefix);
    await expect(admin.page.locator('[data-testid="deal-card"]')).toHaveCount(3);
    const boxes = admin.page.getByTestId('select-row');
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await expect(admin.page.getByTestId('selected-count')).toHaveText('3 deals selected');
    for (const n of [1, 2, 3]) await expect(admin.page.getByLabel(`Select ${prefix} ${n}`)).toBeChecked();
    const ids = deals.map((d) => d.id);
    const beforeMove = await latestOf(admin.page, admin.token, ids);

    await admin.page.getByLabel('Move selected deals to stage').selectOption('tour_completed');
    await admin.page.getByRole('button', { name: 'Move 3', exact: true }).click();
    await expect(admin.page.getByText('Moved 3 deals to Tour Completed')).toBeVisible();
    for (const d of deals) await expect.poll(() => stageOf(admin.page, admin.token, d.id)).toBe('tour_completed');
    for (const n of [1, 2, 3]) await expect(card(admin.page, `${prefix} ${n}`)).toHaveAttribute('data-stage', 'tour_completed');
    // The selection is done with once the action ran.
    await expect(admin.page.getByTestId('selected-count')).toHaveCount(0);
    // Each ticked deal's history tells of one move, no more.
    expect(await gainedSince(admin.page, admin.token, ids, beforeMove)).toEqual(ids.map(() => ['DealMoved']));
    const afterMove = await latestOf(admin.page, admin.token, ids);

    await admin.page.getByRole('button', { name: 'Undo' }).click();
    await expect(admin.page.getByText('Put 3 deals back')).toBeVisible();
    for (const d of deals) await expect.poll(() => stageOf(admin.page, admin.token, d.id)).toBe('form_submitted');
    for (const n of [1, 2, 3]) await expect(card(admin.page, `${prefix} ${n}`)).toHaveAttribute('data-stage', 'form_submitted');
    expect(await gainedSince(admin.page, admin.token, ids, afterMove)).toEqual(ids.map(() => ['DealMoveUndone']));
    await admin.context.close();
  });

  test('Select all visible, Escape clears; a closed deal in the selection is refused with its reason and the others move', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const prefix = uniqueName('Bulk Refusal');
    const open = await createDeal(admin.page, admin.token, `${prefix} open`);
    const lost = await createDeal(admin.page, admin.token, `${prefix} lost`);
    const moved = await apiAs(admin.page, admin.token, 'PATCH', `/api/deals/${lost.id}/stage`, { stage: 'close_lost', version: lost.version });
    expect(moved.status).toBe(200);

    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(prefix);
    await expect(admin.page.locator('[data-testid="deal-card"]')).toHaveCount(2);
    await admin.page.getByLabel('Select all visible (2)').check();
    await expect(admin.page.getByTestId('selected-count')).toHaveText('2 deals selected');
    await admin.page.locator('main h1').click();
    await admin.page.keyboard.press('Escape');
    await expect(admin.page.getByTestId('selected-count')).toHaveCount(0);

    await admin.page.getByLabel('Select all visible (2)').check();
    await admin.page.getByLabel('Move selected deals to stage').selectOption('tour_booked');
    await admin.page.getByRole('button', { name: 'Move 2', exact: true }).click();
    await expect(admin.page.getByText('Moved 1 deal to Tour Booked · 1 refused')).toBeVisible();
    await expect(admin.page.getByText(new RegExp(`^${prefix} lost: `))).toBeVisible();
    await expect.poll(() => stageOf(admin.page, admin.token, open.id)).toBe('tour_booked');
    expect(await stageOf(admin.page, admin.token, lost.id)).toBe('close_lost');
    await admin.context.close();
  });

  test('a link with a view reproduces its filters; a view saved under a name comes back from the menu; Copy link copies the address', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const name = uniqueName('Linked View');
    await createDeal(admin.page, admin.token, name);

    await admin.page.goto(`/crm/deals?view=list&stage=form_submitted&q=${encodeURIComponent(name)}&sort=value:desc`);
    await expectLive(admin.page);
    await expect(admin.page.getByLabel('Search deals')).toHaveValue(name);
    await expect(admin.page.getByLabel('Stage filter')).toHaveValue('form_submitted');
    await expect(admin.page.getByRole('button', { name: 'List View' })).toHaveAttribute('aria-pressed', 'true');
    await expect(admin.page.getByTestId('deal-row')).toHaveCount(1);
    await expect(admin.page.getByTestId('deal-row')).toContainText(name);

    // Save it under a name, go elsewhere, and pick it from the menu.
    await admin.page.getByTestId('saved-views').click();
    await admin.page.getByRole('menuitem', { name: 'Save current view…' }).click();
    await admin.page.getByLabel('View name').fill('My linked view');
    await admin.page.getByRole('button', { name: 'Save view' }).click();
    await expect(admin.page.getByTestId('saved-views')).toHaveText('My linked view');

    await admin.page.getByLabel('Search deals').fill('');
    await admin.page.getByRole('button', { name: 'Pipeline' }).click();
    await expect(admin.page).toHaveURL(/view=pipeline/);
    await expect(admin.page).not.toHaveURL(/q=/);
    await admin.page.getByTestId('saved-views').click();
    await admin.page.getByRole('menuitem', { name: 'My linked view' }).click();
    await expect(admin.page.getByLabel('Search deals')).toHaveValue(name);
    await expect(admin.page.getByRole('button', { name: 'List View' })).toHaveAttribute('aria-pressed', 'true');
    await expect(admin.page.getByTestId('deal-row')).toHaveCount(1);

    await admin.page.getByRole('button', { name: 'Copy link' }).click();
    await expect(admin.page.getByText('Link copied')).toBeVisible();
    const copied = await admin.page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).searchParams.get('q')).toBe(name);
    expect(new URL(copied).searchParams.get('view')).toBe('list');

    // The office grid takes its view from a link the same way.
    await admin.page.goto('/offices?view=list&status=VACANT');
    await expect(admin.page.getByLabel('Status filter')).toHaveValue('VACANT');
    await expect(admin.page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await admin.context.close();
  });

  test('? lists the shortcuts, g o goes to the offices, / focuses the search, ] moves the focused card a stage on; nothing fires while typing', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const name = uniqueName('Shortcut Move');
    const { id } = await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);

    await admin.page.keyboard.press('?');
    const dialog = admin.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Office Management')).toBeVisible();
    await admin.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Typing "g o" into the search is text, not a shortcut.
    await admin.page.keyboard.press('/');
    await expect(admin.page.getByLabel('Search deals')).toBeFocused();
    await admin.page.keyboard.type('go');
    await expect(admin.page.getByLabel('Search deals')).toHaveValue('go');
    await expect(admin.page).toHaveURL(/\/crm\/deals/);
    await admin.page.getByLabel('Search deals').fill(name);

    await card(admin.page, name).focus();
    await admin.page.keyboard.press(']');
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'tour_booked');
    await expect.poll(() => stageOf(admin.page, admin.token, id)).toBe('tour_booked');
    await expect(card(admin.page, name)).toBeFocused();
    await admin.page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => stageOf(admin.page, admin.token, id)).toBe('form_submitted');

    // n on the board opens Add Deal.
    await admin.page.locator('main h1').click();
    await admin.page.keyboard.press('n');
    await expect(admin.page.getByRole('dialog', { name: 'Add Deal' })).toBeVisible();
    await admin.page.keyboard.press('Escape');
    await expect(admin.page.getByRole('dialog', { name: 'Add Deal' })).toHaveCount(0);

    await admin.page.locator('main h1').click();
    await admin.page.keyboard.press('g');
    await admin.page.keyboard.press('o');
    await expect(admin.page).toHaveURL(/\/offices/);
    await expect(admin.page.getByRole('heading', { name: 'Office Management' })).toBeVisible();
    await admin.context.close();
  });

  test('ticked offices change status together, one event each, and Undo puts each back with one event each', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const prefix = `PW${Date.now() % 1_000_000}`;
    const bushwick = await locationId(admin.page, admin.token, 'Bushwick');
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const created = await apiAs(admin.page, admin.token, 'POST', '/api/offices', { office_number: `${prefix}-${n}`, location_id: bushwick, desks: 2 });
      expect(created.status).toBe(201);
      ids.push((created.body as { id: string }).id);
    }
    const statusOf = async (id: string) => (await apiAs(admin.page, admin.token, 'GET', `/api/offices/${id}`)).body.status as string;
    const before = await statusOf(ids[0]!);
    const to = before === 'PENDING' ? 'UNAVAILABLE' : 'PENDING';

    await admin.page.goto(`/offices?view=grid&q=${prefix}`);
    await expectLive(admin.page);
    await expect(admin.page.getByTestId('office-card')).toHaveCount(2);
    await admin.page.getByLabel(`Select Office ${prefix}-1`).check();
    await admin.page.getByLabel(`Select Office ${prefix}-2`).click({ modifiers: ['Shift'] });
    await expect(admin.page.getByTestId('selected-count')).toHaveText('2 offices selected');
    const beforeChange = await latestOf(admin.page, admin.token, ids);
    await admin.page.getByLabel('New status for the selected offices').selectOption(to);
    await admin.page.getByRole('button', { name: 'Set status of 2' }).click();
    await expect(admin.page.getByText(`Changed 2 offices to ${to}`)).toBeVisible();
    for (const id of ids) await expect.poll(() => statusOf(id)).toBe(to);
    expect(await gainedSince(admin.page, admin.token, ids, beforeChange)).toEqual(ids.map(() => ['OfficeStatusChanged']));
    const afterChange = await latestOf(admin.page, admin.token, ids);

    await admin.page.getByRole('button', { name: 'Undo' }).click();
    await expect(admin.page.getByText('Put 2 offices back')).toBeVisible();
    for (const id of ids) await expect.poll(() => statusOf(id)).toBe(before);
    expect(await gainedSince(admin.page, admin.token, ids, afterChange)).toEqual(ids.map(() => ['OfficeStatusChanged']));
    await admin.context.close();
  });

  test('ticked offices are assigned to one member company together, one command each, an office another company holds is refused with its reason, and Undo vacates each it assigned', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const prefix = `PA${Date.now() % 1_000_000}`;
    const bushwick = await locationId(admin.page, admin.token, 'Bushwick');
    const newMember = async (company_name: string) => {
      const created = await apiAs(admin.page, admin.token, 'POST', '/api/members', { company_name, location_id: bushwick, primary_contact: { name: 'Bea Bulk', email: `bea.${prefix.toLowerCase()}@example.com` } });
      expect(created.status).toBe(201);
      return (created.body as { id: string }).id;
    };
    const company = `Bulk Tenant ${prefix}`;
    const member = await newMember(company);
    const holder = await newMember(`Holder ${prefix}`);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await apiAs(admin.page, admin.token, 'POST', '/api/offices', { office_number: `${prefix}-${n}`, location_id: bushwick, desks: 2 });
      expect(created.status).toBe(201);
      ids.push((created.body as { id: string }).id);
    }
    expect((await apiAs(admin.page, admin.token, 'PATCH', `/api/members/${holder}/office`, { office_id: ids[2] })).status).toBe(200);
    const officeOf = async (id: string) => {
      const { member_id, status } = (await apiAs(admin.page, admin.token, 'GET', `/api/offices/${id}`)).body as { member_id: string | null; status: string };
      return { member_id, status };
    };

    await admin.page.goto(`/offices?view=grid&q=${prefix}`);
    await expectLive(admin.page);
    await expect(admin.page.getByTestId('office-card')).toHaveCount(3);
    await admin.page.getByLabel(`Select Office ${prefix}-1`).check();
    await admin.page.getByLabel(`Select Office ${prefix}-3`).click({ modifiers: ['Shift'] });
    await expect(admin.page.getByTestId('selected-count')).toHaveText('3 offices selected');
    await admin.page.getByLabel('Member company for the selected offices').selectOption({ label: company });
    await admin.page.getByRole('button', { name: 'Assign 3' }).click();
    await expect(admin.page.getByText(`Assigned 2 offices to ${company} · 1 refused`)).toBeVisible();
    await expect(admin.page.getByText(`Office ${prefix}-3: Office is already assigned to another member company`)).toBeVisible();
    for (const id of ids.slice(0, 2)) await expect.poll(() => officeOf(id)).toEqual({ member_id: member, status: 'LEASED' });
    expect(await officeOf(ids[2]!)).toEqual({ member_id: holder, status: 'LEASED' });

    await admin.page.getByRole('button', { name: 'Undo' }).click();
    await expect(admin.page.getByText('Put 2 offices back')).toBeVisible();
    for (const id of ids.slice(0, 2)) await expect.poll(() => officeOf(id)).toEqual({ member_id: null, status: 'VACANT' });
    expect(await officeOf(ids[2]!)).toEqual({ member_id: holder, status: 'LEASED' });
    expect(((await apiAs(admin.page, admin.token, 'GET', `/api/members/${member}`)).body as { office_id: string | null }).office_id).toBeNull();
    await admin.context.close();
  });
});
