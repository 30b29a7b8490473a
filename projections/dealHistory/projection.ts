import { readFileSync } from 'node:fs';
import { dealValue } from '@shared/domain/deals';
import type { DealEvent } from '../../events/deal/events';
import { withoutPreviousCompany } from '../../events/previousCompany';
import type { BriefEvent, Db } from '../../events/store/types';
import { dealsProjection } from '../deals/projection';
import { DEAL_VALUE_SQL } from '../deals/queries';
import type { MemoryTables, Row } from '../engine/memoryTables';
import { defineProjection, entityId, type Brief, type Handler, type Handlers, type Statement } from '../engine/projection';
import { CHANGE_FIELDS, changesBetween, moveKind, MOVE_KIND_SQL } from './stretch';

/**
 * The deals read model's evolvers, stamps included: the fold keeps each stretch's row exactly as
 * the deals table would have held it after that event.
 */
const dealsModel = dealsProjection.model!;

/** A deal's value as its row holds it (the board's figure). */
const valueOf = (row: Row) => dealValue(Number(row.offered_price), (row.term_months as number | null) ?? null, (row.term_days as number | null) ?? null);

type Kind = 'created' | 'edited' | 'moved' | null;

/**
 * Each event type's change of the deal's row, in SQL over the open stretch's row `c.deal`: the
 * deals evolvers (projections/deals/projection.ts) step for step, so a statement and the fold
 * (which runs those evolvers) leave the same row. Each returns a jsonb expression.
 */
type Patch<E extends DealEvent> = (db: Db, event: Brief<E>) => Statement;

const odds = (db: Db, stage: Statement, asked: Statement) =>
  db`CASE ${stage} WHEN 'agreement_signed' THEN 100 WHEN 'close_lost' THEN 0 ELSE ${asked} END`;
const own = (db: Db) => db`(c.deal->>'probability')::int`;

const moved: Patch<Extract<DealEvent, { type: 'DealMoved' | 'DealMoveUndone' }>> = (db, { data: { stage, rank }, metadata: { at } }) => db`
  c.deal || jsonb_build_object(
    'stage', ${stage}::text, 'rank', ${rank}::text,
    'stage_changed_at', CASE WHEN c.deal->>'stage' = ${stage}::text THEN c.deal->'stage_changed_at' ELSE to_jsonb(${at}::text) END,
    'probability', ${odds(db, db`${stage}::text`, own(db))})`;

const set = (fields: Record<string, unknown>) => (db: Db) => db`c.deal || ${JSON.stringify(fields)}::text::jsonb`;

const PATCHES: { [T in Exclude<DealEvent['type'], 'DealCreated'>]: Patch<Extract<DealEvent, { type: T }>> } = {
  DealEdited: (db, { data }) => {
    const { probability, ...changes } = withoutPreviousCompany(data);
    return db`c.deal || ${JSON.stringify(changes)}::text::jsonb
      || jsonb_build_object('probability', ${odds(db, db`c.deal->>'stage'`, db`coalesce(${probability ?? null}::int, ${own(db)})`)})`;
  },
  DealMoved: moved,
  DealMoveUndone: moved,
  DealAgreementGenerated: (db) => set({ signature_status: 'not_sent' })(db),
  DealSignatureRequested: (db) => set({ signature_status: 'sent' })(db),
  DealSignatureViewed: (db) => set({ signature_status: 'viewed' })(db),
  DealAgreementSigned: (db, { data }) => set({ signature_status: 'signed', signed_by: data.signer_name })(db),
  DealMarkedSigned: (db, { data }) =>
    db`c.deal || jsonb_build_object('signed_by', CASE WHEN jsonb_typeof(c.deal->'signed_by') = 'string' THEN c.deal->'signed_by' ELSE to_jsonb(${data.signer_name}::text) END)`,
  DealSigningCompleted: (db, { data }) => set({ member_id: data.member_id, attention_reason: null })(db),
  DealNeedsAttention: (db, { data }) => set({ attention_reason: data.reason })(db),
  DealSigningRetried: (db) => set({ attention_reason: null })(db),
  DealExecutedCopyStored: (db, { data, metadata: { at } }) => set({ executed_sha256: data.sha256, executed_size: data.size, executed_at: at })(db),
};

/** What each event type is on the board's list of changes (null: bookkeeping, not listed). */
const KINDS: Record<DealEvent['type'], Kind> = {
  DealCreated: 'created',
  DealEdited: 'edited',
  DealMoved: 'moved',
  DealMoveUndone: 'moved',
  DealAgreementGenerated: 'edited',
  DealSignatureRequested: 'edited',
  DealSignatureViewed: 'edited',
  DealAgreementSigned: 'edited',
  DealMarkedSigned: null,
  DealSigningCompleted: null,
  DealNeedsAttention: null,
  DealSigningRetried: null,
  DealExecutedCopyStored: null,
};

const FIELDS = [...CHANGE_FIELDS];

/**
 * Closes the deal's open stretch at the event's time and opens the next with the row the event
 * leaves, the fields it changed and its kind, in one statement. A time earlier than the open
 * stretch's start (a back-dated command) counts as that start, so stretches never overlap and
 * every instant sees each deal once.
 */
