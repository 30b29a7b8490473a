import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';
import type { BenchDatabase } from './database';
import { benchConfig } from './live';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ServerBench {
  url: string;
  /** The demo admin's session. */
  token: string;
  userId: string;
}

export interface BrowserBench extends ServerBench {
  browser: Browser;
}

/**
 * The real server on `database` (serving `clientDir` when given) with the demo admin signed in,
 * for `work`; the server closes when it ends.
 */
export async function withServer<T>(database: BenchDatabase, work: (bench: ServerBench) => Promise<T>, clientDir?: string): Promise<T> {
  const server = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
    ...(clientDir ? { clientDir } : {}),
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@flexspace.demo', password: 'flexspace-demo' }),
    });
    const { access_token: token, user } = (await login.json()) as { access_token: string; user: { id: string } };
    return await work({ url: server.url, token, userId: user.id });
  } finally {
    await server.close();
  }
}

/**
 * withServer with the built client and Debian's Chromium; null (skipped) without Chromium or a
 * client build. BENCH_CLIENT_DIR serves another build (an earlier commit's, to compare two
 * clients on the same server); client/dist otherwise.
 */
export async function withBrowser<T>(database: BenchDatabase, work: (bench: BrowserBench) => Promise<T>): Promise<T | null> {
  const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'client/dist');
  if (!existsSync(CHROMIUM) || !existsSync(path.join(clientDir, 'index.html'))) return null;
  return withServer(
    database,
    async (server) => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
      });
      try {
        return await work({ ...server, browser });
      } finally {
        await browser.close();
      }
    },
    clientDir,
  );
}
