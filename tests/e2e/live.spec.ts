import { expect, test, type WebSocketRoute } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInPage } from './support/app';

test.describe('live sync', () => {
  test('a rename by one user reaches another user’s selector without a reload, and both see each other', async ({ browser }) => {
    const a = await signedInPage(browser, 'admin');
    const b = await signedInPage(browser, 'viewer');
    await a.page.goto('/');
    await b.page.goto('/');
    await expectLive(a.page);
    await expectLive(b.page);

    // Presence: each sees the other on the same screen, and nobody on another one.
    await expect(a.page.locator(`[data-presence-user="${USERS.viewer.name}"]`)).toBeVisible();
    await expect(b.page.locator(`[data-presence-user="${USERS.admin.name}"]`)).toBeVisible();
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Task Management' }).click();
    await expect(a.page.locator(`[data-presence-user="${USERS.viewer.name}"]`)).toHaveCount(0);
    await b.page.goBack();
    await expect(a.page.locator(`[data-presence-user="${USERS.viewer.name}"]`)).toBeVisible();

    const selectorB = b.page.getByLabel('Location');
    await expect(selectorB.locator('option', { hasText: 'Vinegar Hill' })).toHaveCount(1);
    const locations = (await apiAs(a.page, a.token, 'GET', '/api/locations')).body as { id: string; name: string }[];
    const target = locations.find((l) => l.name === 'Vinegar Hill')!;
    const renamed = await apiAs(a.page, a.token, 'PUT', `/api/locations/${target.id}`, { name: 'Vinegar Hill Works' });
    expect(renamed.status).toBe(200);

    await expect(selectorB.locator('option', { hasText: 'Vinegar Hill Works' })).toHaveCount(1);
    await expect(a.page.getByLabel('Location').locator('option', { hasText: 'Vinegar Hill Works' })).toHaveCount(1);
    await apiAs(a.page, a.token, 'PUT', `/api/locations/${target.id}`, { name: 'Vinegar Hill' });
    await expect(selectorB.locator('option', { hasText: /^Vinegar Hill$/ })).toHaveCount(1);
    await a.context.close();
    await b.context.close();
  });

  test('a dropped connection shows it, and catches up with what changed meanwhile when it is back', async ({ browser }) => {
    const a = await signedInPage(browser, 'admin');
    const b = await signedInPage(browser, 'manager');

    // B's socket goes through the test, so the test can cut it.
    let blocked = false;
    const open: WebSocketRoute[] = [];
    await b.page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (blocked) {
        ws.close();
        return;
      }
      ws.connectToServer();
      open.push(ws);
    });

    await a.page.goto('/');
    await b.page.goto('/');
    await expectLive(b.page);
    const selectorB = b.page.getByLabel('Location');
    await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);

    blocked = true;
    await b.context.setOffline(true);
    for (const ws of open.splice(0)) await ws.close();
    await expect(b.page.getByRole('status').filter({ hasText: /Reconnecting\.\.\.|Offline/ })).toBeVisible();

    const locations = (await apiAs(a.page, a.token, 'GET', '/api/locations')).body as { id: string; name: string }[];
    const broad = locations.find((l) => l.name === '60 Broad')!;
    const other = locations.find((l) => l.name === 'Center City')!;
    try {
      for (const name of ['60 Broad Street', '60 Broad Tower']) {
        expect((await apiAs(a.page, a.token, 'PUT', `/api/locations/${broad.id}`, { name })).status).toBe(200);
      }
      expect((await apiAs(a.page, a.token, 'PUT', `/api/locations/${other.id}`, { manager: 'Someone Else' })).status).toBe(200);
      // Still cut off: B shows what it had, and does not claim to be live.
      await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);
      await expect(b.page.getByRole('status').filter({ hasText: 'Live' })).toHaveCount(0);

      blocked = false;
      await b.context.setOffline(false);
      await expectLive(b.page);
      await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad Tower']);
    } finally {
      // The name goes back even when a step failed: the spec files after this one on its server expect it.
      expect((await apiAs(a.page, a.token, 'PUT', `/api/locations/${broad.id}`, { name: '60 Broad' })).status).toBe(200);
    }
    await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);
    await a.context.close();
    await b.context.close();
  });
});
