import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, formatReportDate } from '../../shared/domain/reportsPeriods';
import { apiAs, expectLive, signedInContext } from './support/app';
import { createOffice, uniqueNumber } from './support/data';

interface Occupancy {
  as_of: string;
  tiles: { office_occupancy: number; total_offices: number; leased_offices: number };
}

const officeTile = (page: Page) => page.locator('[data-stat="Office Occupancy"]');
const percent = (value: number) => `${value.toFixed(1)}%`;

test.describe('reports', () => {
  test('choosing a past day shows the occupancy as it was then, and Today goes back to the live figures', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/reporting');
    await expectLive(page);
    const live = (await apiAs(page, token, 'GET', '/api/reports/occupancy')).body as Occupancy;
    await expect(officeTile(page).locator('[data-stat-value]')).toHaveText(percent(live.tiles.office_occupancy));
    await expect(page.getByTestId('report-as-of')).toContainText('Live');

    // The demo's offices filled up over the past years: nine months ago fewer were leased.
    const day = addDays(live.as_of, -270);
    const past = (await apiAs(page, token, 'GET', `/api/reports/occupancy?as_of=${day}`)).body as Occupancy;
    expect(past.tiles.leased_offices).toBeLessThan(live.tiles.leased_offices);
    await page.getByLabel('As of').fill(day);
    await expect(page.getByTestId('report-as-of')).toContainText(`As of ${formatReportDate(day)}`);
    await expect(page.getByTestId('report-as-of')).toContainText('Past day');
    await expect(officeTile(page).locator('[data-stat-value]')).toHaveText(percent(past.tiles.office_occupancy));
    await expect(officeTile(page)).toContainText(`${past.tiles.leased_offices} of ${past.tiles.total_offices} offices leased`);
    await expect(page).toHaveURL(new RegExp(`as_of=${day}`));

    // The address keeps the choice: a reload shows the same day.
    await page.reload();
    await expect(officeTile(page).locator('[data-stat-value]')).toHaveText(percent(past.tiles.office_occupancy));

    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByTestId('report-as-of')).toContainText('Live');
    await expect(officeTile(page).locator('[data-stat-value]')).toHaveText(percent(live.tiles.office_occupancy));
    await context.close();
  });

  test('a new office elsewhere reaches the open report without a reload', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/reporting');
    await expectLive(page);
    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Market Street' });
    const before = (await apiAs(page, token, 'GET', '/api/reports/occupancy?location=Market%20Street')).body as Occupancy;
    await expect(officeTile(page)).toContainText(`of ${before.tiles.total_offices} offices leased`);
    await createOffice(page, token, 'Market Street', uniqueNumber('R'));
    await expect(officeTile(page)).toContainText(`${before.tiles.leased_offices} of ${before.tiles.total_offices + 1} offices leased`);
    const vacant = page.locator('[data-report-table="offices"] tr', { hasText: 'Vacant' });
    await expect(vacant).toBeVisible();
    await context.close();
  });

  test('Export downloads the report as CSV and as PDF', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/reporting?period=this_quarter');
    await expectLive(page);
    await expect(officeTile(page).locator('[data-stat-value]')).toHaveText(/%$/);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(/^occupancy-report-all-locations-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text).toContain('Occupancy Report');
    expect(text).toContain('Period,This Quarter');
    expect(text).toContain('Location Performance Comparison');

    await page.goto('/term-analysis');
    await expect(page.locator('[data-stat="Total Leased Offices"] [data-stat-value]')).toHaveText(/\d/);
    const pdf = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const paper = await pdf;
    expect(paper.suggestedFilename()).toMatch(/^term-analysis-all-locations-current-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(readFileSync((await paper.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  test('term analysis: the tabs, a period, and a manager sees only their locations', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'manager');
    const page = await context.newPage();
    await page.goto('/term-analysis');
    await expectLive(page);
    // The manager starts at their primary location; All Locations is both of theirs.
    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'All Locations' });
    const current = (await apiAs(page, token, 'GET', '/api/reports/term-analysis')).body as { tiles: { total_leased_offices: number } };
    await expect(page.locator('[data-stat="Total Leased Offices"] [data-stat-value]')).toHaveText(String(current.tiles.total_leased_offices));
    await expect(page.locator('[data-report-table="buckets"]')).toContainText('13-24 months');

    await page.getByRole('tab', { name: 'Negotiation Analysis' }).click();
    await expect(page.locator('[data-report-table="negotiation"]')).toContainText('Negotiated');
    const offices = page.locator('[data-report-table="offices"] tbody tr');
    await expect(offices.first()).toBeVisible();
    for (const row of await offices.allTextContents()) expect(row).toMatch(/55 Broadway|60 Broad/);

    await page.getByRole('tab', { name: 'Opportunities' }).click();
    await expect(page.getByRole('tabpanel')).toContainText(/Short-term pricing|No opportunities flagged/);

    await page.getByLabel('Period').selectOption({ label: 'This Year' });
    await expect(page.getByTestId('report-period')).toContainText('Leases starting Jan 1,');
    await expect(page).toHaveURL(/period=this_year/);

    // As of a past day, like the occupancy report: the leases as that day ended.
    await page.getByLabel('Period').selectOption({ label: 'Current Leases' });
    await expect(page.getByTestId('report-as-of')).toContainText('Live');
    const day = addDays((await apiAs(page, token, 'GET', '/api/reports/term-analysis')).body.as_of as string, -270);
    const past = (await apiAs(page, token, 'GET', `/api/reports/term-analysis?as_of=${day}`)).body as { tiles: { total_leased_offices: number } };
    await page.getByLabel('As of').fill(day);
    await expect(page.getByTestId('report-as-of')).toContainText(`As of ${formatReportDate(day)}`);
    await expect(page.getByTestId('report-as-of')).toContainText('Past day');
    await expect(page.locator('[data-stat="Total Leased Offices"] [data-stat-value]')).toHaveText(String(past.tiles.total_leased_offices));
    await expect(page).toHaveURL(new RegExp(`as_of=${day}`));
    await context.close();
  });

  test('both report screens pass the accessibility checks', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'viewer');
    const page = await context.newPage();
    for (const path of ['/reporting', '/term-analysis']) {
      await page.goto(path);
      await expectLive(page);
      await expect(page.locator('[data-stat-value]').first()).toBeVisible();
      const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations.map((v) => `${path} ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    }
    await context.close();
  });
});
