import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';
import { pdfBytes } from '../support/sampleFiles';
import { countRenders, readRenders, renderedRows, resetRenders } from './support/renders';

/**
 * A row changed by someone else re-renders that row on every open list, not its neighbours:
 * rows are memoised on the row and stable callbacks, and the lists keep the other rows' objects.
 * React's own count of what it ran after one push (support/renders.ts), per screen.
 */

interface ListCase {
  name: string;
  path: string;
  /** The attribute naming a row's id on its element. */
  idAttribute: string;
  /** Gets the screen showing its rows (a tab, a view). */
  open?: (page: Page) => Promise<void>;
  /** Changes the row through the API as another client would; returns text the row then shows, or null when it is gone. */
  change: (page: Page, token: string, id: string) => Promise<string | null>;
  /** The row to change, when not the second one shown: one the case makes itself, so it takes nothing other spec files read. */
  pick?: (page: Page, token: string) => Promise<string>;
  /** Puts back what `change` changed that other spec files on the same server read (the demo people's names). */
  undo?: (page: Page, token: string, id: string) => Promise<void>;
}

const stamp = () => String(Date.now() % 1_000_000);

/** GET the row, PUT it back with `edit` applied (a PUT takes the row as GET answered it); returns the row as it was. */
async function edit(page: Page, token: string, path: string, change: (row: Record<string, unknown>) => Record<string, unknown>) {
  const row = (await apiAs(page, token, 'GET', path)).body as Record<string, unknown>;
  const saved = await apiAs(page, token, 'PUT', path, change(row));
  expect(saved.status).toBe(200);
  return row;
}

/** The values `change` replaced, by row id, for `undo`. */
const replaced = new Map<string, Record<string, unknown>>();

const CASES: ListCase[] = [
  {
    name: 'office grid',
    path: '/offices',
    idAttribute: 'data-office-id',
    open: async (page) => {
      await page.getByRole('button', { name: 'Grid view' }).click();
      await expect(page.getByTestId('office-card').first()).toBeVisible();
    },
    change: async (page, token, id) => {
      const office = (await apiAs(page, token, 'GET', `/api/offices/${id}`)).body as { status: string };
      const status = office.status === 'UNAVAILABLE' ? 'VACANT' : 'UNAVAILABLE';
      expect((await apiAs(page, token, 'PATCH', `/api/offices/${id}/status`, { status })).status).toBe(200);
      return status;
    },
  },
  {
    name: 'office list',
    path: '/offices',
    idAttribute: 'data-office-id',
    open: async (page) => {
      await page.getByRole('button', { name: 'List view' }).click();
      await expect(page.getByTestId('office-table')).toBeVisible();
    },
    change: async (page, token, id) => {
      const office = (await apiAs(page, token, 'GET', `/api/offices/${id}`)).body as { status: string };
      const status = office.status === 'UNAVAILABLE' ? 'VACANT' : 'UNAVAILABLE';
      expect((await apiAs(page, token, 'PATCH', `/api/offices/${id}/status`, { status })).status).toBe(200);
      return status;
    },
  },
  {
    name: 'members',
    path: '/members',
    idAttribute: 'data-member-id',
    change: async (page, token, id) => {
      const name = `Rendered once ${stamp()}`;
      await edit(page, token, `/api/members/${id}`, (m) => ({ ...m, primary_contact: { ...(m.primary_contact as object), name } }));
      return name;
    },
  },
  {
    name: 'tasks',
    path: '/tasks',
    idAttribute: 'data-task-id',
    change: async (page, token, id) => {
      const description = `Rendered once ${stamp()}`;
      await edit(page, token, `/api/tasks/${id}`, (t) => ({ ...t, description }));
      return description;
    },
  },
  {
    name: 'templates',
    path: '/templates',
    idAttribute: 'data-template-id',
    change: async (page, token, id) => {
      const description = `Rendered once ${stamp()}`;
      await edit(page, token, `/api/templates/${id}`, (t) => ({ ...t, description }));
      return description;
    },
  },
  {
    name: 'companies',
    path: '/crm/companies',
    idAttribute: 'data-company-id',
    change: async (page, token, id) => {
      const industry = `Rendered once ${stamp()}`;
      await edit(page, token, `/api/companies/${id}`, (c) => ({ ...c, industry }));
      return industry;
    },
  },
  {
    name: 'contacts',
    path: '/crm/contacts',
    idAttribute: 'data-contact-id',
    change: async (page, token, id) => {
      const title = `Rendered once ${stamp()}`;
      await edit(page, token, `/api/contacts/${id}`, (c) => ({ ...c, title }));
      return title;
    },
  },
  {
    name: 'users',
    path: '/settings?tab=users',
    idAttribute: 'data-user-id',
    change: async (page, token, id) => {
      const name = `Rendered Once ${stamp()}`;
      replaced.set(id, await edit(page, token, `/api/users/${id}`, ({ name: _name, email }) => ({ name, email })));
      return name;
    },
    undo: async (page, token, id) => {
      const { name } = replaced.get(id)!;
      await edit(page, token, `/api/users/${id}`, ({ email }) => ({ name, email }));
    },
  },
  {
    name: 'locations',
    path: '/settings?tab=locations',
    idAttribute: 'data-location-id',
    change: async (page, token, id) => {
      const manager = `Rendered Once ${stamp()}`;
      replaced.set(id, await edit(page, token, `/api/locations/${id}`, ({ name, address, city, floors }) => ({ name, address, city, floors, manager })));
      return manager;
    },
    undo: async (page, token, id) => {
      const { manager } = replaced.get(id)!;
      await edit(page, token, `/api/locations/${id}`, ({ name, address, city, floors }) => ({ name, address, city, floors, manager }));
    },
  },
  {
    name: 'documents',
    path: '/resources',
    idAttribute: 'data-resource-id',
    // Documents change by upload and removal: a removed one (uploaded here) re-renders none of the others.
    pick: async (page, token) => {
      const response = await page.request.fetch('/api/resources', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        multipart: {
          name: `Rendered once ${stamp()}`,
          category: 'HR Policies & Guidelines',
          file: { name: 'rendered-once.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Rendered once') },
        },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    change: async (page, token, id) => {
      expect([200, 204]).toContain((await apiAs(page, token, 'DELETE', `/api/resources/${id}`)).status);
      return null;
    },
  },
];

test.describe('a pushed row re-renders only its own row', () => {
  for (const list of CASES) {
    test(list.name, async ({ browser }) => {
      const { context, token } = await signedInContext(browser, 'admin');
      await countRenders(context);
      const page = await context.newPage();
      await page.goto(list.path);
      await expectLive(page);
      await list.open?.(page);
      const rows = page.locator(`[${list.idAttribute}]`);
      await expect(rows.nth(2)).toBeAttached();
      // A row in the middle of what shows: neighbours on both sides.
      const id = list.pick ? await list.pick(page, token) : (await rows.nth(1).getAttribute(list.idAttribute))!;
      if (list.pick) await expect(page.locator(`[${list.idAttribute}="${id}"]`)).toBeAttached();

      await resetRenders(page);
      const shows = await list.change(page, token, id);
      const row = page.locator(`[${list.idAttribute}="${id}"]`);
      if (shows === null) await expect(row).toHaveCount(0);
      else await expect(row.first()).toContainText(shows);
      const renders = await readRenders(page);
      await list.undo?.(page, token, id);

      expect(renders.commits).toBeGreaterThan(0);
      expect(renderedRows(renders)).toEqual(shows === null ? [] : [id]);
      await context.close();
    });
  }
});
