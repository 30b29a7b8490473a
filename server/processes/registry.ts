import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { startSlackNotifications } from '../slack/jobs';
import { startLogProcess } from './logProcess';
import { dealSigningProcess } from '../signing/process/dealSigning';

/** What a background job gets: the app's dependencies, its configuration and the database's URL. */
export interface BackgroundContext {
  deps: AppDeps;
  config: Config;
  databaseUrl: string;
}

/** A job started with the server and stopped before its database closes. */
export interface BackgroundJob {
  stop(): Promise<void>;
}

export type StartBackgroundJob = (context: BackgroundContext) => BackgroundJob;

/**
 * Every background job of the product, started on every node. Jobs that must run once across
 * the nodes (a log process: startLogProcess; a delivery loop: runSingleton) take a lock inside,
 * so starting them everywhere is what gives another node something to take over with.
 */
export const backgroundJobs: StartBackgroundJob[] = [
  // Deal events to Slack messages, and their delivery (server/slack/jobs.ts).
  startSlackNotifications,
  // A signed agreement leases the deal's offices (server/signing/process/dealSigning.ts).
  ({ deps, databaseUrl }) => startLogProcess({ databaseUrl, sql: deps.sql, handle: deps.handle, logger: deps.logger }, dealSigningProcess),
];
