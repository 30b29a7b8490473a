import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInContext, type Who } from './support/app';
import { locationId } from './support/data';

/**
 * Every screen, for every role, at a phone, a tablet and a desktop width: no serious or critical
 * axe violation (WCAG 2.0/2.1 A and AA, best practices, and the accessible name containing the
 * visible text), and on a phone nothing scrolls the page sideways. One context per role and width;
 * the screens are visited in the same page, through the app's own router, so each costs one render.
 */

// The checks only read, each in its own context: they are spread over every worker (each with its
// own server) rather than run in order on one, the longest file of the run otherwise.
test.describe.configure({ mode: 'parallel' });

const WIDTHS = [390, 1024, 1440] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Ids {
  office: string;
  member: string;
  deal: string;
  contact: string;
  company: string;
}

/** A screen to check: its address, and what to do on it (open a view, a dialog) before each check. */
interface Stop {
  name: string;
  path: (ids: Ids) => string;
  /** Further states of the same screen, each checked after its step. */
  then?: { name: string; step: (page: Page) => Promise<void>; roles?: Who[] }[];
  roles?: Who[];
}

const showDealView = (label: string) => async (page: Page) => {
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: label }).click();
  await expect(page.getByRole('group', { name: 'View' }).getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
};

/** The floor plan view: the first location's first floor (the demo draws one for each), its shapes and the offices left to place. */
const showFloorPlan = async (page: Page) => {
  await page.getByRole('button', { name: 'Floor plan view' }).click();
  await expect(page.getByRole('group', { name: 'Floor plan' })).toBeVisible();
  await expect(page.getByTestId('floor-shape').first()).toBeVisible();
};

const showWeek = async (page: Page) => {
  const week = page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Week view: one room' });
  await week.click();
  await expect(week).toHaveAttribute('aria-pressed', 'true');
};

const openImport = async (page: Page) => {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
  // Previewed only, never imported: one good row and one with a problem.
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['Name,Email,Phone,Title', 'Robin Example,robin@example.com,555-0100,COO', 'No Email,,,'].join('\n')),
  });
  await expect(dialog.getByTestId('import-summary')).toBeVisible();
};

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

const STOPS: Stop[] = [
  { name: 'dashboard', path: () => '/' },
  {
    name: 'offices',
    path: () => '/offices',
    then: [
      { name: 'offices list view', step: (page) => page.getByRole('button', { name: 'List view' }).click() },
      { name: 'offices floor plan', step: showFloorPlan },
    ],
  },
  { name: 'office profile', path: (ids) => `/offices/${ids.office}` },
  { name: 'bookings', path: () => '/bookings', then: [{ name: 'bookings week', step: showWeek }] },
  { name: 'members', path: () => '/members' },
  { name: 'member profile', path: (ids) => `/members/${ids.member}` },
  { name: 'tasks', path: () => '/tasks' },
  { name: 'templates', path: () => '/templates' },
  {
    name: 'deals board',
    path: () => '/crm/deals',
    then: [
      { name: 'deals list', step: showDealView('List View') },
      { name: 'deals statistics', step: showDealView('Statistics') },
    ],
  },
  { name: 'deal page', path: (ids) => `/crm/deals/${ids.deal}` },
  { name: 'contacts', path: () => '/crm/contacts', then: [{ name: 'imports dialog', step: openImport, roles: ['admin', 'manager'] }] },
  { name: 'contact profile', path: (ids) => `/crm/contacts/${ids.contact}` },
  { name: 'companies', path: () => '/crm/companies' },
  { name: 'company profile', path: (ids) => `/crm/companies/${ids.company}` },
  { name: 'occupancy report', path: () => '/reporting' },
  { name: 'term analysis', path: () => '/term-analysis' },
  { name: 'resources', path: () => '/resources' },
  { name: 'settings, users tab', path: () => '/settings?tab=users', roles: ['admin'] },
  { name: 'settings, locations tab', path: () => '/settings?tab=locations', roles: ['admin', 'manager'] },
  { name: 'settings, integrations tab', path: () => '/settings?tab=integrations', roles: ['admin', 'manager'] },
  { name: 'settings, system tab', path: () => '/settings?tab=system', roles: ['admin'] },
  { name: 'settings (refused)', path: () => '/settings', roles: ['viewer'] },
  { name: 'not found', path: () => '/no-such-screen' },
];

