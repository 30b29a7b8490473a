import type { Logger } from 'pino';
import type { RowChange } from '@shared/realtime';
import type { Pool } from '../../events/store/types';
import { deliveriesNamed } from './outbox';

/** The channel the delivery log's trigger NOTIFYs on each committed change of a row (migration 0060). */
export const DELIVERIES_CHANNEL = 'slack_deliveries';

export interface DeliveryChanges {
  stop(): Promise<void>;
}

/**
 * Follows the delivery log's changes on this node: whichever node (or process) wrote a row, its
 * commit NOTIFYs every node, each of which reads the rows named and hands them to `push` (the
 * gateway, for its own sockets). Rows named in one turn of the event loop are read together.
 */
export async function followDeliveryChanges(sql: Pool, push: (changes: RowChange[]) => void, logger: Logger): Promise<DeliveryChanges> {
  const named = new Map<string, readonly [number, string]>();
  let reading: Promise<void> = Promise.resolve();
  let scheduled = false;

  const readNamed = async () => {
    scheduled = false;
    const keys = [...named.values()];
    named.clear();
    try {
      const rows = await deliveriesNamed(sql, keys);
      if (rows.length > 0) push(rows.map((row) => ({ entity: 'slack_deliveries', id: row.id, row })));
    } catch (error) {
      // A screen that missed this change gets the row at its next change or its next reload.
      logger.warn({ err: error }, 'could not read changed Slack deliveries');
    }
  };

  const listener = await sql.listen(DELIVERIES_CHANNEL, (payload) => {
    const [position, ruleId] = JSON.parse(payload) as [number, string];
    named.set(`${position}:${ruleId}`, [position, ruleId]);
    if (scheduled) return;
    scheduled = true;
    // One read at a time, in order: a row read later is never older than one pushed before it.
    reading = reading.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(readNamed);
  });

  return {
    async stop() {
      await listener.unlisten().catch(() => undefined);
      await reading;
    },
  };
}
