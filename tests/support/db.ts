import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createPool, openSql } from '../../events/store/connect';
import type { Pool } from '../../events/store/types';
import { ensureDatabase, prepareSchema, type Database } from '../../server/db/database';

/**
 * A fresh database with the full schema on the run's PostgreSQL server; with `demo`, a copy of
 * the run's demo template (tests/support/demoTemplate.ts), the demo data already seeded.
 */
export async function createTestDatabase(max = 20, options: { demo?: boolean } = {}): Promise<Database> {
  const serverUrl = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const url = options.demo ? await copyDatabase(serverUrl, inject('demoTemplate'), name) : await ensureDatabase(serverUrl, name);
  const sql: Pool = createPool(url, { max });
  await prepareSchema(sql);
  return {
    sql,
    url,
    async close() {
      await sql.end({ timeout: 5 });
      const admin = openSql(serverUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function copyDatabase(serverUrl: string, template: string, name: string): Promise<string> {
  const admin = openSql(serverUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
