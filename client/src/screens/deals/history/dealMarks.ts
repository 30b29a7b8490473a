import { createContext, useContext } from 'react';
import { DEAL_STAGE_LABELS } from '@shared/domain/deals';
import { describeChange } from '@shared/domain/dealChanges';
import type { Deal } from '@shared/schemas/deals';
import type { DealChange } from '@shared/schemas/dealHistory';

/** What a card shows about its past: the latest change since the chosen instant, or how it differs from now on an as-of board. */
export interface DealMark {
  kind: 'moved' | 'created' | 'value' | 'signed' | 'lost' | 'reopened' | 'edited' | 'differs';
  /** In words, for the card's badge and its accessible name: "Moved Tour Booked → Tour Completed". */
  text: string;
  who?: string;
  at?: string;
}

const VALUE_FIELDS = new Set(['offered_price', 'term_months', 'term_days']);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Each deal's mark from the changes since an instant (newest first): its newest change that
 * shows on the board (a move, a new deal, a value changed, a signing, a loss); a deal only edited
 * otherwise is marked as edited.
 */
export function marksFromChanges(changes: readonly DealChange[]): Map<string, DealMark> {
  const marks = new Map<string, DealMark>();
  for (const change of changes) {
    const held = marks.get(change.deal_id);
    if (held && held.kind !== 'edited') continue;
    const valued = change.kind === 'edited' && change.changes.some((c) => VALUE_FIELDS.has(c.field));
    const kind: DealMark['kind'] = valued ? 'value' : change.kind;
    if (held && kind === 'edited') continue;
    marks.set(change.deal_id, { kind, text: valued ? 'Value changed' : capital(describeChange(change)), who: change.user_name, at: change.at });
  }
  return marks;
}

/** How a deal as it stood differs from the deal now (null: the same on the board). */
export function differenceFromNow(past: Deal, now: Deal | undefined): DealMark | null {
  if (!now) return { kind: 'differs', text: 'No longer on the board' };
  const parts: string[] = [];
  if (now.stage !== past.stage) parts.push(`now in ${DEAL_STAGE_LABELS[now.stage]}`);
  if (now.deal_value !== past.deal_value || now.offered_price !== past.offered_price) parts.push('value changed since');
  if (now.probability !== past.probability) parts.push(`now ${now.probability}%`);
  if (now.signature_status !== past.signature_status) parts.push('signature changed since');
  if (parts.length === 0 && now.version !== past.version) parts.push('edited since');
  return parts.length === 0 ? null : { kind: 'differs', text: capital(parts.join(', ')) };
}

/** The marks of the board's cards, by deal id (empty: no marks). */
export const DealMarksContext = createContext<ReadonlyMap<string, DealMark>>(new Map());
export const useDealMark = (id: string) => useContext(DealMarksContext).get(id);