/** The serious and critical violations on the page, one line each: rule, where, and why. */
async function problems(page: Page, where: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // An open dialog is checked on its own: the screen behind it, hidden from assistive technology
  // while it is open, was checked before it opened.
  if (await page.getByRole('dialog').count()) builder.include('[role="dialog"]');
  const results = await builder
    // One run in the page itself (the app has no frames): the frame-by-frame mode's extra page and
    // result hand-over cost ten times as much on a long list.
    .setLegacyMode()
    // Only what fails is collected; off by default in axe (experimental), yet the house rule: an
    // accessible name contains its visible text.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ').trim()}`));
}

async function overflow(page: Page, where: string, width: number): Promise<string[]> {
  if (width !== 390) return [];
  // The page, and the shell's scrolling screen area, which would otherwise hide a too-wide screen.
  const sizes = await page.evaluate(() => {
    const main = document.querySelector('main');
    const spill = main ? main.scrollWidth - main.clientWidth : 0;
    return { scroll: document.scrollingElement!.scrollWidth + Math.max(0, spill), inner: window.innerWidth };
  });
  if (sizes.scroll <= sizes.inner) return [];
  // Names the elements sticking out (not those inside a box that scrolls), so the failure says what to fix.
  const wide = await page.evaluate((inner) => {
    const scrolled = (el: Element) => {
      for (let up = el.parentElement; up && up.tagName !== 'MAIN'; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((el) => el.getBoundingClientRect().right > inner + 1 && !scrolled(el))
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`);
  }, sizes.inner);
  return [`${where}: the page scrolls sideways (${sizes.scroll} > ${sizes.inner}) ${wide.join(', ')}`];
}

/** Waits for the screen itself: its heading, and nothing in it still loading. */
async function screenReady(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main) return false;
    if (main.querySelector('[aria-busy="true"], .animate-pulse, [role="status"][aria-label^="Loading"], [role="status"][aria-label^="Checking"]')) return false;
    return !/(Loading|Checking)[^\n]*(\.\.\.|…)/.test(main.innerText);
  });
}

/**
 * Colours are checked as they stand, not halfway through a hover or enable transition (a button
 * fading from its disabled shade would otherwise be caught mid-way). The page is a single-page
 * app, so the style stays for every screen visited.
 */
const settled = (page: Page) => page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });

/** Client-side navigation, as a link would: the shell and its connection stay. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: window.history.length }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  // The screen may add its own view to the query (?view=pipeline): the path and the asked-for keys must hold.
  const wanted = new URL(path, 'http://app');
  await expect
    .poll(() => {
      const at = new URL(page.url());
      return at.pathname === wanted.pathname && [...wanted.searchParams].every(([key, value]) => at.searchParams.get(key) === value);
    })
    .toBe(true);
}

async function idsFor(page: Page, token: string): Promise<Ids> {
  const first = async (path: string) => {
    const body = (await apiAs(page, token, 'GET', path)).body as { id: string }[] | { items: { id: string }[] };
    const rows = Array.isArray(body) ? body : body.items;
    expect(rows.length, `${path} has a row to open`).toBeGreaterThan(0);
    return rows[0]!.id;
  };
  return {
    office: await first('/api/offices'),
    member: await first('/api/members'),
    deal: await first('/api/deals'),
    contact: await first('/api/contacts'),
    company: await first('/api/companies'),
  };
}

async function checkRole(browser: Browser, who: Who, width: number) {
  const { context, token } = await signedInContext(browser, who);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  const ids = await idsFor(page, token);
  await page.goto('/');
  await settled(page);
  await expectLive(page);
  const found: string[] = [];
  for (const stop of STOPS) {
    if (stop.roles && !stop.roles.includes(who)) continue;
    await visit(page, stop.path(ids));
    await screenReady(page);
    const where = `${stop.name} (${who}, ${width}px)`;
    found.push(...(await problems(page, where)), ...(await overflow(page, where, width)));
    for (const state of stop.then ?? []) {
      if (state.roles && !state.roles.includes(who)) continue;
      await state.step(page);
      await screenReady(page);
      const here = `${state.name} (${who}, ${width}px)`;
      found.push(...(await problems(page, here)), ...(await overflow(page, here, width)));
      if (await page.getByRole('dialog').count()) await closeDialog(page);
    }
  }
  // The account menu, opened.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  found.push(...(await problems(page, `account menu (${who}, ${width}px)`)));
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await context.close();
  expect(grouped(found)).toEqual([]);
}

/** "rule at element — why: where, where…": a fault of the shell is one line, not one per screen. */
function grouped(found: string[]): string[] {
  const places = new Map<string, string[]>();
  for (const line of found) {
    const [where, what] = line.split(/: (.*)/s) as [string, string];
    places.set(what, [...(places.get(what) ?? []), where]);
  }
  return [...places].map(([what, where]) => `${what}: ${where.join('; ')}`);
}

/** A deal with a signing link sent out, for the public signing page. */
async function signingLink(browser: Browser): Promise<string> {
  const { context, token } = await signedInContext(browser, 'admin');
  const page = await context.newPage();
  const offices = (await apiAs(page, token, 'GET', '/api/offices?location=55%20Broadway')).body as { id: string; status: string }[];
  const office = offices.find((o) => o.status === 'VACANT') ?? offices.find((o) => o.status === 'PENDING');
  expect(office, 'a vacant office at 55 Broadway').toBeTruthy();
  const created = await apiAs(page, token, 'POST', '/api/deals', {
    deal_name: `Accessible Signing ${Date.now() % 1_000_000}`,
    company_name: 'Accessible Signing Inc',
    contact: { name: 'Pat Doe', email: 'pat@example.com' },
    location_id: await locationId(page, token, '55 Broadway'),
    office_ids: [office!.id],
    start_date: '2031-03-01',
    offered_price: 2500,
    term_months: 12,
    probability: 50,
  });
  expect(created.status).toBe(201);
  const id = (created.body as { id: string }).id;
  const moved = await apiAs(page, token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'tour_completed' });
  expect(moved.status).toBe(200);
  const generated = await apiAs(page, token, 'POST', `/api/deals/${id}/agreement`, { version: (moved.body as { version: number }).version });
  expect(generated.status).toBe(200);
  const sent = await apiAs(page, token, 'POST', `/api/deals/${id}/signature`, { version: (generated.body as { deal: { version: number } }).deal.version });
  expect(sent.status).toBe(200);
  await context.close();
  return (sent.body as { signing_url: string }).signing_url;
}

for (const who of ['admin', 'manager', 'viewer'] as const) {
  test.describe(`every screen as ${who}`, () => {
    for (const width of WIDTHS) {
      test(`no serious violations and no sideways scroll at ${width}px`, async ({ browser }) => {
        test.setTimeout(120_000);
        await checkRole(browser, who, width);
      });
    }
  });
}

test.describe('the pages without a session', () => {
  test('sign-in and the public signing page, at every width', async ({ browser }) => {
    test.setTimeout(60_000);
    const link = new URL(await signingLink(browser)).pathname;
    const context = await browser.newContext();
    const page = await context.newPage();
    const found: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/login');
      await settled(page);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      found.push(...(await problems(page, `login (${width}px)`)), ...(await overflow(page, `login (${width}px)`, width)));
      await page.goto(link);
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      found.push(...(await problems(page, `signing page (${width}px)`)), ...(await overflow(page, `signing page (${width}px)`, width)));
    }
    await context.close();
    expect(grouped(found)).toEqual([]);
  });
});
