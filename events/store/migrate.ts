import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pool } from './types';

export interface MigrationSet {
  /** Recorded with each applied file so sets from several folders never collide. */
  name: string;
  dir: string;
}

/** Serialises concurrent start-ups so two servers never apply the same migration. */
const MIGRATION_LOCK = 7_340_001;

/**
 * Applies every `NNNN_name.sql` file not yet recorded, in order, each in its own transaction,
 * and records it in schema_migrations. Returns the names it applied.
 */
export async function migrate(sql: Pool, sets: MigrationSet[]): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    const done = new Set((await tx<{ id: string }[]>`SELECT id FROM schema_migrations`).map((r) => r.id));
    for (const set of sets) {
      const files = (await readdir(set.dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
      for (const file of files) {
        const id = `${set.name}/${file}`;
        if (done.has(id)) continue;
        const body = await readFile(path.join(set.dir, file), 'utf8');
        await tx.unsafe(body);
        await tx`INSERT INTO schema_migrations (id) VALUES (${id})`;
        applied.push(id);
      }
    }
  });
  return applied;
}
