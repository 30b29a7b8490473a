import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { HandleCommand } from '../events/handleCommand';
import type { Pool } from '../events/store/types';
import type { FeedStatus } from '../projections/engine/changeFeed';
import type { FeedMemo } from '../projections/engine/feedMemo';
import type { DashboardMemory } from '../projections/dashboard/memory';
import type { OfficeList } from '../projections/offices/listCache';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { RecentActivity } from './activity/recentMemory';
import type { DeviceCookies } from './auth/deviceCookie';
import type { LoginThrottle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { UserCache } from './auth/userCache';
import type { Drain } from './drain';
import type { LimiterStore } from './limits/limiterStore';
import type { SecretBox } from './settings/secretBox';
import type { GoogleConfig } from './gmail/googleConfig';
import type { SigningLinks } from './signing/signingLinks';
import type { AllowedHost } from './slack/webhookHosts';

/** What routes and the gateway are given; built once in start.ts. */
export interface AppDeps {
  sql: Pool;
  handle: HandleCommand;
  /** The authenticated users, from memory, dropped on every user event (server/auth/userCache.ts). */
  users: UserCache;
  tokens: TokenService;
  /** Where request limits are counted: PostgreSQL, shared by every node (server/limits). */
  limits: LimiterStore;
  /** Sign-in attempts (server/auth/throttle.ts). */
  throttle: LoginThrottle;
  /** Signed cookies of browsers that signed in before (server/auth/deviceCookie.ts). */
  devices: DeviceCookies;
  logger: Logger;
  /** Seals and opens the secrets the system settings keep (the CRM API key). */
  secrets: SecretBox;
  /** Google's OAuth client and endpoints, for Gmail (server/gmail). */
  google: GoogleConfig;
  /** Mints and checks the signing links of deal agreements (server/signing/signingLinks.ts). */
  signingLinks: SigningLinks;
  /** Hosts outgoing webhooks may reach besides hooks.slack.com (WEBHOOK_ALLOWED_HOSTS). */
  webhookHosts: AllowedHost[];
  /** The office list, served from memory (projections/offices/listCache.ts). */
  officeList: OfficeList;
  /** Dashboard answers, kept per user and location until the log moves (projections/engine/feedMemo.ts). */
  dashboards: FeedMemo<Dashboard>;
  /** What the dashboard shows, kept in memory by the change feed (projections/dashboard/memory.ts). */
  dashboard: DashboardMemory;
  /** The log's newest events in words, kept by the change feed (server/activity/recentMemory.ts). */
  recentActivity: RecentActivity;
  demo: { enabled: boolean; email: string | null; password: string | null };
  /** The last log position this process has pushed to its sockets (for readiness). */
  livePosition: () => number;
  /** Whether the live push follows the log now (for readiness): not while the database is out. */
  liveStatus: () => FeedStatus;
  /** Whether the node is stopping (readiness), and the requests still running. */
  drain: Drain;
  /** Times every /api request for /metrics; absent without METRICS_PORT. */
  requestMetrics?: (ctx: Context, next: Next) => Promise<void>;
}
