import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { headPosition } from '../events/store/append';
import type { Pool, StoredEvent } from '../events/store/types';

/**
 * Prometheus metrics (prom-client): request latency by route, live sockets, how far the live push
 * is behind the log, the log's head (its rate is the append rate), event-loop lag and the other
 * Node.js defaults, and the database's connections. Served on a port of their own (METRICS_PORT),
 * bound to localhost by default: they are for the operator's scraper, not for the internet.
 */
export interface Metrics {
  registry: Registry;
  /** Koa middleware timing every /api request by its route pattern (not its raw path). */
  http: (ctx: Context, next: Next) => Promise<void>;
  /** The live feed handled `events` (pushed to sockets): how long after their commit. */
  pushed: (events: StoredEvent[]) => void;
}

export function createMetrics(sources: { sql: Pool; feedPosition: () => number; sockets: () => number }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request latency by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pushDelay = new Histogram({
    name: 'live_push_delay_seconds',
    help: 'From an event being written to its rows being pushed to sockets',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  });
  const pushedEvents = new Counter({ name: 'live_pushed_events_total', help: 'Events whose changes were pushed', registers: [registry] });
  new Gauge({ name: 'live_sockets', help: 'Connected browser sockets', registers: [registry], collect() { this.set(sources.sockets()); } });
  new Gauge({
    name: 'event_log_head_position',
    help: 'The newest position in the event log (rate() of it is the append rate)',
    registers: [registry],
    async collect() {
      this.set(await headPosition(sources.sql));
    },
  });
  new Gauge({
    name: 'live_push_lag_events',
    help: 'Events written but not yet pushed to sockets',
    registers: [registry],
    async collect() {
      this.set(Math.max(0, (await headPosition(sources.sql)) - sources.feedPosition()));
    },
  });
  new Gauge({
    name: 'db_connections',
    help: 'Connections to this database by state (every node of the app together)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await sources.sql<{ state: string; n: number }[]>`
        SELECT coalesce(state, 'unknown') AS state, count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1`;
      this.reset();
      for (const row of rows) this.set({ state: row.state }, row.n);
    },
  });

  return {
    registry,
    async http(ctx, next) {
      const end = requests.startTimer();
      try {
        await next();
      } finally {
        const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
        end({ method: ctx.method, route: String(route), status: String(ctx.status) });
      }
    },
    pushed(events) {
      const now = Date.now();
      for (const event of events) pushDelay.observe(Math.max(0, (now - Date.parse(event.metadata.at)) / 1000));
      pushedEvents.inc(events.length);
    },
  };
}

/** The metrics endpoint on its own port; GET /metrics only. */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
