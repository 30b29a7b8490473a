import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createCommandHandler } from '../events/handleCommand';
import { projectInline } from '../projections/registry';
import { createChangeFeed } from '../projections/engine/changeFeed';
import { createFeedMemo } from '../projections/engine/feedMemo';
import { createDashboardMemory } from '../projections/dashboard/memory';
import { createRecentActivity } from './activity/recentMemory';
import { createOfficeList } from '../projections/offices/listCache';
import { createApp } from './app';
import { createDeviceCookies, loadDeviceCookieKey } from './auth/deviceCookie';
import { createLoginThrottle, type LoginThrottleOptions } from './auth/throttle';
import { createTokenService, loadSigningKey } from './auth/tokens';
import { createUserCache } from './auth/userCache';
import { DEFAULT_DRAIN, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import type { AppDeps } from './deps';
import { createDrain } from './drain';
import { createLogger } from './logger';
import { createMetrics, serveMetrics } from './metrics';
import { postgresLimits } from './limits/limiterStore';
import { linkNodes } from './realtime/cluster';
import { startGateway, type Gateway } from './realtime/gateway';
import { followDeliveryChanges } from './slack/deliveryChanges';
import { backgroundJobs } from './processes/registry';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demoData';
import { bootstrapAdmin, seedDemo, seedDemoDeals, seedDemoTasks } from './seed/seed';
import { seedDemoBookings } from './seed/demoBookings';
import { seedDemoTemplates } from './seed/demoTemplates';
import { seedDemoResources } from './seed/demoResources';
import { seedDemoFloorPlans } from './seed/demoFloorPlans';
import { drainNode, stopParts } from './shutdown';
import { createSecretBox } from './settings/secretBox';
import { loadSettingsKey } from './settings/settingsKey';
import { checkSettingsKey } from './settings/keyCheck';
import { googleConfigOrDefaults } from './gmail/googleConfig';
import { DEFAULT_SIGNING_LINK_TTL_DAYS } from '@shared/domain/agreement';
import { createSigningLinks, loadSigningLinkKey } from './signing/signingLinks';
import { parseAllowedHosts } from './slack/webhookHosts';

/** How long each part of a stopping node (gateway, jobs, feed) is waited for before the stop goes on without it. */
const STOP_PART_MS = 15_000;

export interface StartOptions {
  logger?: Logger;
  clientDir?: string;
  throttle?: LoginThrottleOptions;
  /** Use an already open database (tests share one server across cases). */
  database?: Database;
}

export interface RunningServer {
  url: string;
  port: number;
  http: HttpServer;
  deps: AppDeps;
  gateway: Gateway;
  database: Database;
  /** The metrics endpoint's port, when METRICS_PORT is set. */
  metricsPort: number | null;
  close(): Promise<void>;
}

/** Opens the database, seeds what configuration asks for, and serves the API, the client and the gateway. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPgPort: config.embeddedPgPort,
      log: (line) => logger.debug({ postgres: line }),
      onEmbedded: (event) => {
        if (event.kind === 'died') logger.error('the embedded database stopped: starting it again');
        else if (event.kind === 'restarted') logger.info('the embedded database is running again');
        else logger.warn({ err: event.error, retry_ms: event.retryMs }, 'the embedded database did not start again yet');
      },
    }));
  const { sql } = database;
  // Every user event this process commits drops its user before the command answers.
  const users = createUserCache();
  const handle = createCommandHandler(sql, projectInline, { onCommitted: (events) => users.forget(events) });

  if (config.demoMode && (await seedDemo(sql, handle))) logger.info('demo data seeded');
  // Right after the offices: the plans are older than the rest of the demo's activity, which the dashboard shows first.
  if (config.demoMode && (await seedDemoFloorPlans(sql, handle))) logger.info('demo floor plans seeded');
  if (config.demoMode && (await seedDemoDeals(sql, handle))) logger.info('demo deals seeded');
  if (config.demoMode && (await seedDemoTasks(sql, handle))) logger.info('demo tasks seeded');
  if (config.demoMode && (await seedDemoBookings(sql, handle))) logger.info('demo meeting rooms and bookings seeded');
  if (config.demoMode && (await seedDemoTemplates(sql, handle))) logger.info('demo templates seeded');
  if (config.demoMode && (await seedDemoResources(sql, handle))) logger.info('demo documents seeded');
  if (config.bootstrapAdmin && (await bootstrapAdmin(sql, handle, config.bootstrapAdmin))) {
    logger.info({ email: config.bootstrapAdmin.email }, 'first administrator created');
  }

  const settingsKey = await loadSettingsKey(config.settingsKey, config.dataDir);
  const feed = await createChangeFeed(sql, (error) => logger.error({ err: error }, 'failed to follow the log'));
  // Other nodes' user events drop their users as the feed reads them; while it cannot, none is kept.
  feed.listen(async (events) => users.forget(events));
  feed.onStatus((status) => users.keep(status.following));
  const officeList = await createOfficeList(sql, feed);
  const [dashboard, recentActivity] = await Promise.all([createDashboardMemory(sql, feed), createRecentActivity(sql, feed)]);
  let gatewayRef: Gateway | null = null;
  const metrics = config.metrics ? createMetrics({ sql, feedPosition: () => feed.position(), sockets: () => gatewayRef?.io.engine.clientsCount ?? 0 }) : null;
  if (metrics) feed.listen(async (events) => metrics.pushed(events));
  // Request limits live in the database: every node counts against the same ones, and a restart keeps them.
  const limits = postgresLimits(sql);
  const deps: AppDeps = {
    sql,
    handle,
    users,
    tokens: createTokenService(await loadSigningKey(sql, config.jwtSecret), config.jwtTtl),
    limits,
    throttle: createLoginThrottle(options.throttle, limits),
    devices: createDeviceCookies(await loadDeviceCookieKey(sql)),
    logger,
    secrets: createSecretBox(settingsKey.key, settingsKey.alsoOpens),
    google: googleConfigOrDefaults(config.google),
    signingLinks: createSigningLinks(await loadSigningLinkKey(sql), {
      ttlDays: config.signingLinkTtlDays ?? DEFAULT_SIGNING_LINK_TTL_DAYS,
      publicUrl: config.publicUrl,
    }),
    webhookHosts: parseAllowedHosts(config.webhookAllowedHosts),
    officeList,
    dashboards: createFeedMemo(sql, feed),
    dashboard,
    recentActivity,
    demo: {
      enabled: config.demoMode,
      email: config.demoMode ? DEMO_USERS.admin.email : null,
      password: config.demoMode ? DEMO_PASSWORD : null,
    },
    livePosition: () => feed.position(),
    liveStatus: () => feed.status(),
    drain: createDrain(),
    ...(metrics ? { requestMetrics: metrics.http } : {}),
  };
  const keyProblem = await checkSettingsKey(sql, deps.secrets);
  if (keyProblem) logger.error({ reason: keyProblem }, 'the settings key cannot decrypt the stored secrets');
  const app = createApp(deps, { bodyLimit: config.bodyLimit, clientDir: options.clientDir, trustProxy: config.trustProxy });
  const http = createServer(app.callback());
  const gateway = await startGateway(http, sql, feed, deps.tokens, logger, linkNodes(database.url, logger), config.meetingGraceMs === undefined ? {} : { meetingGraceMs: config.meetingGraceMs });
  gatewayRef = gateway;
  const deliveryChanges = await followDeliveryChanges(sql, gateway.pushRows, logger);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const jobs = backgroundJobs.map((start) => start({ deps, config, databaseUrl: database.url }));
  const metricsServer = metrics && config.metrics ? await serveMetrics(metrics, config.metrics.port, config.metrics.host) : null;
  if (metricsServer) logger.info({ port: metricsServer.port }, 'metrics served at /metrics');

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    http,
    deps,
    gateway,
    database,
    metricsPort: metricsServer?.port ?? null,
    async close() {
      const drain = config.drain ?? DEFAULT_DRAIN;
      await drainNode({ http, drain: deps.drain, releaseSockets: gateway.release, delayMs: drain.delayMs, timeoutMs: drain.timeoutMs, logger });
      metricsServer?.server.close();
      // Background work ends before the pool closes, as the requests did.
      await stopParts(
        [
          { name: 'Slack delivery changes', stop: () => deliveryChanges.stop() },
          { name: 'live gateway', stop: () => gateway.close() },
          { name: 'background jobs', stop: () => Promise.all(jobs.map((job) => job.stop())) },
          { name: 'change feed', stop: () => feed.stop() },
        ],
        STOP_PART_MS,
        logger,
      );
      if (!options.database) await database.close();
    },
  };
}
