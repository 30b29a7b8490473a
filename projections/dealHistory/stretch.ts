import { isClosedStage, type DealStage } from '@shared/domain/deals';
import type { DealChangeKind } from '@shared/schemas/dealHistory';

/**
 * The deal fields a change lists (the board's card and the deal's form show them), in the order
 * a change names them. Bookkeeping (version, rank, stamps, the signing process's own fields) is
 * left out: a re-rank is a move, not an edit.
 */
export const CHANGE_FIELDS = [
  'stage', 'deal_name', 'company_name', 'contact', 'agreement_type', 'membership_type', 'location_id', 'office_ids',
  'start_date', 'term_months', 'term_days', 'offered_price', 'market_rate', 'probability', 'notice_by', 'notes', 'source',
  'assigned_to', 'signature_status', 'signed_by',
] as const;

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** JSON text with object keys sorted: two values are the same JSON (as jsonb compares them) when these are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The fields of CHANGE_FIELDS that differ between a deal's row before and after an event. */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return CHANGE_FIELDS.filter((field) => !sameJson(before[field], after[field])).map((field) => ({
    field,
    from: before[field] ?? null,
    to: after[field] ?? null,
  }));
}

/** What a move was, by the stages at its two ends. */
export function moveKind(from: DealStage, to: DealStage): DealChangeKind {
  if (to === 'agreement_signed') return 'signed';
  if (to === 'close_lost') return 'lost';
  if (isClosedStage(from)) return 'reopened';
  return 'moved';
}

/** The same rule as moveKind, in SQL over two text expressions. */
export const MOVE_KIND_SQL = (from: string, to: string) => `CASE WHEN ${to} = 'agreement_signed' THEN 'signed' WHEN ${to} = 'close_lost' THEN 'lost'
  WHEN ${from} IN ('agreement_signed', 'close_lost') THEN 'reopened' ELSE 'moved' END`;
