import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const PASSWORD = 'flexspace-demo';
export const USERS = {
  admin: { email: 'admin@flexspace.demo', name: 'Alex Morgan' },
  manager: { email: 'manager@flexspace.demo', name: 'Jordan Lee' },
  viewer: { email: 'viewer@flexspace.demo', name: 'Sam Rivera' },
} as const;
export type Who = keyof typeof USERS;

/** Signs in through the API and stores the token as the app does, before any page loads. */
export async function signedInContext(browser: Browser, who: Who): Promise<{ context: BrowserContext; token: string }> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/auth/login', { data: { email: USERS[who].email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  const { access_token: token } = await response.json();
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
  return { context, token };
}

/** `signedInContext` with a page open in it. */
export async function signedInPage(browser: Browser, who: Who): Promise<{ context: BrowserContext; token: string; page: Page }> {
  const signedIn = await signedInContext(browser, who);
  return { ...signedIn, page: await signedIn.context.newPage() };
}

/** Signs in through the form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectLive(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

/** Calls the API with a token from the test, as another tool or tab would. */
export async function apiAs(page: Page, token: string, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data: data === undefined ? undefined : data,
  });
  return { status: response.status(), body: await response.json().catch(() => undefined) };
}
