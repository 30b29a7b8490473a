import type postgres from 'postgres';
import type { LiveEntity, LiveRows } from '../shared/realtime';
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
