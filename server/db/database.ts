import postgres from 'postgres';
import { createPool } from '../../events/store/connect';
import { migrate } from '../../events/store/migrate';
import type { Pool } from '../../events/store/types';
import { ensureProjections } from '../../projections/registry';
import { startEmbeddedPostgres, writeDatabaseUrl } from './embedded';

const APP_DATABASE = 'flexspace';

/** Creates `name` on the server at `url` if it does not exist yet; returns its URL. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
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

/**
 * DATABASE_URL when given, otherwise the embedded server under dataDir/pg, whose URL is left in
 * dataDir/database-url for other processes (npm run rebuild, psql, tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  log?: (line: string) => void;
}): Promise<Database> {
  let stopEmbedded = async () => undefined as void;
  let url = options.databaseUrl;
  if (!url) {
    const embedded = await startEmbeddedPostgres(options.dataDir, options.embeddedPgPort, options.log);
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
