import { expect, test, type WebSocketRoute } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext } from './support/app';

test.describe('live sync', () => {
  test('a rename by one user reaches another user’s selector without a reload, and both see each other', async ({ browser }) => {
    const a = await signedInContext(browser, 'admin');
    const b = await signedInContext(browser, 'viewer');
    const pageA = await a.context.newPage();
    const pageB = await b.context.newPage();
    await pageA.goto('/');
    await pageB.goto('/');
    await expectLive(pageA);
    await expectLive(pageB);

    // Presence: each sees the other on the same screen, and nobody on another one.
    await expect(pageA.locator(`[data-presence-user="${USERS.viewer.name}"]`)).toBeVisible();
    await expect(pageB.locator(`[data-presence-user="${USERS.admin.name}"]`)).toBeVisible();
    await pageB.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Task Management' }).click();
    await expect(pageA.locator(`[data-presence-user="${USERS.viewer.name}"]`)).toHaveCount(0);
    await pageB.goBack();
    await expect(pageA.locator(`[data-presence-user="${USERS.viewer.name}"]`)).toBeVisible();

    const selectorB = pageB.getByLabel('Location');
    await expect(selectorB.locator('option', { hasText: 'Vinegar Hill' })).toHaveCount(1);
    const locations = (await apiAs(pageA, a.token, 'GET', '/api/locations')).body as { id: string; name: string }[];
    const target = locations.find((l) => l.name === 'Vinegar Hill')!;
    const renamed = await apiAs(pageA, a.token, 'PUT', `/api/locations/${target.id}`, { name: 'Vinegar Hill Works' });
    expect(renamed.status).toBe(200);

    await expect(selectorB.locator('option', { hasText: 'Vinegar Hill Works' })).toHaveCount(1);
    await expect(pageA.getByLabel('Location').locator('option', { hasText: 'Vinegar Hill Works' })).toHaveCount(1);
    await apiAs(pageA, a.token, 'PUT', `/api/locations/${target.id}`, { name: 'Vinegar Hill' });
    await expect(selectorB.locator('option', { hasText: /^Vinegar Hill$/ })).toHaveCount(1);
    await a.context.close();
    await b.context.close();
  });

  test('a dropped connection shows it, and catches up with what changed meanwhile when it is back', async ({ browser }) => {
    const a = await signedInContext(browser, 'admin');
    const b = await signedInContext(browser, 'manager');
    const pageA = await a.context.newPage();
    const pageB = await b.context.newPage();

    // B's socket goes through the test, so the test can cut it.
    let blocked = false;
    const open: WebSocketRoute[] = [];
    await pageB.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (blocked) {
        ws.close();
        return;
      }
      ws.connectToServer();
      open.push(ws);
    });

    await pageA.goto('/');
    await pageB.goto('/');
    await expectLive(pageB);
    const selectorB = pageB.getByLabel('Location');
    await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);

    blocked = true;
    await b.context.setOffline(true);
    for (const ws of open.splice(0)) await ws.close();
    await expect(pageB.getByRole('status').filter({ hasText: /Reconnecting\.\.\.|Offline/ })).toBeVisible();

    const locations = (await apiAs(pageA, a.token, 'GET', '/api/locations')).body as { id: string; name: string }[];
    const broad = locations.find((l) => l.name === '60 Broad')!;
    const other = locations.find((l) => l.name === 'Center City')!;
    try {
      for (const name of ['60 Broad Street', '60 Broad Tower']) {
        expect((await apiAs(pageA, a.token, 'PUT', `/api/locations/${broad.id}`, { name })).status).toBe(200);
      }
      expect((await apiAs(pageA, a.token, 'PUT', `/api/locations/${other.id}`, { manager: 'Someone Else' })).status).toBe(200);
      // Still cut off: B shows what it had, and does not claim to be live.
      await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);
      await expect(pageB.getByRole('status').filter({ hasText: 'Live' })).toHaveCount(0);

      blocked = false;
      await b.context.setOffline(false);
      await expectLive(pageB);
      await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad Tower']);
    } finally {
      // The name goes back even when a step failed: the spec files after this one on its server expect it.
      expect((await apiAs(pageA, a.token, 'PUT', `/api/locations/${broad.id}`, { name: '60 Broad' })).status).toBe(200);
    }
    await expect(selectorB.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);
    await a.context.close();
    await b.context.close();
  });
});
