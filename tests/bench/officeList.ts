import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';
import type { BenchDatabase } from './database';
import { benchConfig } from './live';

export interface ListOptions {
  offices: number;
  connections: number;
  seconds: number;
}

export interface LoadFigures {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
}

export interface OfficeListResult {
  offices: number;
  payloadBytes: number;
  api: LoadFigures;
  bare: LoadFigures;
}

const DEMO = { email: 'admin@flexspace.demo', password: 'flexspace-demo' };

async function load(url: string, headers: Record<string, string>, options: ListOptions): Promise<LoadFigures> {
  const result = await autocannon({ url, headers, connections: options.connections, duration: options.seconds });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

/** Creates offices through the API until there are `total`, spread over the demo locations. */
export async function fill(base: string, token: string, total: number, progress: (line: string) => void) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const locations = (await (await fetch(`${base}/api/locations`, { headers })).json()) as { id: string }[];
  const existing = ((await (await fetch(`${base}/api/offices`, { headers })).json()) as unknown[]).length;
  const missing = Math.max(0, total - existing);
  progress(`creating ${missing} offices through POST /api/offices (there are ${existing})`);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < missing; i = next++) {
      const desks = 1 + (i % 12);
      const res = await fetch(`${base}/api/offices`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          office_number: `B-${i + 1}`,
          location_id: locations[i % locations.length]!.id,
          desks,
          floor: 1 + (i % 5),
          windowed: i % 3 === 0,
          marketed_rates: { monthly: desks * 750, six_month: desks * 720, twelve_month: desks * 690 },
        }),
      });
      if (res.status !== 201) throw new Error(`POST /api/offices answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/**
 * GET /api/offices (every office, as an admin sees them) under `connections` concurrent
 * connections, next to a bare Koa endpoint serving the same JSON from memory, in the same run.
 */
export async function benchOfficeList(
  database: BenchDatabase,
  options: ListOptions,
  progress: (line: string) => void,
): Promise<OfficeListResult> {
  const server = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  let bareServer: Server | null = null;
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    await fill(server.url, token, options.offices, progress);
    const payload = await (await fetch(`${server.url}/api/offices`, { headers: { authorization: `Bearer ${token}` } })).text();
    const offices = (JSON.parse(payload) as unknown[]).length;
    if (offices < options.offices) throw new Error(`expected ${options.offices} offices, the API lists ${offices}`);

    progress(`GET /api/offices (${offices} offices): ${options.connections} connections for ${options.seconds} s`);
    const api = await load(`${server.url}/api/offices`, { authorization: `Bearer ${token}` }, options);

    const bare = new Koa();
    bare.use((ctx) => {
      ctx.type = 'application/json';
      ctx.body = payload;
    });
    bareServer = createServer(bare.callback());
    await new Promise<void>((resolve) => bareServer!.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;
    progress(`bare Koa, the same JSON from memory: ${options.connections} connections for ${options.seconds} s`);
    const bareFigures = await load(bareUrl, {}, options);
    return { offices, payloadBytes: Buffer.byteLength(payload), api, bare: bareFigures };
  } finally {
    await new Promise<void>((resolve) => (bareServer ? bareServer.close(() => resolve()) : resolve()));
    await server.close();
  }
}
