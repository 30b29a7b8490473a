import { expect, test, type Page } from '@playwright/test';
import { expectLive, signedInContext } from './support/app';
import { card, column, createDeal, openBoard, uniqueName } from './support/deals';

const STAGES = ['form_submitted', 'tour_booked', 'tour_completed', 'agreement_sent', 'agreement_signed', 'close_lost'];

/** Nothing on the page itself scrolls sideways. */
async function pageOverflow(page: Page) {
  return page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
}

async function expectAllHeadersInWindow(page: Page, width: number) {
  for (const stage of STAGES) {
    const header = column(page, stage).locator('header');
    const box = (await header.boundingBox())!;
    expect(box, `${stage} header`).toBeTruthy();
    expect(box.x, `${stage} header starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${stage} header ends on screen`).toBeLessThanOrEqual(width);
  }
}

test.describe('deal board at every width', () => {
  test('at 1440×900 the compact density fits all six columns, titles take at most two lines, and the choice survives a reload', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const name = uniqueName('Compact Density With A Rather Long Deal Name That Would Otherwise Wrap Onto Many Lines');
    await createDeal(page, token, name);
    await openBoard(page);

    const compact = page.getByRole('button', { name: 'Compact', exact: true });
    await expect(compact).toHaveAttribute('aria-pressed', 'false');
    await compact.click();
    await expect(compact).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('deal-board')).toHaveAttribute('data-density', 'compact');

    await expectAllHeadersInWindow(page, 1440);
    await expect(page.getByRole('button', { name: 'List View' })).toBeInViewport({ ratio: 1 });
    const board = await page.getByTestId('deal-board').evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
    expect(board.scroll).toBeLessThanOrEqual(board.client);
    expect((await pageOverflow(page)).scroll).toBeLessThanOrEqual(1440);

    // A long title is cut after two lines (its whole name is in the card's label and tooltip).
    const title = card(page, name).locator('h3');
    const lines = await title.evaluate((h) => h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight));
    expect(lines).toBeLessThanOrEqual(2.05);
    await expect(title).toHaveAttribute('title', name);

    await page.reload();
    await expectLive(page);
    await expect(page.getByRole('button', { name: 'Compact', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('deal-board')).toHaveAttribute('data-density', 'compact');
    await expectAllHeadersInWindow(page, 1440);

    // Back to the roomy cards, remembered too.
    await page.getByRole('button', { name: 'Comfortable', exact: true }).click();
    await page.reload();
    await expectLive(page);
    await expect(page.getByTestId('deal-board')).toHaveAttribute('data-density', 'comfortable');
    await context.close();
  });

  test('the density is remembered per user: another user on the same browser keeps their own', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const page = await admin.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBoard(page);
    await page.getByRole('button', { name: 'Compact', exact: true }).click();
    await expect(page.getByTestId('deal-board')).toHaveAttribute('data-density', 'compact');
    const stored = await page.evaluate(() => localStorage.getItem('dealBoard.density'));
    await admin.context.close();

    // The manager signs in where the admin chose compact: the stored choice is the admin's, not theirs.
    const manager = await signedInContext(browser, 'manager');
    await manager.context.addInitScript((value) => localStorage.setItem('dealBoard.density', value ?? ''), stored);
    const other = await manager.context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await openBoard(other);
    await expect(other.getByTestId('deal-board')).toHaveAttribute('data-density', 'comfortable');
    await manager.context.close();
  });

  test('at 1024 px the columns scroll sideways inside the board, never the page, and cards stay readable', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await openBoard(page);
    // The toolbar keeps every control whole, the view switch included.
    await expect(page.getByRole('button', { name: 'List View' })).toBeInViewport({ ratio: 1 });
    for (const density of ['Comfortable', 'Compact']) {
      await page.getByRole('button', { name: density, exact: true }).click();
      // Every card stays inside its column.
      const submitted = column(page, 'form_submitted');
      const firstCard = submitted.locator('[data-testid="deal-card"]').first();
      await expect
        .poll(async () => {
          const [c, k] = [(await submitted.boundingBox())!, (await firstCard.boundingBox())!];
          return k.x >= c.x && k.x + k.width <= c.x + c.width;
        })
        .toBe(true);
      const overflow = await pageOverflow(page);
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.inner);
      // Compact columns keep a readable width of their own and scroll rather than squeeze.
      const first = (await page.locator('[data-testid="deal-card"]').first().boundingBox())!;
      expect(first.width).toBeGreaterThanOrEqual(density === 'Compact' ? 150 : 200);
      // The last column is reached by scrolling the board.
      const last = column(page, 'close_lost').locator('header');
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport({ ratio: 1 });
      expect((await pageOverflow(page)).scroll).toBeLessThanOrEqual(overflow.inner);
    }
    await context.close();
  });

  test('on a 390 px phone the board is usable: no sideways page scroll, a full-width column, a card opens', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openBoard(page);
    const overflow = await pageOverflow(page);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.inner);
    const first = page.locator('[data-testid="deal-card"]').first();
    const box = (await first.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThanOrEqual(220);
    await page.getByRole('button', { name: 'Compact', exact: true }).click();
    expect((await pageOverflow(page)).scroll).toBeLessThanOrEqual(overflow.inner);
    await first.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await context.close();
  });
});
