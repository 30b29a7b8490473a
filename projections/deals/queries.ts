import type { Actor } from '@shared/domain/access';
import { DAYS_PER_MONTH, DEAL_STAGES, DEFAULT_TERM_MONTHS, dealValue, type DealStage } from '@shared/domain/deals';
import type { Deal, DealContact, DealListQuery } from '@shared/schemas/deals';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { ACCESS_AND_FILTER, locationFilter } from '../offices/queries';
import { scopeParams } from '../scope';
import { iso, likeLiteral, rowReads } from '../engine/projection';

interface DealRow extends Omit<Deal, 'location_name' | 'contract_location' | 'deal_value' | 'created_at' | 'updated_at' | 'stage_changed_at' | 'contact' | 'executed_copy'> {
  contact: DealContact;
  executed_sha256: string | null;
  executed_size: number | null;
  executed_at: Date | null;
  location_name: string | null;
  city: string | null;
  stage_changed_at: Date;
  created_at: Date;
  updated_at: Date;
}

const toDeal = (r: DealRow): Deal => ({
  id: r.id,
  deal_name: r.deal_name,
  company_id: r.company_id,
  company_name: r.company_name,
  contact_id: r.contact_id,
  contact: r.contact,
  agreement_type: r.agreement_type,
  membership_type: r.membership_type,
  location_id: r.location_id,
  location_name: r.location_name ?? '',
  contract_location: [r.location_name, r.city].filter(Boolean).join(', '),
  office_ids: r.office_ids,
  start_date: r.start_date,
  term_months: r.term_months,
  term_days: r.term_days,
  offered_price: r.offered_price,
  deal_value: dealValue(r.offered_price, r.term_months, r.term_days),
  market_rate: r.market_rate,
  probability: r.probability,
  notice_by: r.notice_by,
  notes: r.notes,
  source: r.source,
  assigned_to: r.assigned_to,
  stage: r.stage,
  rank: r.rank,
  signature_status: r.signature_status,
  member_id: r.member_id,
  attention_reason: r.attention_reason,
  signed_by: r.signed_by,
  executed_copy:
    r.executed_sha256 && r.executed_size !== null && r.executed_at
      ? { sha256: r.executed_sha256, size: r.executed_size, stored_at: iso(r.executed_at) }
      : null,
  stage_changed_at: iso(r.stage_changed_at),
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/**
 * deal_value in SQL, for sums over many deals without reading each: dealValue
 * (shared/domain/deals.ts) step for step in double precision, rounded to the cent the same way
 * (half up), so a company's total equals the sum of its deals' deal_value.
 */
export const DEAL_VALUE_SQL = (alias: string) => `
  floor(${alias}.offered_price * (CASE WHEN ${alias}.term_months IS NULL AND ${alias}.term_days IS NULL THEN ${DEFAULT_TERM_MONTHS}::float8
    ELSE coalesce(${alias}.term_months, 0)::float8 + coalesce(${alias}.term_days, 0)::float8 / ${DAYS_PER_MONTH} END) * 100 + 0.5) / 100`;

/** The columns of a deal's answer, read from `d` (a deals row) and `l` (its location). */
const COLUMNS = `
  SELECT d.id, d.deal_name, d.company_id, d.company_name, d.contact_id, d.contact, d.agreement_type, d.membership_type,
         d.location_id, l.name AS location_name, l.city, d.office_ids::text[] AS office_ids, d.start_date::text AS start_date,
         d.term_months, d.term_days, d.offered_price, d.market_rate, d.probability, d.notice_by, d.notes, d.source,
         d.assigned_to, d.stage, d.rank, d.signature_status, d.member_id, d.attention_reason, d.signed_by,
         d.executed_sha256, d.executed_size, d.executed_at, d.stage_changed_at, d.version, d.created_at, d.updated_at`;

/** The location's name is joined at read time, so a rename never leaves stale copies. */
const SELECT = `${COLUMNS} FROM deals d LEFT JOIN locations l ON l.id = d.location_id`;

/**
 * The deals as they stood at the instant $9: each deal's stretch of the deal history holding it
 * (a GiST probe), read back as a deals row, so the answer has the same shape as now.
 */
const SELECT_AS_OF = `${COLUMNS}
  FROM deal_history h CROSS JOIN LATERAL jsonb_populate_record(NULL::deals, h.deal) d LEFT JOIN locations l ON l.id = d.location_id`;

/** Board order: stage order, then rank within the column, then id (equal ranks of simultaneous drops). */
const STAGE_ORDER = `array_position($7::text[], d.stage)`;

/** The reads of deals: the list, one by id, and the rows a batch of events changed (see Touched) for the live push. */
const reads = rowReads(SELECT, 'd', toDeal);
const readsAsOf = rowReads(SELECT_AS_OF, 'd', toDeal);

/**
 * The deals an actor may see, with the list's filters; one query, in board order. With `as_of`,
 * the deals as they stood at that instant (the deal history), filtered the same way.
 */
export async function listDeals(db: Db, actor: Actor, query: DealListQuery): Promise<Deal[]> {
  const asOf = query.as_of ?? null;
  return (asOf ? readsAsOf : reads).where(
    db,
    `${ACCESS_AND_FILTER('deals', 'd')}
       AND ($4::text IS NULL OR d.stage = $4)
       AND ($5::uuid IS NULL OR d.contact_id = $5)
       AND ($6::uuid IS NULL OR d.company_id = $6)
       AND ($8::text IS NULL OR d.deal_name ILIKE $8 OR d.company_name ILIKE $8 OR d.contact->>'name' ILIKE $8
            OR d.contact->>'email' ILIKE $8)
       ${asOf ? 'AND tstzrange(h.valid_from, h.valid_to) @> $9::timestamptz' : ''}
     ORDER BY ${STAGE_ORDER}, d.rank, d.id`,
    [
      ...scopeParams(actor),
      locationFilter(query.location),
      query.stage ?? null,
      query.contact_id ?? null,
      query.company_id ?? null,
      [...DEAL_STAGES],
      query.q ? `%${likeLiteral(query.q)}%` : null,
      ...(asOf ? [asOf] : []),
    ],
  );
}

export const getDeal = reads.byId;
export const dealsTouched = reads.touched;

type RankedCard = { id: string; rank: string };

/**
 * The cards of a column around a drop spot, in board order, leaving out `moving` (the card being
 * placed, or null for a new one): the card `beforeId` and the first card ranked after it; or the
 * card `afterId` and the last card ranked before it; or, with neither, the column's first card.
 * What placeBetween needs, read with two index lookups however long the column is. Empty when
 * the named card is not in the column.
 */
export async function columnAround(db: Db, stage: DealStage, moving: string | null, beforeId: string | null, afterId: string | null): Promise<RankedCard[]> {
  if (beforeId === null && afterId === null) {
    return db.unsafe<RankedCard[]>(`SELECT id, rank FROM deals WHERE stage = $1 AND id IS DISTINCT FROM $2::uuid ORDER BY rank, id LIMIT 1`, [stage, moving], PREPARED);
  }
  const anchorId = (beforeId ?? afterId)!;
  const [anchor] = await db.unsafe<RankedCard[]>(`SELECT id, rank FROM deals WHERE id = $1 AND stage = $2 AND id IS DISTINCT FROM $3::uuid`, [anchorId, stage, moving], PREPARED);
  if (!anchor) return [];
  const [neighbour] =
    beforeId !== null
      ? await db.unsafe<RankedCard[]>(`SELECT id, rank FROM deals WHERE stage = $1 AND rank > $2 AND id IS DISTINCT FROM $3::uuid ORDER BY rank, id LIMIT 1`, [stage, anchor.rank, moving], PREPARED)
      : await db.unsafe<RankedCard[]>(`SELECT id, rank FROM deals WHERE stage = $1 AND rank < $2 AND id IS DISTINCT FROM $3::uuid ORDER BY rank DESC, id DESC LIMIT 1`, [stage, anchor.rank, moving], PREPARED);
  if (!neighbour) return [anchor];
  return beforeId !== null ? [anchor, neighbour] : [neighbour, anchor];
}

/**
 * Stays in stages of the given deals, for time in stage and the funnel; with `asOf`, the stays
 * begun by then, a stay left later still open.
 */
export async function stageVisits(db: Db, dealIds: string[], asOf?: string): Promise<{ deal_id: string; stage: DealStage; entered_at: Date; left_at: Date | null }[]> {
  if (dealIds.length === 0) return [];
  if (asOf) {
    return db.unsafe(
      `SELECT deal_id, stage, entered_at, CASE WHEN left_at <= $2::timestamptz THEN left_at END AS left_at
         FROM deal_stage_visits WHERE deal_id = ANY($1::uuid[]) AND entered_at <= $2::timestamptz`,
      [dealIds, asOf], PREPARED);
  }
  return db.unsafe(`SELECT deal_id, stage, entered_at, left_at FROM deal_stage_visits WHERE deal_id = ANY($1::uuid[])`, [dealIds], PREPARED);
}

/** Where a deal is and whether it is closed, for drag presence (null: no such deal). `id` is a UUID. */
export async function dealWhereabouts(db: Db, id: string): Promise<{ location_id: string; stage: DealStage } | null> {
  const [row] = await db.unsafe<{ location_id: string; stage: DealStage }[]>(`SELECT location_id, stage FROM deals WHERE id = $1`, [id], PREPARED);
  return row ?? null;
}
