import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { HandleCommand } from '../events/handleCommand';
import type { Pool } from '../events/store/types';
import type { FeedMemo } from '../projections/feedMemo';
import type { OfficeList } from '../projections/offices/listCache';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { LoginThrottle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { SecretBox } from './settings/secretBox';
import type { AllowedHost } from './slack/webhookHosts';

/** What routes and the gateway are given; built once in start.ts. */
export interface AppDeps {
  sql: Pool;
  handle: HandleCommand;
  tokens: TokenService;
  throttle: LoginThrottle;
  logger: Logger;
  /** Seals and opens the secrets the system settings keep (the CRM API key). */
  secrets: SecretBox;
  /** Hosts outgoing webhooks may reach besides hooks.slack.com (WEBHOOK_ALLOWED_HOSTS). */
  webhookHosts: AllowedHost[];
  /** The office list, served from memory (projections/offices/listCache.ts). */
  officeList: OfficeList;
  /** Dashboard answers, kept per user and location until the log moves (projections/feedMemo.ts). */
  dashboards: FeedMemo<Dashboard>;
  demo: { enabled: boolean; email: string | null; password: string | null };
  /** The last log position this process has pushed to its sockets (for readiness). */
  livePosition: () => number;
  /** Times every /api request for /metrics; absent without METRICS_PORT. */
  requestMetrics?: (ctx: Context, next: Next) => Promise<void>;
}
