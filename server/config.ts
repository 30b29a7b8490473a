import path from 'node:path';
import { z } from 'zod';
import { GOOGLE_DEFAULTS, type GoogleConfig } from './gmail/googleConfig';
import { DEFAULT_SIGNING_LINK_TTL_DAYS } from '@shared/domain/agreement';
import { parseAllowedHosts } from './slack/webhookHosts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A stopping node: no pause by default (a proxy that only learns from refused connections, as
 * nginx does, needs none); 20 s for requests in flight, inside the usual 30 s a supervisor
 * waits after SIGTERM before it kills.
 */
export const DEFAULT_DRAIN = { delayMs: 0, timeoutMs: 20_000 };

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DEMO_MODE: flag.optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL: z.string().default('12h'),
  SETTINGS_KEY: z.string().min(32, 'SETTINGS_KEY must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().default('1mb'),
  TRUST_PROXY: flag.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_NAME: z.string().default('Administrator'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_DRAIN.delayMs),
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_DRAIN.timeoutMs),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.string().url().default(GOOGLE_DEFAULTS.authUrl),
  GOOGLE_TOKEN_URL: z.string().url().default(GOOGLE_DEFAULTS.tokenUrl),
  GMAIL_API_URL: z.string().url().default(GOOGLE_DEFAULTS.gmailApiUrl),
  GOOGLE_REVOKE_URL: z.string().url().default(GOOGLE_DEFAULTS.revokeUrl),
  SIGNING_LINK_TTL_DAYS: z.coerce.number().positive('SIGNING_LINK_TTL_DAYS must be above 0').max(365).default(DEFAULT_SIGNING_LINK_TTL_DAYS),
  PUBLIC_URL: z.url().optional(),
  MEETING_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .transform((value) => value.split(',').map((h) => h.trim()).filter(Boolean))
    .refine(
      (hosts) => {
        try {
          parseAllowedHosts(hosts);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'WEBHOOK_ALLOWED_HOSTS must be comma-separated host or host:port entries' },
    )
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Set: use this server. Unset: start the embedded PostgreSQL under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  demoMode: boolean;
  jwtSecret?: string;
  jwtTtl: string;
  /** Encrypts secrets in the settings (the CRM API key); unset: a key generated into dataDir. */
  settingsKey?: string;
  logLevel: string;
  bodyLimit: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (sign-in throttling). */
  trustProxy: boolean;
  /** First administrator for a deployment without demo data; used only while no user exists. */
  bootstrapAdmin?: { email: string; password: string; name: string };
  /** Set: Prometheus metrics at http://<metrics.host>:<metrics.port>/metrics, apart from the app's port. */
  metrics?: { port: number; host: string };
  /**
   * On SIGTERM: how long the node keeps serving while /api/ready answers 503 (a proxy that checks
   * readiness moves away first), then the longest wait for requests in flight once it stopped
   * listening; past that, the connections left are cut. Unset: DEFAULT_DRAIN.
   */
  drain?: { delayMs: number; timeoutMs: number };
  /** Gmail over Google OAuth 2.0 (server/gmail): the client and Google's endpoints; absent: Google's endpoints, no client. */
  google?: GoogleConfig;
  /** Days a signing link stays valid (default 14; fractions allowed). */
  signingLinkTtlDays?: number;
  /** The address users reach the app at (https://ops.example.com), for signing links; unset: the request's origin. */
  publicUrl?: string;
  /**
   * Hosts (host or host:port) outgoing webhooks may reach besides https://hooks.slack.com: a local
   * receiver in tests, a relay. Named hosts may use http and private addresses.
   */
  webhookAllowedHosts?: string[];
  /** How long a deal-board meeting waits for its disconnected presenter (unset: MEETING_GRACE_MS, 10 s). */
  meetingGraceMs?: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= npm start) means unset, as shells and .env files intend.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    // Demo data is the default of the quick start on the embedded database, and only there.
    demoMode: e.DEMO_MODE ?? !e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    settingsKey: e.SETTINGS_KEY,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    // Off by default: without a proxy in front, anyone could claim any address in the header.
    trustProxy: e.TRUST_PROXY ?? false,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME } : undefined,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    drain: { delayMs: e.DRAIN_DELAY_MS, timeoutMs: e.DRAIN_TIMEOUT_MS },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      gmailApiUrl: e.GMAIL_API_URL,
      revokeUrl: e.GOOGLE_REVOKE_URL,
    },
    signingLinkTtlDays: e.SIGNING_LINK_TTL_DAYS,
    publicUrl: e.PUBLIC_URL,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    meetingGraceMs: e.MEETING_GRACE_MS,
  };
}
