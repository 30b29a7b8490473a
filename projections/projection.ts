import type postgres from 'postgres';
import type { LiveEntity, LiveRows } from '@shared/realtime';
import type { Db, PendingEvent } from '../events/store/types';

/**
 * A read model kept in step with the log. `apply` returns a single statement (or null for an
 * event it ignores): a rebuild pipelines thousands of them on one connection, which is only
 * correct when each event's work is one statement sent in log order.
 */
export interface Projection {
  name: string;
  /** Bump when table.sql or apply changes: start-up then rebuilds this read model from the log. */
  version: number;
  /** DDL creating the projection's tables; run on a fresh schema. */
  ddl: string;
  /** Tables it owns, dropped before a rebuild. */
  tables: string[];
  apply(db: Db, event: PendingEvent): postgres.PendingQuery<postgres.Row[]> | null;
  /** Unique constraints whose violation is a user-facing conflict, with the message to give. */
  conflicts?: Record<string, string>;
  /** How the live gateway turns an event into pushed rows. */
  live?: LiveView;
}

export interface LiveView<E extends LiveEntity = LiveEntity> {
  entity: E;
  /** Stream types whose events change this view's rows. */
  streamTypes: string[];
  /**
   * Ids of the rows this event changed. May ask the database (as it stands now, not as of the
   * event), e.g. for rows of this view that an event of another stream type touches.
   */
  ids(event: PendingEvent, db: Db): string[] | Promise<string[]>;
  load(db: Db, ids: string[]): Promise<LiveRows[E][]>;
}

/** 'location-<uuid>' -> '<uuid>'. */
export function entityId(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

export const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);

/**
 * Rows of `table` (which joins its location's name at read time) that a location rename shows
 * differently: every row at that location, when the event changed the name.
 */
export async function renamedLocationRows(db: Db, table: 'offices' | 'members', event: PendingEvent): Promise<string[]> {
  if (event.type !== 'LocationUpdated' || (event.data as { name?: string }).name === undefined) return [];
  const rows = await db.unsafe<{ id: string }[]>(`SELECT id FROM ${table} WHERE location_id = $1`, [entityId(event.stream_id)], {
    prepare: true,
  });
  return rows.map((r) => r.id);
}

/**
 * A location rename changes how rows of `table` read (the name is joined at read time) without
 * touching their own streams: their updated_at moves, so clients merging by version and then
 * updated_at take the pushed rows.
 */
export function touchOnLocationRename(db: Db, table: 'offices' | 'members', event: PendingEvent) {
  if (event.type !== 'LocationUpdated' || (event.data as { name?: string }).name === undefined) return null;
  return db`UPDATE ${db(table)} SET updated_at = ${event.metadata.at} WHERE location_id = ${entityId(event.stream_id)}`;
}
