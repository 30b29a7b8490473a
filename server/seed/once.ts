import { randomUUID } from 'node:crypto';
import { append } from '../../events/store/append';
import { ConcurrencyError } from '../../events/store/errors';
import type { Pool, Tx } from '../../events/store/types';

/** True when the marker stream of a seed is in the log: that seed ran. */
export async function seeded(sql: Pool, marker: string): Promise<boolean> {
  const [done] = await sql`SELECT 1 FROM events WHERE stream_id = ${marker} LIMIT 1`;
  return !!done;
}

/**
 * Runs a seed once: its commands and, last, a marker stream at version 1, in one transaction. A
 * second start finds the marker; a concurrent one loses the race on it and rolls back, so the
 * data is never seeded twice. `work` answers false when there is nothing to seed on yet (no
 * locations): no marker then, so a later start seeds. Resolves true when this call seeded.
 */
export async function seedOnce(sql: Pool, marker: string, markerEvent: string, work: (tx: Tx) => Promise<boolean>): Promise<boolean> {
  if (await seeded(sql, marker)) return false;
  try {
    return await sql.begin(async (tx) => {
      if (!(await work(tx))) return false;
      await append(tx, {
        streamId: marker,
        streamType: 'system',
        expectedVersion: 0,
        events: [{ type: markerEvent, data: {} }],
        metadata: { user_id: 'system', correlation_id: randomUUID(), causation_id: null, at: new Date().toISOString(), scope: { locations: [] } },
      });
      return true;
    });
  } catch (error) {
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}
