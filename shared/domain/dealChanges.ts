import type { DealChange, DealChangesSummary } from '../schemas/dealHistory';
import { DEAL_STAGE_LABELS, type DealStage } from './deals';
import { formatCurrency, formatCurrencyDelta } from './money';

/** Field names as the deal's form labels them, for "Offered price 2,400 → 2,600". */
export const CHANGE_FIELD_LABELS: Record<string, string> = {
  stage: 'Stage', deal_name: 'Deal name', company_name: 'Company', contact: 'Contact', agreement_type: 'Agreement type',
  membership_type: 'Membership type', location_id: 'Location', office_ids: 'Offices', start_date: 'Start date',
  term_months: 'Term (months)', term_days: 'Term (days)', offered_price: 'Offered price', market_rate: 'Market rate',
  probability: 'Probability', notice_by: 'Notice by', notes: 'Notes', source: 'Source', assigned_to: 'Assigned to',
  signature_status: 'Signature', signed_by: 'Signed by',
};

const MONEY = new Set(['offered_price', 'market_rate']);

/** One value of a change in words. */
export function changeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'stage') return DEAL_STAGE_LABELS[value as DealStage] ?? String(value);
  if (MONEY.has(field) && typeof value === 'number') return formatCurrency(value);
  if (field === 'probability') return `${String(value)}%`;
  if (field === 'contact' && typeof value === 'object') return (value as { name?: string }).name ?? '—';
  if (Array.isArray(value)) return `${value.length} office${value.length === 1 ? '' : 's'}`;
  if (field === 'signature_status') return String(value).replace('_', ' ');
  return String(value);
}

/** What a change did, in a few words: "moved Tour Booked → Tour Completed", "edited Offered price, Notes". */
export function describeChange(change: Pick<DealChange, 'kind' | 'from_stage' | 'to_stage' | 'changes'>): string {
  const stage = (s: DealStage | null) => (s ? DEAL_STAGE_LABELS[s] : '');
  switch (change.kind) {
    case 'created':
      return `created in ${stage(change.to_stage)}`;
    case 'moved':
      return change.from_stage === change.to_stage ? `reordered in ${stage(change.to_stage)}` : `moved ${stage(change.from_stage)} → ${stage(change.to_stage)}`;
    case 'signed':
      return 'signed';
    case 'lost':
      return `lost (from ${stage(change.from_stage)})`;
    case 'reopened':
      return `reopened in ${stage(change.to_stage)}`;
    case 'edited':
      return `edited ${change.changes.map((c) => CHANGE_FIELD_LABELS[c.field] ?? c.field).join(', ')}`;
  }
}

/** The summary's figures in words, one per line: what a Slack message and the PDF's heading say. */
export function summaryLines(summary: DealChangesSummary): string[] {
  const people = summary.by_user.map((u) => `${u.user_name} (${u.changes})`).join(', ');
  return [
    `Moved: ${summary.moved}`,
    `New deals: ${summary.created}`,
    `Signed: ${summary.signed}`,
    `Lost: ${summary.lost}`,
    `Value added: ${summary.value_added === 0 ? formatCurrency(0) : formatCurrencyDelta(summary.value_added)}`,
    `By person: ${people || 'nobody'}`,
  ];
}

/** The Slack message of a meeting's summary. */
export function summaryMessage(summary: DealChangesSummary, where: string, window: string): string {
  return [`*Deal board changes* — ${where}, ${window}`, ...summaryLines(summary).map((line) => `• ${line}`)].join('\n');
}
