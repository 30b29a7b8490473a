import { describeChange, summaryLines } from '@shared/domain/dealChanges';
import type { DealChange, DealChangesSummary } from '@shared/schemas/dealHistory';
import { formatCurrency } from '@shared/domain/money';
import { reportPdf } from '../reports/pdf';

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * The meeting's summary as a PDF: the window's figures as tiles, who changed what, and the
 * changes newest first, through the reports' PDF layout (server/reports/pdf.ts).
 */
export function changesPdf(summary: DealChangesSummary, changes: DealChange[], location: string | undefined): Promise<Uint8Array> {
  const [moved, created, signed, lost, value] = summaryLines(summary);
  const tile = (line: string | undefined, detail: string) => {
    const [label, figure] = (line ?? '').split(': ');
    return { label: label ?? '', value: figure ?? '', detail, change: null };
  };
  return reportPdf({
    title: 'Deal board changes',
    heading: [
      ['Location', location?.trim() || 'All Locations'],
      ['Since', when(summary.since)],
      ['Until', when(summary.until)],
    ],
    tiles: [
      tile(moved, 'deals moved on the board'),
      tile(created, 'deals created'),
      tile(signed, 'agreements signed'),
      tile(lost, 'deals lost'),
      tile(value, `pipeline value (${formatCurrency(summary.value_added)} net)`),
    ],
    tables: [
      { id: 'by_user', title: 'By person', columns: ['Person', 'Changes'], rows: summary.by_user.map((u) => [u.user_name, String(u.changes)]), empty: 'No changes in this window' },
      {
        id: 'changes',
        title: 'Changes, newest first',
        columns: ['When', 'Who', 'Deal', 'What'],
        rows: changes.map((c) => [when(c.at), c.user_name, c.deal_name, describeChange(c)]),
        empty: 'No changes in this window',
      },
    ],
  });
}
