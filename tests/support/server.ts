import { Writable } from 'node:stream';
import type { Config } from '../../server/config';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer, type StartOptions } from '../../server/start';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demoData';
import { createTestDatabase } from './db';

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, as raw JSON text. */
  logs: string[];
  api: Api;
  stop(): Promise<void>;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export type Api = <T = any>(
  method: string,
  path: string,
  options?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

export function apiClient(baseUrl: string): Api {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '.data/unused',
    embeddedPgPort: 0,
    demoMode: true,
    jwtTtl: '1h',
    logLevel: 'info',
    bodyLimit: '1mb',
    trustProxy: false,
    ...overrides,
  };
}

/** The real server on a fresh database, demo data seeded, with its log lines captured. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: Omit<StartOptions, 'database' | 'logger'> = {},
): Promise<TestServer> {
  // A demo server's database starts as a copy of the run's seeded one (its seeds then find nothing to do).
  const database = await createTestDatabase(20, { demo: testConfig(overrides).demoMode });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const server = await startServer(testConfig({ databaseUrl: database.url, ...overrides }), {
    ...options,
    database,
    logger: createLogger('info', sink),
  });
  return {
    ...server,
    logs,
    api: apiClient(server.url),
    async stop() {
      await server.close();
      await database.close();
    },
  };
}

export const demoCredentials = {
  admin: { email: DEMO_USERS.admin.email, password: DEMO_PASSWORD },
  manager: { email: DEMO_USERS.manager.email, password: DEMO_PASSWORD },
  viewer: { email: DEMO_USERS.viewer.email, password: DEMO_PASSWORD },
};

/** Signs in and returns the token and user. */
export async function signIn(api: Api, who: { email: string; password: string }) {
  const res = await api('POST', '/api/auth/login', { body: who });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body as { access_token: string; user: { id: string; role: string; locations: string[] } };
}
