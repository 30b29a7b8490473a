import { randomBytes } from 'node:crypto';
import { createCommandHandler } from '../../events/handleCommand';
import { createPool, openSql } from '../../events/store/connect';
import { applyInline } from '../../projections/registry';
import { ensureDatabase, prepareSchema } from '../../server/db/database';
import { seedDemoResources } from '../../server/seed/demoResources';
import { seedDemoTemplates } from '../../server/seed/demoTemplates';
import { seedDemo, seedDemoDeals, seedDemoTasks } from '../../server/seed/seed';
import { seedDemoBookings } from '../../server/seed/demoBookings';

/**
 * A database with the schema and the demo data, seeded once per run, that each test server's
 * database is copied from (CREATE DATABASE ... TEMPLATE, a file copy): seeding through the
 * commands took most of a test server's start. The server still runs every demo seed on its
 * copy; each skips what is there, so a seed added later is only slower here, never missing.
 */
export async function createDemoTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `demo_template_${randomBytes(4).toString('hex')}`;
  const sql = createPool(await ensureDatabase(serverUrl, name), { max: 4 });
  try {
    await prepareSchema(sql);
    const handle = createCommandHandler(sql, applyInline);
    await seedDemo(sql, handle);
    await seedDemoDeals(sql, handle);
    await seedDemoTasks(sql, handle);
    await seedDemoBookings(sql, handle);
    await seedDemoTemplates(sql, handle);
    await seedDemoResources(sql, handle);
  } finally {
    // A template is copied only while nobody is connected to it.
    await sql.end({ timeout: 5 });
  }
  return {
    name,
    async drop() {
      const admin = openSql(serverUrl, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
