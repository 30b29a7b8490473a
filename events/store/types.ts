import type postgres from 'postgres';

/** Anything that runs queries: the pool or an open transaction. */
export type Db = postgres.ISql<{}>;
export type Tx = postgres.TransactionSql<{}>;
export type Pool = postgres.Sql<{}>;

/**
 * Who may see an event: the location ids it belongs to. An empty list means it concerns no
 * location and only administrators (and the users named in `users`) may see it, unless
 * `everyone` says every signed-in user may (rows bound to no location that all may read:
 * contacts, companies, marketing templates).
 */
export interface EventScope {
  locations: string[];
  users?: string[];
  everyone?: boolean;
  /** Only the users named may see it, not even administrators (one user's own mail connection). */
  private?: boolean;
}

export interface EventMetadata {
  /** The acting user, or 'system' for seeds and maintenance. */
  user_id: string;
  correlation_id: string;
  causation_id: string | null;
  /** The command's clock, ISO 8601; projections use this, never now(). */
  at: string;
  scope: EventScope;
  /**
   * Rows of read models, by read model, that this command changed beyond its own stream's row
   * because they show a row it changed (projections/engine/readModel.ts): written by the inline
   * projections, read by the live push.
   */
  touched?: Record<string, { column: string; value: string }[]>;
}

/** An event a decider produced, before it is stored. */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** An event as read back from the log. */
export interface StoredEvent<T extends string = string, D = unknown> {
  position: number;
  stream_id: string;
  stream_type: string;
  version: number;
  type: T;
  data: D;
  metadata: EventMetadata;
}

/** An event about to be appended: everything but its global position. */
export type PendingEvent = Omit<StoredEvent, 'position'>;

/**
 * An event as a rebuild's folds read it: of its metadata only the time and the author. The rest
 * (scope, correlation) is most of the bytes read, and no read model keeps it.
 */
export type BriefEvent = Omit<PendingEvent, 'metadata'> & { metadata: Pick<EventMetadata, 'at' | 'user_id'> };
export type BriefStoredEvent = BriefEvent & { position: number };
