import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { USERS, apiAs, signedInContext, signedInPage } from './support/app';
import { card, column, count, countOf, createDeal, drag, key, openBoard, uniqueName } from './support/deals';

test.describe('deal board', () => {
  test('a card dragged with the mouse lands at once, the headers follow, and another user sees it move without a reload', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    await admin.page.setViewportSize({ width: 1600, height: 1000 });
    const name = uniqueName('Mouse Drag');
    await createDeal(admin.page, admin.token, name);

    await openBoard(admin.page);
    await openBoard(manager.page);
    await admin.page.getByLabel('Search deals').fill(name);
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await expect(card(manager.page, name)).toHaveAttribute('data-stage', 'form_submitted');
    const managerBooked = await countOf(manager.page, 'tour_booked');
    const managerSubmitted = await countOf(manager.page, 'form_submitted');

    await drag(admin.page, card(admin.page, name), column(admin.page, 'tour_booked'));
    await expect(column(admin.page, 'tour_booked').locator(`[data-deal-name="${name}"]`)).toBeVisible();
    await expect(count(admin.page, 'tour_booked')).toHaveText('1');
    await expect(count(admin.page, 'form_submitted')).toHaveText('0');
    await expect(column(admin.page, 'tour_booked').locator('[data-column-value]')).toHaveText('$12,000');
    await expect(column(admin.page, 'tour_booked').locator('[data-column-weighted]')).toHaveText('$6,000');
    await expect(admin.page.getByText(`Moved ${name} to Tour Booked`)).toBeVisible();

    // The manager's board follows: the card changes column, marked with who moved it, counts too.
    const moved = column(manager.page, 'tour_booked').locator(`[data-deal-name="${name}"]`);
    await expect(moved).toBeVisible();
    await expect(moved).toContainText(`Updated by ${USERS.admin.name}`);
    await expect(count(manager.page, 'tour_booked')).toHaveText(String(managerBooked + 1));
    await expect(count(manager.page, 'form_submitted')).toHaveText(String(managerSubmitted - 1));
    await admin.context.close();
    await manager.context.close();
  });

  test('keyboard: focus, Space, ArrowRight, Space moves the card one column right, saying each step; Ctrl+Z undoes it', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const name = uniqueName('Keyboard Drag');
    const { id } = await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(name);

    await card(admin.page, name).focus();
    await key(admin.page, 'Space', `Picked up ${name}. Form Submitted, position 1 of 1`);
    await key(admin.page, 'ArrowRight', `${name}. Tour Booked, position 1 of 1`);
    await key(admin.page, 'Space', `Dropped ${name}. Tour Booked, position 1 of 1`);
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'tour_booked');
    await expect(card(admin.page, name)).toBeFocused();
    await expect.poll(async () => (await apiAs(admin.page, admin.token, 'GET', `/api/deals/${id}`)).body.stage).toBe('tour_booked');

    // Escape puts a picked-up card back.
    await key(admin.page, 'Space', `Picked up ${name}. Tour Booked, position 1 of 1`);
    await key(admin.page, 'ArrowRight', `${name}. Tour Completed, position 1 of 1`);
    await key(admin.page, 'Escape', `Cancelled. ${name} returned to Tour Booked, position 1 of 1`);
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'tour_booked');

    // Ctrl+Z takes the move back.
    await admin.page.keyboard.press('Control+z');
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await expect(admin.page.getByText(`Moved ${name} back to Form Submitted`)).toBeVisible();
    await expect.poll(async () => (await apiAs(admin.page, admin.token, 'GET', `/api/deals/${id}`)).body.stage).toBe('form_submitted');
    await admin.context.close();
  });

  test('the Undo in the toast takes back a move; an undo after someone else moved the deal is refused with the server’s message', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const name = uniqueName('Toast Undo');
    const { id } = await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(name);
    await card(admin.page, name).focus();
    await key(admin.page, 'Space', /^Picked up/);
    await key(admin.page, 'ArrowRight', /Tour Booked/);
    await key(admin.page, 'ArrowRight', /Tour Completed/);
    await key(admin.page, 'Space', /^Dropped/);
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'tour_completed');
    await admin.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await expect.poll(async () => (await apiAs(admin.page, admin.token, 'GET', `/api/deals/${id}`)).body.stage).toBe('form_submitted');

    // Moved again, then someone else moves it on: the undo is refused with the server's reason.
    await card(admin.page, name).focus();
    await key(admin.page, 'Space', /^Picked up/);
    await key(admin.page, 'ArrowRight', /Tour Booked/);
    await key(admin.page, 'Space', /^Dropped/);
    await expect.poll(async () => (await apiAs(admin.page, admin.token, 'GET', `/api/deals/${id}`)).body.stage).toBe('tour_booked');
    const manager = await signedInContext(browser, 'manager');
    const theirs = await apiAs(admin.page, manager.token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'agreement_sent' });
    expect(theirs.status).toBe(200);
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'agreement_sent');
    await admin.page.keyboard.press('Control+z');
    await expect(admin.page.getByText('The move was not undone.')).toBeVisible();
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'agreement_sent');
    await manager.context.close();
    await admin.context.close();
  });

  test('a move someone else beat glides back and says who moved the deal where', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const name = uniqueName('Conflict Move');
    const { id, version } = await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(name);

    // Just before the admin's move reaches the server, the manager moves the deal elsewhere.
    await admin.page.route(`**/api/deals/${id}/stage`, async (route) => {
      const theirs = await apiAs(manager.page, manager.token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'tour_completed', version });
      expect(theirs.status).toBe(200);
      await route.continue();
    });
    await card(admin.page, name).focus();
    await key(admin.page, 'Space', /^Picked up/);
    await key(admin.page, 'ArrowRight', /Tour Booked/);
    await key(admin.page, 'Space', /^Dropped/);

    await expect(admin.page.getByText('Failed to update deal stage')).toBeVisible();
    await expect(admin.page.getByText(`${USERS.manager.name} moved this deal to Tour Completed a moment ago`)).toBeVisible();
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'tour_completed');
    await expect(column(admin.page, 'tour_booked').locator(`[data-deal-name="${name}"]`)).toHaveCount(0);
    await admin.context.close();
    await manager.context.close();
  });

  test('the detail dialog and the card menu move a deal to any stage without dragging; a signed deal has no move items', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const name = uniqueName('Menu Move');
    const { id } = await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(name);

    // From the detail dialog.
    await card(admin.page, name).click();
    await admin.page.getByTestId('deal-detail').getByRole('button', { name: 'Move to...' }).click();
    await admin.page.getByRole('menuitem', { name: 'Tour Booked' }).click();
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'tour_booked');
    await expect(admin.page.getByRole('dialog').locator('[data-stage="tour_booked"]')).toBeVisible();
    await admin.page.getByRole('button', { name: 'Close', exact: true }).last().click();

    // From the card's own menu.
    await admin.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await admin.page.getByRole('menuitem', { name: 'Agreement Signed' }).click();
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(count(admin.page, 'agreement_signed')).toHaveText('1');
    await expect.poll(async () => (await apiAs(admin.page, admin.token, 'GET', `/api/deals/${id}`)).body.stage).toBe('agreement_signed');
    await expect(card(admin.page, name)).toHaveAccessibleName(new RegExp(`^Closed ${name} .*${name} Inc`));
    await admin.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect(admin.page.getByRole('menuitem', { name: 'Open' })).toBeVisible();
    await expect(admin.page.getByRole('menuitem', { name: 'Tour Booked' })).toHaveCount(0);
    await admin.page.keyboard.press('Escape');

    // By keyboard, on a card the pointer never came near: Tab reaches the menu's button, Enter
    // opens the menu on its first item, Escape gives the focus back to the button.
    const other = uniqueName('Menu Keys');
    await createDeal(admin.page, admin.token, other);
    await admin.page.getByLabel('Search deals').fill(other);
    const actions = admin.page.getByRole('button', { name: `Actions for ${other}` });
    await card(admin.page, other).focus();
    for (let step = 0; step < 3 && !(await actions.evaluate((button) => button === document.activeElement)); step++) await admin.page.keyboard.press('Tab');
    await expect(actions).toBeFocused();
    await admin.page.keyboard.press('Enter');
    await expect(admin.page.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await admin.page.keyboard.press('Escape');
    await expect(admin.page.getByRole('menuitem', { name: 'Open' })).toHaveCount(0);
    await expect(actions).toBeFocused();
    await admin.context.close();
  });

  test('a viewer sees the board read-only: no drag handles, no Add Deal, cards still open', async ({ browser }) => {
    const viewer = await signedInPage(browser, 'viewer');
    await openBoard(viewer.page);
    await expect(viewer.page.getByRole('button', { name: 'Add Deal' })).toHaveCount(0);
    await expect(viewer.page.locator('[data-drag-handle]')).toHaveCount(0);
    const first = viewer.page.locator('[data-testid="deal-card"]').first();
    const stage = await first.getAttribute('data-stage');
    const id = await first.getAttribute('data-deal-id');
    await first.focus();
    await viewer.page.keyboard.press('Space');
    await viewer.page.keyboard.press('ArrowRight');
    await viewer.page.keyboard.press('Space');
    await expect(viewer.page.locator(`[data-deal-id="${id}"]`)).toHaveAttribute('data-stage', stage!);
    await expect(viewer.page.getByTestId('board-announcer')).toHaveText('');
    await viewer.page.locator(`[data-deal-id="${id}"]`).click();
    await expect(viewer.page.getByTestId('deal-detail')).toBeVisible();
    await expect(viewer.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await viewer.context.close();
  });

  test('Add Deal: the spec’s message and each missing field marked; then the deal is created with its value', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await openBoard(admin.page);
    await admin.page.getByRole('button', { name: 'Add Deal' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add Deal' });
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(dialog.getByText('Please fill in all required fields')).toBeVisible();
    await expect(dialog.getByLabel('Deal name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Contact email')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Location')).toHaveAttribute('aria-invalid', 'true');

    const name = uniqueName('Dialog Deal');
    await dialog.getByLabel('Deal name').fill(name);
    await dialog.getByLabel('Company name').fill('Dialog Co');
    await dialog.getByLabel('Location').selectOption({ label: '55 Broadway' });
    await dialog.getByLabel('Contact name').fill('Robin Park');
    await dialog.getByLabel('Contact email').fill('robin@example.com');
    await dialog.getByLabel('Offered price').fill('2000');
    await dialog.getByLabel('Term (months)').fill('6');
    await expect(dialog.getByTestId('deal-value-preview')).toContainText('$12,000');
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(admin.page.getByText(`Deal ${name} added`)).toBeVisible();
    await expect(card(admin.page, name)).toHaveAttribute('data-stage', 'form_submitted');

    // Edit from the detail dialog: the card follows the saved probability.
    await admin.page.keyboard.press('Escape');
    await admin.page.getByLabel('Search deals').fill(name);
    await card(admin.page, name).click();
    await admin.page.getByTestId('deal-detail').getByRole('button', { name: 'Edit' }).click();
    const edit = admin.page.getByRole('dialog', { name: 'Edit Deal' });
    await expect(edit.getByLabel('Deal name')).toHaveValue(name);
    await edit.getByLabel('Probability').fill('75');
    await edit.getByLabel('Contact email').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Please fill in all required fields')).toBeVisible();
    await edit.getByLabel('Contact email').fill('robin@example.com');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(card(admin.page, name)).toContainText('75%');
    await admin.context.close();
  });

  test('views are kept under crmDeals; the profile opens from the detail dialog and an unknown id says so', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const name = uniqueName('Profile Deal');
    await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);
    await admin.page.getByRole('button', { name: 'List View' }).click();
    await expect(admin.page.getByTestId('deal-table')).toBeVisible();
    expect(await admin.page.evaluate(() => localStorage.getItem('crmDeals'))).toBe('"list"');
    await admin.page.getByRole('button', { name: 'Statistics' }).click();
    await expect(admin.page.getByRole('heading', { name: 'Pipeline Breakdown' })).toBeVisible();
    await expect(admin.page.getByRole('heading', { name: 'Performance Metrics' })).toBeVisible();
    await admin.page.reload();
    await expect(admin.page.getByRole('heading', { name: 'Pipeline Breakdown' })).toBeVisible();
    await admin.page.getByRole('button', { name: 'Pipeline' }).click();

    await admin.page.getByLabel('Search deals').fill(name);
    await card(admin.page, name).click();
    await admin.page.getByTestId('deal-detail').getByRole('button', { name: 'View' }).click();
    await expect(admin.page).toHaveURL(/\/crm\/deals\/[0-9a-f-]+$/);
    await expect(admin.page.getByRole('heading', { name })).toBeVisible();
    await admin.page.getByRole('tab', { name: 'Terms & Pricing' }).click();
    await expect(admin.page.getByText('$1,000 per month')).toBeVisible();
    await admin.page.goto('/crm/deals/00000000-0000-4000-8000-000000000000');
    await expect(admin.page.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
    await admin.context.close();
  });

  test('in the list, a click on a row opens the detail dialog and View opens the deal’s page', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const name = uniqueName('Listed Deal');
    const { id } = await createDeal(admin.page, admin.token, name);
    await openBoard(admin.page);
    await admin.page.getByRole('button', { name: 'List View' }).click();
    await admin.page.getByLabel('Search deals').fill(name);
    const row = admin.page.locator(`[data-testid="deal-row"][data-deal-id="${id}"]`);
    // Anywhere on the row (here its company cell): the dialog, and the address stays the list's.
    await row.getByText(`${name} Inc`).click();
    await expect(admin.page.getByTestId('deal-detail')).toHaveAttribute('data-deal-id', id);
    await expect(admin.page).toHaveURL(/\/crm\/deals(\?.*)?$/);
    await admin.page.keyboard.press('Escape');
    await expect(admin.page.getByTestId('deal-detail')).toBeHidden();
    await row.getByRole('link', { name: `View ${name}` }).click();
    await expect(admin.page).toHaveURL(new RegExp(`/crm/deals/${id}$`));
    await expect(admin.page.getByRole('heading', { name })).toBeVisible();
    await expect(admin.page.getByTestId('deal-detail')).toHaveCount(0);
    await admin.context.close();
  });

  test('the board, the list and the detail dialog have no serious accessibility violations', async ({ browser }) => {
    // Three full axe scans of a board of cards: on a busy 2-core machine they outlast the default 30 s.
    test.setTimeout(90_000);
    const admin = await signedInPage(browser, 'admin');
    await openBoard(admin.page);
    const serious = async () =>
      (await new AxeBuilder({ page: admin.page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
    expect(await serious()).toEqual([]);
    await admin.page.locator('[data-testid="deal-card"]').first().click();
    await expect(admin.page.getByTestId('deal-detail')).toBeVisible();
    expect(await serious()).toEqual([]);
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('button', { name: 'List View' }).click();
    await expect(admin.page.getByTestId('deal-table')).toBeVisible();
    expect(await serious()).toEqual([]);
    await admin.context.close();
  });
});

test.describe('a deal’s company and contact', () => {
  test('Add Deal: an existing company and one of its contacts picked from the lists by keyboard; the deal shows that company and links them, copying nothing', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const companies = (await apiAs(admin.page, admin.token, 'GET', '/api/companies?q=Tandem Mobility')).body as { id: string; name: string }[];
    expect(companies).toHaveLength(1);
    const tandem = companies[0]!;
    const contacts = (await apiAs(admin.page, admin.token, 'GET', `/api/contacts?company_id=${tandem.id}`)).body as { id: string; name: string; email: string }[];
    expect(contacts.length).toBeGreaterThan(0);

    await openBoard(admin.page);
    await admin.page.getByRole('button', { name: 'Add Deal' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add Deal' });
    const name = uniqueName('Picked Parties');
    await dialog.getByLabel('Deal name').fill(name);

    // Typing looks the company up: the match, then the option to create a new one.
    const company = dialog.getByRole('combobox', { name: 'Company name' });
    await company.pressSequentially('tandem mob');
    const companyList = dialog.getByRole('listbox', { name: 'Matching companies' });
    await expect(companyList.getByRole('option')).toHaveText([/Tandem Mobility/, 'Create new company “tandem mob”']);
    await expect(company).toHaveAttribute('aria-expanded', 'true');
    const violations = (await new AxeBuilder({ page: admin.page }).include('[role="dialog"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    // Escape closes the list and leaves the dialog open.
    await company.press('Escape');
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();
    await expect(company).toHaveValue('tandem mob');
    // Arrow down to the match, Enter picks it.
    await company.press('ArrowDown');
    await expect(companyList.getByRole('option', { selected: true })).toContainText('Tandem Mobility');
    await company.press('Enter');
    await expect(company).toHaveValue('Tandem Mobility');
    await expect(company).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByText('Existing company')).toBeVisible();

    // The company's contacts are offered before anything is typed; the second is picked.
    const contact = dialog.getByRole('combobox', { name: 'Contact name' });
    const contactList = dialog.getByRole('listbox', { name: 'Matching contacts' });
    const chosen = contacts[Math.min(1, contacts.length - 1)]!;
    await contact.focus();
    await contact.press('ArrowDown');
    await expect(contactList.getByRole('option')).toHaveCount(contacts.length);
    const highlighted = contactList.getByRole('option', { selected: true });
    for (let presses = 0; presses <= contacts.length && !((await highlighted.count()) > 0 && (await highlighted.textContent())?.includes(chosen.email)); presses += 1) {
      await contact.press('ArrowDown');
    }
    await expect(highlighted).toContainText(chosen.email);
    await contact.press('Enter');
    await expect(contact).toHaveValue(chosen.name);
    await expect(dialog.getByLabel('Contact email')).toHaveValue(chosen.email);
    await expect(dialog.getByText('Existing contact')).toBeVisible();

    await dialog.getByLabel('Location').selectOption({ label: '55 Broadway' });
    await dialog.getByLabel('Offered price').fill('1500');
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(admin.page.getByText(`Deal ${name} added`)).toBeVisible();
    await expect(card(admin.page, name)).toContainText('Tandem Mobility');
    await expect(card(admin.page, name)).toContainText(chosen.name);

    const deals = (await apiAs(admin.page, admin.token, 'GET', `/api/deals?q=${encodeURIComponent(name)}`)).body as { company_id: string; contact_id: string }[];
    expect(deals).toEqual([expect.objectContaining({ company_id: tandem.id, contact_id: chosen.id })]);
    expect((await apiAs(admin.page, admin.token, 'GET', '/api/companies?q=tandem')).body).toHaveLength(1);
    expect((await apiAs(admin.page, admin.token, 'GET', `/api/contacts?company_id=${tandem.id}`)).body).toHaveLength(contacts.length);
    await admin.context.close();
  });
});
