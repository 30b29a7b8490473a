import { expect, test } from '@playwright/test';
import { USERS, signedInPage } from './support/app';
import { card, createDeal, key, openBoard, uniqueName } from './support/deals';

test.describe('who is on the deal board', () => {
  test('the board header names the others on it, and a card someone is dragging shows their avatar until they let go', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const name = uniqueName('Held Card');
    await createDeal(admin.page, admin.token, name);

    await openBoard(admin.page);
    await openBoard(manager.page);
    // The board's own header says who else is on it (and the shell does not say it twice).
    const header = manager.page.getByLabel(`Also on the board: ${USERS.admin.name}`);
    await expect(header).toBeVisible();
    await expect(header).toContainText(`${USERS.admin.name} is also on the board`);
    await expect(manager.page.getByTestId('presence')).toHaveCount(1);

    await admin.page.getByLabel('Search deals').fill(name);
    await manager.page.getByLabel('Search deals').fill(name);
    const seen = card(manager.page, name).locator('xpath=..');
    await expect(seen).not.toHaveAttribute('data-held-by');

    // The admin picks the card up with the keyboard: the manager sees who holds it.
    await card(admin.page, name).focus();
    await key(admin.page, 'Space', `Picked up ${name}. Form Submitted, position 1 of 1`);
    await expect(seen).toHaveAttribute('data-held-by', USERS.admin.name);
    await expect(seen.getByTestId('held-by')).toContainText(`${USERS.admin.name} is moving this deal`);
    await key(admin.page, 'ArrowRight', `${name}. Tour Booked, position 1 of 1`);
    await expect(seen).toHaveAttribute('data-held-by', USERS.admin.name);
    await expect(seen.getByTestId('held-by')).toContainText(`${USERS.admin.name} is moving this deal to Tour Booked`);

    // Escape: the card is let go, and the avatar leaves it; nothing moved.
    await key(admin.page, 'Escape', `Cancelled. ${name} returned to Form Submitted, position 1 of 1`);
    await expect(seen).not.toHaveAttribute('data-held-by');
    await expect(card(manager.page, name)).toHaveAttribute('data-stage', 'form_submitted');

    // The admin's own board never shows the admin as holding a card.
    await expect(admin.page.locator('[data-held-by]')).toHaveCount(0);

    // When the admin leaves the board, the manager's header no longer names them.
    await admin.page.goto('/offices');
    await expect(header).toBeHidden();
    await admin.context.close();
    await manager.context.close();
  });
});
