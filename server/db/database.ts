import { createPool, openSql } from '../../events/store/connect';
import { migrate } from '../../events/store/migrate';
import type { Pool } from '../../events/store/types';
import { ensureProjections } from '../../projections/registry';
import { startEmbeddedPostgres, writeDatabaseUrl, type EmbeddedDatabase } from './embedded';

const APP_DATABASE = 'flexspace';

/** Creates `name` on the server at `url` if it does not exist yet; returns its URL. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const admin = openSql(url, { max: 1, onnotice: () => undefined });
  try {
    const [row] = await admin`SELECT 1 AS ok FROM pg_database WHERE datname = ${name}`;
    if (!row) await admin.unsafe(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } catch (error) {
    // Two processes may race to create it; the loser's error is harmless.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

export interface Database {
  sql: Pool;
  url: string;
  close(): Promise<void>;
}

/** Applies the log's migrations and builds any missing or outdated read model. */
export async function prepareSchema(sql: Pool) {
  await migrate(sql, [
    { name: 'events', dir: new URL('../../events/store/migrations', import.meta.url).pathname },
    { name: 'server', dir: new URL('./migrations', import.meta.url).pathname },
  ]);
  return ensureProjections(sql);
}

export type EmbeddedEvent = { kind: 'died' } | { kind: 'restart failed'; error: unknown; retryMs: number } | { kind: 'restarted' };

/** Pause before starting the embedded server again after a failed try: doubling from 0.25 to 5 s. */
const restartDelay = (attempt: number) => Math.min(250 * 2 ** attempt, 5_000);

/**
 * Keeps the embedded server running for as long as this process owns it: when it dies (killed,
 * out of memory, a crash), it is started again on the same data, port and password, so the URL
 * every pool and every other node holds stays good; they reconnect by themselves. A start that
 * fails (the dead server's backends still hold its shared memory for a moment) is tried again.
 */
function superviseEmbedded(first: EmbeddedDatabase, start: () => Promise<EmbeddedDatabase>, tell: (event: EmbeddedEvent) => void) {
  let current = first;
  let stopped = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const watching = (async () => {
    for (;;) {
      await Promise.race([current.died, new Promise<void>((resolve) => (wake = resolve))]);
      if (stopped) return;
      tell({ kind: 'died' });
      for (let attempt = 0; !stopped; attempt++) {
        try {
          current = await start();
          if (stopped) await current.stop();
          else tell({ kind: 'restarted' });
          break;
        } catch (error) {
          tell({ kind: 'restart failed', error, retryMs: restartDelay(attempt) });
          await pause(restartDelay(attempt));
        }
      }
      if (stopped) return;
    }
  })();
  return {
    url: first.url,
    async stop() {
      stopped = true;
      wake?.();
      await watching;
      await current.stop();
    },
  };
}

/**
 * DATABASE_URL when given, otherwise the embedded server under dataDir/pg, whose URL is left in
 * dataDir/database-url for other processes (npm run rebuild, psql, tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  log?: (line: string) => void;
  /** Told when the embedded server died, when it could not be started again, and when it is back. */
  onEmbedded?: (event: EmbeddedEvent) => void;
}): Promise<Database> {
  let stopEmbedded = async () => undefined as void;
  let url = options.databaseUrl;
  if (!url) {
    const embedded = superviseEmbedded(
      await startEmbeddedPostgres(options.dataDir, options.embeddedPgPort, options.log),
      () => startEmbeddedPostgres(options.dataDir, options.embeddedPgPort, options.log),
      options.onEmbedded ?? (() => undefined),
    );
    stopEmbedded = embedded.stop;
    try {
      url = await ensureDatabase(embedded.url, APP_DATABASE);
      await writeDatabaseUrl(options.dataDir, url);
    } catch (error) {
      await stopEmbedded();
      throw error;
    }
  }
  const sql = createPool(url, { max: 20 });
  try {
    await prepareSchema(sql);
  } catch (error) {
    await sql.end();
    await stopEmbedded();
    throw error;
  }
  return {
    sql,
    url,
    async close() {
      await sql.end({ timeout: 5 });
      await stopEmbedded();
    },
  };
}
