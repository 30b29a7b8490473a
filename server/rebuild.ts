import { createPool, openSql } from '../events/store/connect';
import type { Pool } from '../events/store/types';
import { rebuild } from '../projections/registry';
import type { RebuildProgress } from '../projections/engine/rebuildBeside';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { readDatabaseUrl } from './db/embedded';

/**
 * `npm run rebuild`: replays the whole log into fresh read models beside the current ones and
 * swaps them in, while the app keeps serving. With the app running on its embedded database, it
 * uses that server (the URL the app left in DATA_DIR) rather than starting, or stopping, its own.
 */
const config = loadConfig();

/** The running app's embedded database, if it answers. */
async function running(): Promise<Pool | null> {
  const url = config.databaseUrl ? null : await readDatabaseUrl(config.dataDir);
  if (!url) return null;
  const probe = openSql(url, { max: 1, connect_timeout: 2, onnotice: () => undefined });
  try {
    await probe`SELECT 1`;
    return createPool(url, { max: 4 });
  } catch {
    return null;
  } finally {
    await probe.end();
  }
}

const shared = await running();
const database = shared ? { sql: shared, close: () => shared.end({ timeout: 5 }) } : await openDatabase(config);

const started = performance.now();
const rate = (done: number) => Math.round(done / Math.max((performance.now() - started) / 1000, 0.001));
const tty = process.stderr.isTTY;
let lastLine = 0;
function show({ done, total, phase }: RebuildProgress) {
  const now = performance.now();
  if (now - lastLine < 200 && done < total) return;
  lastLine = now;
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
  const line = `[${bar}] ${(share * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events  ${rate(done).toLocaleString('en-US')} events/s  ${phase}`;
  process.stderr.write(tty ? `\r${line}` : `${line}\n`);
}

try {
  const count = await rebuild(database.sql, undefined, show);
  const seconds = (performance.now() - started) / 1000;
  if (tty) process.stderr.write('\n');
  console.log(
    `Rebuilt every read model from ${count.toLocaleString('en-US')} events in ${seconds.toFixed(2)} s (${rate(count).toLocaleString('en-US')} events/s)${shared ? ', beside the running app' : ''}.`,
  );
} finally {
  await database.close();
}
