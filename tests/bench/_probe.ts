import { openBenchDatabase } from './database';
import { generateLog } from './generate';
import { rebuild } from '../../projections/registry';
import { locationsProjection } from '../../projections/locations/projection';
import { usersProjection } from '../../projections/users/projection';
import { readAll } from '../../events/store/append';

const db = await openBenchDatabase(10);
try {
  const { sql } = db;
  console.log((await sql`SELECT current_setting('fsync') f, current_setting('synchronous_commit') s, current_setting('wal_sync_method') w, current_setting('shared_buffers') sb`)[0]);
  const log = await generateLog(sql, { events: 100_000, locations: 1_000, users: 1_000, userShare: 0.1, rounds: 4 });
  const t = async (name: string, f: () => Promise<unknown>) => {
    const c0 = process.cpuUsage(); const s = performance.now(); const r = await f();
    const cu = process.cpuUsage(c0);
    console.log(name, ((performance.now() - s) / 1000).toFixed(2), 's wall; node cpu', ((cu.user + cu.system) / 1e6).toFixed(2), 's', r);
  };
  await t('rebuild all', () => rebuild(sql));
  await t('rebuild all again', () => rebuild(sql));
  await t('rebuild locations', () => rebuild(sql, [locationsProjection]));
  await t('rebuild users', () => rebuild(sql, [usersProjection]));
  await t('readAll 2000 batches in tx', () => sql.begin(async (tx) => { let p = 0, n = 0; for (;;) { const b = await readAll(tx, p, 2000); if (!b.length) return n; n += b.length; p = b[b.length - 1]!.position; } }));
  // same statements but each row updated once: locations only LocationCreated
  await t('rebuild with no-op projection statements (SELECT 1 per event)', () => sql.begin(async (tx) => { let p = 0, n = 0; for (;;) { const b = await readAll(tx, p, 2000); if (!b.length) return n; await Promise.all(b.map(() => tx`SELECT 1`)); n += b.length; p = b[b.length - 1]!.position; } }));
  console.log(log.events);
} finally { await db.close(); }
