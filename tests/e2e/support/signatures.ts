import { test } from '@playwright/test';
import { createPool } from '../../../events/store/connect';
import type { Pool } from '../../../events/store/types';
import { readDatabaseUrl } from '../../../server/db/embedded';
import { E2E_DATA_DIR } from '../../../playwright.config';
import { signDeal } from '../../support/signature';

/**
 * Signs deals as the public signing page would, recording the signature in this worker's e2e
 * database directly (tests/support/signature.ts): each worker has its own server and database.
 * Call at a spec file's top level; the connection is open for the file's tests.
 */
export function signaturesInDatabase(): { sign(dealId: string): Promise<unknown> } {
  let sql: Pool | undefined;
  test.beforeAll(async () => {
    const url = await readDatabaseUrl(E2E_DATA_DIR);
    if (!url) throw new Error(`the e2e server left no database URL in ${E2E_DATA_DIR}`);
    sql = createPool(url, { max: 2 });
  });
  test.afterAll(async () => {
    await sql?.end({ timeout: 5 });
  });
  return {
    sign(dealId) {
      if (!sql) throw new Error('signaturesInDatabase() belongs at the top of a spec file');
      return signDeal(sql, dealId);
    },
  };
}
