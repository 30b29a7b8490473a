import { expect, type Page } from '@playwright/test';
import { apiAs } from './app';

export async function locationId(page: Page, token: string, name: string): Promise<string> {
  const locations = (await apiAs(page, token, 'GET', '/api/locations')).body as { id: string; name: string }[];
  return locations.find((l) => l.name === name)!.id;
}

/** Creates an office through the API (as another tool would) and answers its id. */
export async function createOffice(page: Page, token: string, location: string, number: string, extra: Record<string, unknown> = {}): Promise<{ id: string }> {
  const created = await apiAs(page, token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(page, token, location), desks: 3, ...extra });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

/** A number no other test uses. */
export const uniqueNumber = (prefix: string) => `${prefix}${Date.now() % 1_000_000}`;

export const officeCard = (page: Page, number: string) => page.locator(`[data-testid="office-card"][data-office-number="${number}"]`);
