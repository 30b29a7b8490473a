import { rebuild } from '../projections/registry';
import { loadConfig } from './config';
import { openDatabase } from './db/database';

/** `npm run rebuild`: replays the whole log into fresh read models. */
const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = performance.now();
  const count = await rebuild(database.sql);
  const seconds = (performance.now() - started) / 1000;
  console.log(`Rebuilt every read model from ${count} events in ${seconds.toFixed(2)} s.`);
} finally {
  await database.close();
}
