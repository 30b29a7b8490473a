import path from 'node:path';
import { z } from 'zod';
import { parseAllowedHosts } from './slack/webhookHosts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
   * Hosts (host or host:port) outgoing webhooks may reach besides https://hooks.slack.com: a local
   * receiver in tests, a relay. Named hosts may use http and private addresses.
   */
  webhookAllowedHosts?: string[];
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
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
  };
}
