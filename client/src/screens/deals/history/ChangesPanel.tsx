import { useState } from 'react';
import { Download, Send, X } from 'lucide-react';
import { describeChange } from '@shared/domain/dealChanges';
import { formatCurrency, formatCurrencyDelta } from '@shared/domain/money';
import { may } from '@shared/policy';
import type { DealChange, DealChangesSummary } from '@shared/schemas/dealHistory';
import { endpoints } from '../../../api/endpoints';
import { useUser } from '../../../auth/session';
import { LoadFailed } from '../../../components/LoadFailed';
import { ErrorBanner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { LoadingNote, Spinner } from '../../../components/ui/Spinner';
import { cn } from '../../../lib/cn';
import { reasonOf } from '../../../lib/errorText';
import { saveFile } from '../../../lib/saveFile';
import type { useDealChanges } from './useDealChanges';
import { formatInstant } from './sinceInstant';

const KIND_TONES: Record<DealChange['kind'], string> = {
  created: 'bg-sky-50 text-sky-800 ring-sky-200',
  moved: 'bg-violet-50 text-violet-800 ring-violet-200',
  edited: 'bg-slate-100 text-slate-700 ring-slate-200',
  signed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lost: 'bg-rose-50 text-rose-800 ring-rose-200',
  reopened: 'bg-amber-50 text-amber-800 ring-amber-200',
};

function Figures({ summary }: { summary: DealChangesSummary }) {
  const tiles: [string, string][] = [
    ['Moved', String(summary.moved)],
    ['New', String(summary.created)],
    ['Signed', String(summary.signed)],
    ['Lost', String(summary.lost)],
    ['Value added', summary.value_added === 0 ? formatCurrency(0) : formatCurrencyDelta(summary.value_added)],
  ];
  return (
    <>
      <dl className="grid grid-cols-3 gap-2" data-testid="changes-summary">
        {tiles.map(([label, value]) => (
          <div key={label} className={cn('rounded-lg bg-slate-50 px-2.5 py-2', label === 'Value added' && 'col-span-2')}>
            <dt className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.by_user.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">By person</h4>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {summary.by_user.map((u) => (
              <li key={u.user_name} className="flex justify-between gap-2">
                <span className="truncate">{u.user_name}</span>
                <span className="tabular-nums text-slate-500">{u.changes}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The summary as a PDF, and posted to Slack (writers only), for the meeting's notes. */
function ShareActions({ since, location }: { since: string; location: string }) {
  const user = useUser();
  const [busy, setBusy] = useState<'pdf' | 'slack' | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (what: 'pdf' | 'slack') => {
    setBusy(what);
    setNote(null);
    try {
      if (what === 'pdf') {
        const { blob, fileName } = await endpoints.dealChangesPdf({ since, location });
        saveFile(blob, fileName ?? 'deal-changes.pdf');
      } else {
        await endpoints.postDealChangesToSlack({ since, location });
        setNote({ ok: true, text: 'Summary sent to Slack' });
      }
    } catch (error) {
      setNote({ ok: false, text: reasonOf(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void run('pdf')} disabled={busy !== null} aria-busy={busy === 'pdf'}>
          {busy === 'pdf' ? <Spinner className="h-4 w-4" /> : <Download className="h-4 w-4" aria-hidden />}
          Summary PDF
        </Button>
        {may(user, 'deal.postChangesToSlack') && (
          <Button variant="secondary" size="sm" onClick={() => void run('slack')} disabled={busy !== null} aria-busy={busy === 'slack'}>
            {busy === 'slack' ? <Spinner className="h-4 w-4" /> : <Send className="h-4 w-4" aria-hidden />}
            Post to Slack
          </Button>
        )}
      </div>
      {note &&
        (note.ok ? (
          <p role="status" className="text-xs font-medium text-emerald-700">
            {note.text}
          </p>
        ) : (
          <ErrorBanner title="Could not share the summary" message={note.text} onDismiss={() => setNote(null)} />
        ))}
    </div>
  );
}

/**
 * The side panel of "Since…": the window's figures (moved, new, signed, lost, value added, by
 * person) and every change newest first, each naming who and when; a deal's name opens it.
 */
export function ChangesPanel({
  since,
  location,
  changes,
  onOpenDeal,
  onClose,
}: {
  since: string;
  location: string;
  changes: ReturnType<typeof useDealChanges>;
  onOpenDeal: (id: string) => void;
  onClose: () => void;
}) {
  return (
    <Card className="w-full shrink-0 self-start p-4 lg:sticky lg:top-4 lg:w-80" >
      <aside aria-label="Changes since" className="space-y-4" data-testid="changes-panel">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold text-slate-900">What changed</h3>
            <p className="text-xs text-slate-600">Since {formatInstant(since)}, newest first</p>
          </div>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close the changes panel">
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        {changes.status === 'loading' || changes.status === 'idle' ? (
          <LoadingNote text="Loading changes..." label="Loading changes" />
        ) : changes.status === 'error' ? (
          <LoadFailed compact title="Failed to load the changes" error={changes.error} onRetry={changes.retry} />
        ) : (
          <>
            {changes.summary && <Figures summary={changes.summary} />}
            <ShareActions since={since} location={location} />
            {changes.changes.length === 0 ? (
              <p className="rounded-lg bg-slate-50 px-3 py-6 text-center text-sm text-slate-600">Nothing has changed on the board since then.</p>
            ) : (
              <ol className="max-h-[32rem] space-y-2 overflow-y-auto pr-1" aria-label="Changes, newest first">
                {changes.changes.map((change) => (
                  <li key={change.position} className="rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="change-row" data-kind={change.kind}>
                    <div className="flex items-start gap-2">
                      <button type="button" className="min-w-0 flex-1 truncate text-left font-medium text-slate-900 hover:underline focus-visible:underline focus-visible:outline-none" onClick={() => onOpenDeal(change.deal_id)}>
                        {change.deal_name}
                      </button>
                      <span className={cn('shrink-0 rounded-full px-1.5 py-0.5 text-[11px] font-medium capitalize ring-1 ring-inset', KIND_TONES[change.kind])}>{change.kind}</span>
                    </div>
                    <p className="mt-0.5 text-xs text-slate-700">{describeChange(change)}</p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      {change.user_name} · <time dateTime={change.at}>{formatInstant(change.at)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
            {changes.more && (
              <Button variant="ghost" size="sm" className="w-full justify-center" onClick={() => void changes.loadMore()} disabled={changes.loadingMore}>
                {changes.loadingMore ? <Spinner className="h-4 w-4" /> : null}
                Show earlier changes
              </Button>
            )}
          </>
        )}
      </aside>
    </Card>
  );
}
