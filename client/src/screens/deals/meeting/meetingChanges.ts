import { DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import { CHANGE_FIELD_LABELS } from '@shared/domain/dealChanges';
import type { DealChange, DealChangesSummary } from '@shared/schemas/dealHistory';
import { endpoints } from '../../../api/endpoints';
import { formatCurrency } from '../dealFormat';

/**
 * What changed on the deals during a meeting, from the deal history's endpoints: the list
 * (`GET /api/deals/changes`), its figures (`summary=1`), a PDF of them and a post to Slack.
 */
export type MeetingChange = DealChange;
export type MeetingChangesSummary = Pick<DealChangesSummary, 'moved' | 'created' | 'signed' | 'lost' | 'value_added' | 'by_user'>;

/** The most changes a summary lists; a longer meeting says so. */
export const SUMMARY_LIMIT = 500;

export const meetingChanges = {
  summary: (since: string, until: string) => endpoints.dealChangesSummary({ since, until }),
  list: (since: string, until: string) => endpoints.dealChanges({ since, until, limit: SUMMARY_LIMIT }),
  pdf: (since: string, until: string) => endpoints.dealChangesPdf({ since, until }),
  slack: (since: string, until: string) => endpoints.postDealChangesToSlack({ since, until }),
};

const stage = (s: DealStage | null) => (s ? DEAL_STAGE_LABELS[s] : 'nowhere');

/** One change in words: "Jordan Lee moved Acme Suite from Tour Booked to Tour Completed". Pure. */
export function changeWords(change: MeetingChange): string {
  const { user_name: who, deal_name: deal } = change;
  switch (change.kind) {
    case 'created':
      return `${who} added ${deal} in ${stage(change.to_stage)}`;
    case 'moved':
      return `${who} moved ${deal} from ${stage(change.from_stage)} to ${stage(change.to_stage)}`;
    case 'signed':
      return `${who} signed ${deal}`;
    case 'lost':
      return `${who} marked ${deal} lost`;
    case 'reopened':
      return `${who} reopened ${deal} in ${stage(change.to_stage)}`;
    case 'edited': {
      const fields = change.changes.map((c) => CHANGE_FIELD_LABELS[c.field] ?? c.field.replace(/_/g, ' '));
      return `${who} edited ${deal}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
    }
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The figures in one line: "3 moved · 1 new · 0 signed · 0 lost · $4,500 value added". Pure. */
export function summaryLine(summary: MeetingChangesSummary): string {
  return `${summary.moved} moved · ${summary.created} new · ${summary.signed} signed · ${summary.lost} lost · ${formatCurrency(summary.value_added)} value added`;
}

/** The meeting's summary as Markdown, oldest change first, to paste into notes or a chat. Pure. */
export function summaryMarkdown(summary: MeetingChangesSummary, changes: readonly MeetingChange[], window: { since: string; until: string }, format: (iso: string) => string): string {
  const lines = [`## Pipeline meeting, ${format(window.since)} – ${format(window.until)}`, '', `**${summaryLine(summary)}**`, ''];
  if (summary.by_user.length > 0) {
    lines.push('### Who changed what', '');
    for (const u of summary.by_user) lines.push(`- ${u.user_name}: ${plural(u.changes, 'change')}`);
    lines.push('');
  }
  lines.push('### Changes', '');
  if (changes.length === 0) lines.push('No deal changed during the meeting.');
  for (const change of [...changes].sort((a, b) => a.position - b.position)) lines.push(`- ${format(change.at)} ${changeWords(change)}`);
  return `${lines.join('\n')}\n`;
}
