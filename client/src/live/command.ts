import type { LiveEntity, LiveRows } from '@shared/realtime';
import { ApiError, type CommandMeta } from '../api/client';
import { appStore } from '../state/jotai';
import { applyRow, removeRow, type LiveCollection, type Versioned } from './collection';
import { liveCollection } from './registry';

/** Correlation ids of this tab's commands: the pushed change that carries one was this tab's. */
const mine = new Map<string, number>();
const REMEMBER_MS = 10 * 60_000;

function remember(id: string) {
  const now = Date.now();
  mine.set(id, now);
  for (const [key, at] of mine) if (now - at > REMEMBER_MS) mine.delete(key);
}

/** Was this pushed change made by this tab? Exact, by correlation id: no timing window. */
export function isOwnChange(correlationId: string): boolean {
  return mine.has(correlationId);
}

export interface Command<E extends LiveEntity> {
  entity: E;
  /** The row changed; absent when the command creates it. */
  id?: string;
  /** The version the user's view was based on (a dialog's: the row as it was opened). */
  version?: number;
  /** The change as the user expects it, shown at once while the server decides. */
  optimistic?: (row: LiveRows[E]) => LiveRows[E];
  /** The command deletes the row: it leaves the cache at once, and for good once the server agrees. */
  deletes?: boolean;
  /** Sends the request with the version and correlation id; answers the row as it now stands. */
  send: (meta: CommandMeta) => Promise<LiveRows[E] | null | undefined>;
}

/**
 * The one way the client changes data: applies the expected change at once, sends the row's
 * version and a correlation id, writes the server's answer into the entity cache, and on a
 * refusal puts the row back and rethrows the server's error (a 409 names who changed the row:
 * `ApiError.message`, `ApiError.conflict`).
 */
export async function sendCommand<E extends LiveEntity>(command: Command<E>): Promise<LiveRows[E] | null> {
  const cache = liveCollection(command.entity);
  const correlationId = crypto.randomUUID();
  remember(correlationId);
  const before = command.id ? appStore.get(cache).byId[command.id] : undefined;
  const guess = before && command.optimistic ? command.optimistic(before) : undefined;
  if (before && guess) appStore.set(cache, (c) => ({ ...c, byId: { ...c.byId, [before.id]: guess } }));
  if (before && command.deletes) appStore.set(cache, (c) => withoutRow(c, before.id));
  try {
    const row = await command.send({ version: command.version, correlationId });
    if (command.deletes && command.id) {
      const id = command.id;
      appStore.set(cache, (c) => removeRow(c, id));
      return null;
    }
    if (row && typeof row === 'object' && 'id' in row) {
      const touch = { at: Date.now(), by: null, own: true };
      // The answer replaces the guess even at the same version (a command that changed nothing).
      appStore.set(cache, (c) => (guess && c.byId[row.id] === guess ? { ...c, byId: { ...c.byId, [row.id]: row } } : applyRow(c, row, touch)));
      return row;
    }
    return null;
  } catch (error) {
    // Put the row back only if nothing newer replaced the guess meanwhile.
    if (before && guess) {
      appStore.set(cache, (c) => (c.byId[before.id] === guess ? { ...c, byId: { ...c.byId, [before.id]: before } } : c));
    }
    // A refused deletion brings the row back, unless a newer copy (or its removal) arrived meanwhile.
    if (before && command.deletes) {
      appStore.set(cache, (c) => (c.byId[before.id] || c.removed[before.id] ? c : { ...c, byId: { ...c.byId, [before.id]: before } }));
    }
    throw error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : 'The request failed');
  }
}

/** The collection without the row (not marked removed: a refusal may yet bring it back). */
function withoutRow<R extends Versioned>(collection: LiveCollection<R>, id: string): LiveCollection<R> {
  const { [id]: _gone, ...byId } = collection.byId;
  return { ...collection, byId };
}