function next(db: Db, event: Brief<DealEvent>, patch: Statement): Statement {
  const kind = KINDS[event.type];
  const kindSql = kind === 'moved' ? db.unsafe(MOVE_KIND_SQL(`c.deal->>'stage'`, `n.deal->>'stage'`)) : db`${kind}::text`;
  return db`
    WITH c AS (
      UPDATE deal_history SET valid_to = greatest(valid_from, ${event.metadata.at}::timestamptz)
      WHERE deal_id = ${entityId(event.stream_id)} AND valid_to IS NULL
      RETURNING deal, value, valid_to)
    INSERT INTO deal_history (deal_id, version, location_id, stage, kind, user_id, deal, changes, value, value_before, valid_from)
    SELECT ${entityId(event.stream_id)}, ${event.version}, (n.deal->>'location_id')::uuid, n.deal->>'stage', ${kindSql}, ${event.metadata.user_id},
      n.deal,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('field', f, 'from', c.deal->f, 'to', n.deal->f) ORDER BY o), '[]'::jsonb)
         FROM unnest(${FIELDS}::text[]) WITH ORDINALITY AS t(f, o)
         WHERE coalesce(c.deal->f, 'null'::jsonb) IS DISTINCT FROM coalesce(n.deal->f, 'null'::jsonb)),
      ${db.unsafe(DEAL_VALUE_SQL('v'))}, c.value, c.valid_to
    FROM c
    CROSS JOIN LATERAL (SELECT ${stamped(db, event, patch)} AS deal) n
    CROSS JOIN LATERAL jsonb_to_record(n.deal) AS v(offered_price float8, term_months int, term_days int)`;
}

/** The row's stamps, as the deals read model's own events leave them. */
const stamped = (db: Db, event: Brief<DealEvent>, patch: Statement) =>
  db`(${patch}) || jsonb_build_object('version', ${event.version}::int, 'updated_at', ${event.metadata.at}::text)`;

/** The open stretch of each deal in a rebuild's memory: found without scanning the deal's past. */
const openStretches = new WeakMap<MemoryTables, Map<string, Row>>();
function openOf(tables: MemoryTables): Map<string, Row> {
  let open = openStretches.get(tables);
  if (!open) openStretches.set(tables, (open = new Map()));
  return open;
}

/** next() on the rows a rebuild holds in memory, the row evolved by the deals read model's evolvers. */
function foldNext(tables: MemoryTables, event: BriefEvent) {
  const id = entityId(event.stream_id).toLowerCase();
  const open = openOf(tables);
  const history = tables.table('deal_history');
  const before = open.get(id);
  const at = event.metadata.at;
  if (event.type === 'DealCreated') {
    const deal = dealsModel.evolve(null, event)!;
    const row = stretch(event, deal, 'created', [], valueOf(deal), null, at);
    history.insert(row);
    open.set(id, row);
    return;
  }
  if (!before) return;
  const beforeDeal = before.deal as Row;
  const deal = dealsModel.evolve(beforeDeal, event)!;
  const kind = KINDS[event.type as DealEvent['type']];
  const validFrom = Date.parse(at) > Date.parse(before.valid_from as string) ? at : (before.valid_from as string);
  history.set(before, { valid_to: validFrom });
  const listedKind = kind === 'moved' ? moveKind(beforeDeal.stage as never, deal.stage as never) : kind;
  const row = stretch(event, deal, listedKind, changesBetween(beforeDeal, deal), valueOf(deal), before.value as number, validFrom);
  history.insert(row);
  open.set(id, row);
}

const stretch = (event: BriefEvent, deal: Row, kind: string | null, changes: unknown[], value: number, valueBefore: number | null, validFrom: string): Row => ({
  deal_id: entityId(event.stream_id),
  version: event.version,
  location_id: deal.location_id,
  stage: deal.stage,
  kind,
  user_id: event.metadata.user_id,
  deal,
  changes,
  value,
  value_before: valueBefore,
  valid_from: validFrom,
  valid_to: null,
});

const created: Handler<Extract<DealEvent, { type: 'DealCreated' }>> = {
  apply(db, event) {
    const deal = dealsModel.evolve(null, event)!;
    const { deal_id, version, location_id, stage, kind, user_id, value, valid_from } = stretch(event, deal, 'created', [], valueOf(deal), null, event.metadata.at);
    return db`
      INSERT INTO deal_history (deal_id, version, location_id, stage, kind, user_id, deal, changes, value, value_before, valid_from)
      VALUES (${deal_id as string}, ${version as number}, ${location_id as string}, ${stage as string}, ${kind as string}, ${user_id as string},
              ${JSON.stringify(deal)}::text::jsonb, '[]'::jsonb, ${value as number}, NULL, ${valid_from as string}::timestamptz)`;
  },
  fold: foldNext,
  changed: () => [],
};

const handlers = Object.fromEntries(
  (Object.keys(PATCHES) as (keyof typeof PATCHES)[]).map((type) => [
    type,
    {
      apply: (db: Db, event: Brief<DealEvent>) => next(db, event, (PATCHES[type] as Patch<DealEvent>)(db, event)),
      fold: foldNext,
      changed: () => [],
    },
  ]),
) as Handlers<DealEvent>;

/**
 * The deal board's history (API.md "Meeting mode on the deal board"): each deal's row over time,
 * one stretch per event of the deal, written inline with the deal's own events (so no row is
 * shared by concurrent writers) and rebuilt from the log like every read model. Its rows are
 * stretches of time, not one row per deal, so it is not a declared read model.
 */
export const dealHistoryProjection = defineProjection<DealEvent>({
  name: 'deal_history',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['deal_history'],
  on: { ...handlers, DealCreated: created },
});

