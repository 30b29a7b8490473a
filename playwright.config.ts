import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the real app, built once and started on fresh
 * embedded databases (their data directories are wiped before each run).
 *
 * The run is spread over E2E_SERVERS app servers (default 2), one worker each: worker N talks
 * only to server N, which has its own database and ports, so tests on different workers never
 * see each other's data, and each file's tests still run in order on one server. Playwright
 * hands the next file to whichever worker is free, so new spec files are spread on their own.
 */
export const E2E_SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3210);
const basePgPort = Number(process.env.E2E_PG_PORT ?? 54410);
const baseGooglePort = Number(process.env.E2E_GOOGLE_PORT ?? basePort + 2000);
const baseSlackPort = Number(process.env.E2E_SLACK_RECEIVER_PORT ?? basePort + 1000);

/** Server N's ports (each base port + N) and data directory. */
export function serverPorts(server: number) {
  const port = basePort + server;
  return { port, pgPort: basePgPort + server, google: baseGooglePort + server, slack: baseSlackPort + server, dataDir: `.data/e2e-${port}` };
}

/**
 * Which server this process uses. Playwright sets TEST_PARALLEL_INDEX (0 up to workers - 1,
 * kept when a worker is replaced after a failure) before a worker loads this file; the runner
 * itself has none and reads as server 0.
 */
const server = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (server >= E2E_SERVERS) {
  throw new Error(`Worker ${server} has no app server of its own: set E2E_SERVERS=${server + 1} rather than more --workers.`);
}
const own = serverPorts(server);

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The Google stand-in (tests/support/googleStandIn.ts) the global setup starts for this worker's server; its GOOGLE_* point at it. */
export const GOOGLE_STAND_IN_PORT = own.google;
/** A local stand-in for Slack's webhooks, started by tests/e2e/slack.spec.ts and allowed by this worker's server's WEBHOOK_ALLOWED_HOSTS. */
export const SLACK_RECEIVER_PORT = own.slack;
/** This worker's server's data directory (its embedded database leaves its URL there). */
export const E2E_DATA_DIR = own.dataDir;

function webServer(index: number) {
  const ports = serverPorts(index);
  const google = `http://127.0.0.1:${ports.google}`;
  const { dataDir } = ports;
  // The servers start one after the other; the first builds the client they all serve.
  const build = index === 0 ? 'npx vite build --configLoader runner --logLevel warn && ' : '';
  return {
    name: `server ${index}`,
    command: `${build}rm -rf ${dataDir} && tsx server/main.ts`,
    url: `http://127.0.0.1:${ports.port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    env: {
      PORT: String(ports.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(ports.pgPort),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: 'standin-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'standin-client-secret',
      GOOGLE_AUTH_URL: `${google}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${google}/token`,
      GMAIL_API_URL: google,
      GOOGLE_REVOKE_URL: `${google}/revoke`,
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${ports.slack}`,
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One worker per server; a file's tests run in order on its worker (tests that change data use their own names).
  workers: E2E_SERVERS,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/support/globalSetup.ts',
  use: {
    baseURL: `http://127.0.0.1:${own.port}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: Array.from({ length: E2E_SERVERS }, (_, index) => webServer(index)),
});
