import { randomUUID } from 'node:crypto';
import { announce, claimNotify } from '../../events/store/announce';
import { append, type AppendArgs } from '../../events/store/append';
import type { EventMetadata, Pool, StoredEvent } from '../../events/store/types';

/** Metadata for events a store test appends directly: a test user, a fresh correlation id, no scope. */
export const testMetadata = (): EventMetadata => ({
  user_id: 'test',
  correlation_id: randomUUID(),
  causation_id: null,
  at: new Date().toISOString(),
  scope: { locations: [] },
});

/** One 'Tested' event opening a fresh stream; `notify` as claimNotify answered. */
export const freshStreamAppend = (notify?: string): AppendArgs => ({
  streamId: `test-${randomUUID()}`,
  streamType: 'test',
  expectedVersion: 0,
  events: [{ type: 'Tested', data: {} }],
  metadata: testMetadata(),
  notify,
});

/**
 * One append in its own transaction as handleCommand commits it: the NOTIFY's turn claimed, the
 * append carrying it when claimed, then announced after the commit.
 */
export async function appendAndAnnounce(sql: Pool, args: Omit<AppendArgs, 'notify'>): Promise<{ events: StoredEvent[]; carried: boolean }> {
  const notify = claimNotify(sql);
  const events = await sql.begin((tx) => append(tx, { ...args, notify }));
  announce(sql, events, notify !== undefined ? events[events.length - 1]!.position : undefined);
  return { events, carried: notify !== undefined };
}
