import { expect, test } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext } from './support/app';
import { createDeal, uniqueName } from './support/deals';

test.describe('a deal’s history', () => {
  test('the profile’s History tab tells who moved the deal from which stage to which, and a move made elsewhere appears without a reload', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await admin.context.newPage();
    const name = uniqueName('History Deal');
    const { id } = await createDeal(page, admin.token, name);
    expect((await apiAs(page, manager.token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'tour_booked' })).status).toBe(200);

    await page.goto(`/crm/deals/${id}`);
    await expectLive(page);
    await page.getByRole('tab', { name: 'History' }).click();
    const entries = page.getByTestId('activity-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText(`${USERS.manager.name} moved ${name} from Form Submitted to Tour Booked`);
    await expect(entries.first()).toContainText('Stage: Form Submitted → Tour Booked');
    await expect(entries.last()).toContainText(`${USERS.admin.name} created deal ${name}`);

    // Someone else moves it on: the history grows while the tab is open.
    expect((await apiAs(page, manager.token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'tour_completed' })).status).toBe(200);
    await expect(entries).toHaveCount(3);
    await expect(entries.first()).toContainText(`${USERS.manager.name} moved ${name} from Tour Booked to Tour Completed`);
    await admin.context.close();
    await manager.context.close();
  });
});
