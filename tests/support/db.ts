import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createPool } from '../../events/store/connect';
import type { Pool } from '../../events/store/types';
import { ensureDatabase, prepareSchema, type Database } from '../../server/db/database';

/** A fresh database with the full schema on the run's PostgreSQL server. */
export async function createTestDatabase(max = 20): Promise<Database> {
  const serverUrl = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const url = await ensureDatabase(serverUrl, name);
  const sql: Pool = createPool(url, { max });
  await prepareSchema(sql);
  return {
    sql,
    url,
    async close() {
      await sql.end({ timeout: 5 });
      const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
