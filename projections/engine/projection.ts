import type postgres from 'postgres';
import type { LiveEntity, LiveRows } from '@shared/realtime';
import { PREPARED } from '../../events/store/connect';
import type { AnswerStatement } from '../../events/handleCommand';
import type { BriefEvent, Db, PendingEvent } from '../../events/store/types';
import type { MemoryTables } from './memoryTables';
import type { ReadModel } from './readModel';

/** One statement of a projection's work for one event. */
export type Statement = postgres.PendingQuery<postgres.Row[]>;

/** An event from the log whose payload is typed by its type name (payloads are validated on append). */
export type Logged<E extends { type: string; data: unknown }> = Omit<PendingEvent, 'type' | 'data'> & E;

/** The same as a rebuild's folds read it: of the metadata, only its time and author (BriefEvent). */
export type Brief<E extends { type: string; data: unknown }> = Omit<BriefEvent, 'type' | 'data'> & E;

/**
 * Rows of a projection that an event changed, named by a uuid column they hold as they stand
 * now: `{ column: 'id', value }` for the event's own row, `{ column: 'location_id', value }` for
 * every row at a renamed location, and so on.
 */
export interface Touched {
  /** A column of the entity's rows as its loader reads them. */
  column: string;
  value: string;
}

/** How a read model takes one event type: what it writes, and which of its rows that changed. */
export interface Handler<E extends { type: string; data: unknown }> {
  /** One statement (or null): a rebuild pipelines thousands, correct only if each event is one. */
  apply(db: Db, event: Logged<E>): Statement | null;
  /**
   * The same change as `apply`, made to the projection's rows held in memory (memoryTables.ts):
   * what a rebuild runs, so each row is written once rather than once per event. It must leave
   * exactly the rows `apply` leaves (tests/integration/rebuild.test.ts compares them). A
   * projection folds in a rebuild only when every one of its handlers has one.
   */
  fold?(tables: MemoryTables, event: Brief<E>): void;
  /** Pure, because a catch-up asks it of events long past: the rows to push after this event. */
  changed(event: Logged<E>): Touched[];
}

export type Handlers<E extends { type: string; data: unknown }> = {
  [T in E['type']]?: Handler<Extract<E, { type: T }>>;
};

/**
 * A read model kept in step with the log. Every event type it takes is one entry of `on`, which
 * says both how it applies and which rows it changed; the live gateway and catch-up read the
 * second, inline projection and rebuilds the first.
 */
export interface Projection {
  name: string;
  /** Bump when table.sql or apply changes: start-up then rebuilds this read model from the log. */
  version: number;
  /** DDL creating the projection's tables; run on a fresh schema. */
  ddl: string;
  /** Tables it owns, dropped before a rebuild. */
  tables: string[];
  /**
   * Unique constraints whose violation is a user-facing conflict: the message to give and the
   * request field it is about.
   */
  conflicts?: Record<string, { message: string; field: string }>;
  /** A hand-written projection's statement for one event (a declared one has `model` instead). */
  apply?(db: Db, event: PendingEvent): Statement | null;
  /** A declared read model (readModel.ts): its statements come from declaredInline.ts. */
  model?: ReadModel;
  /** Present when every handler folds: a rebuild then builds this read model in memory. */
  fold?(tables: MemoryTables, event: BriefEvent): void;
  changed(event: PendingEvent): Touched[];
  /** Pushed to browsers as rows of `entity`, loaded by what the events touched. */
  live?: LiveView;
}

export interface LiveView<E extends LiveEntity = LiveEntity> {
  entity: E;
  /** The rows matching any of `touched`, as the entity's GET answers them. */
  load(db: Db, touched: Touched[]): Promise<LiveRows[E][]>;
}

export function defineProjection<E extends { type: string; data: unknown }>(
  spec: Omit<Projection, 'apply' | 'changed'> & { on: Handlers<E> },
): Projection {
  const { on, ...rest } = spec;
  // Keyed by type name, so the handler found always takes the event's own payload type.
  const handlers: Partial<Record<string, Handler<{ type: string; data: unknown }>>> = on;
  const folds = Object.values(handlers).every((handler) => handler?.fold);
  return {
    ...rest,
    apply: (db, event) => handlers[event.type]?.apply(db, event) ?? null,
    ...(folds && { fold: (tables: MemoryTables, event: BriefEvent) => handlers[event.type]?.fold?.(tables, event) }),
    changed: (event) => handlers[event.type]?.changed(event) ?? [],
  };
}

/** 'location-<uuid>' -> '<uuid>'. */
export function entityId(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

export const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);

/**
 * `alias.column = ANY($n::uuid[])` for each column `touched` names, OR-ed, with its parameters:
 * one query loads every row a batch of events changed.
 */
export function touchedWhere(alias: string, touched: Touched[]): { where: string; params: string[][] } {
  const byColumn = new Map<string, Set<string>>();
  for (const { column, value } of touched) byColumn.set(column, (byColumn.get(column) ?? new Set()).add(value));
  const params: string[][] = [];
  const clauses = [...byColumn].map(([column, values]) => {
    params.push([...values]);
    return `${alias}.${column} = ANY($${params.length}::uuid[])`;
  });
  return { where: clauses.join(' OR ') || 'false', params };
}

/**
 * One entity's reads by id, by what a batch of events touched and by a condition, from its SELECT
 * (the table aliased `alias`, names joined) and its row mapper.
 */
export function rowReads<R, T>(select: string, alias: string, map: (row: R) => T) {
  /** The rows `where` (and what follows it, ORDER BY) picks, with its parameters. */
  const where = async (db: Db, condition: string, params: Parameters<Db['unsafe']>[1]): Promise<T[]> => {
    const rows = await db.unsafe<R[]>(`${select} WHERE ${condition}`, params, PREPARED);
    return rows.map(map);
  };
  const byIdText = `${select} WHERE ${alias}.id = $1`;
  const one = (rows: R[]) => (rows[0] ? map(rows[0]) : null);
  /** One row by id; as a statement (`statement(id)`), a command's answer its COMMIT can follow at once. */
  const byId = Object.assign(async (db: Db, id: string): Promise<T | null> => one(await db.unsafe<R[]>(byIdText, [id], PREPARED)), {
    statement: (id: string): AnswerStatement<T | null> => ({ text: byIdText, params: [id], map: (rows) => one(rows as R[]) }),
  });
  return {
    byId,
    async touched(db: Db, touched: Touched[]): Promise<T[]> {
      const { where: condition, params } = touchedWhere(alias, touched);
      return where(db, condition, params);
    },
    where,
  };
}

/** `%`, `_` and `\` are wildcards to LIKE: a search for "50%" means the characters. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
