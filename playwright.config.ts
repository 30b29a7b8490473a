import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const pgPort = Number(process.env.E2E_PG_PORT ?? 54410);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The Google stand-in (tests/support/googleStandIn.ts) the global setup starts; the app's GOOGLE_* point at it. */
export const GOOGLE_STAND_IN_PORT = Number(process.env.E2E_GOOGLE_PORT ?? port + 2000);
const google = `http://127.0.0.1:${GOOGLE_STAND_IN_PORT}`;
/** A local stand-in for Slack's webhooks, started by tests/e2e/slack.spec.ts and allowed by WEBHOOK_ALLOWED_HOSTS. */
export const SLACK_RECEIVER_PORT = Number(process.env.E2E_SLACK_RECEIVER_PORT ?? port + 1000);

/**
 * Browser tests: Debian's Chromium against the real app, built and started on a fresh
 * embedded database (its data directory is wiped before each run).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One server and one database for all tests; tests that change data use their own names.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './tests/e2e/support/globalSetup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `npx vite build --logLevel warn && rm -rf .data/e2e && tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.data/e2e',
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: 'standin-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'standin-client-secret',
      GOOGLE_AUTH_URL: `${google}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${google}/token`,
      GMAIL_API_URL: google,
      GOOGLE_REVOKE_URL: `${google}/revoke`,
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${SLACK_RECEIVER_PORT}`,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
