import { useEffect, useState } from 'react';
import { Copy, Download, Send } from 'lucide-react';
import { ErrorBanner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { LoadingNote, Spinner } from '../../../components/ui/Spinner';
import { copyText } from '../../../lib/clipboard';
import { reasonOf } from '../../../lib/errorText';
import { saveFile } from '../../../lib/saveFile';
import { changeWords, meetingChanges, summaryLine, summaryMarkdown, SUMMARY_LIMIT, type MeetingChange, type MeetingChangesSummary } from './meetingChanges';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Loaded = { status: 'loading' } | { status: 'error'; reason: string } | { status: 'ready'; summary: MeetingChangesSummary; changes: MeetingChange[] };
type Action = 'copy' | 'pdf' | 'slack';

/**
 * What changed on the deals while the meeting ran, for its presenter once it ends: who moved
 * what where, new deals, the value added; to copy as Markdown, download as a PDF or post to Slack.
 */
export function MeetingSummaryDialog({ since, until, onClose }: { since: string; until: string; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<Action | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([meetingChanges.summary(since, until), meetingChanges.list(since, until)]).then(
      ([summary, changes]) => live && setLoaded({ status: 'ready', summary, changes }),
      (error: unknown) => live && setLoaded({ status: 'error', reason: reasonOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [since, until, attempt]);

  const run = async (action: Action, work: () => Promise<string>) => {
    setBusy(action);
    setFailure(null);
    setSaid(null);
    try {
      setSaid(await work());
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setBusy(null);
    }
  };

  const ready = loaded.status === 'ready' ? loaded : null;
  const icon = (action: Action, Icon: typeof Copy) => (busy === action ? <Spinner className="h-4 w-4" /> : <Icon className="h-4 w-4" aria-hidden />);
  const footer = (
    <>
      <Button variant="secondary" disabled={!ready || busy !== null} onClick={() => ready && void run('copy', async () => (await copyText(summaryMarkdown(ready.summary, ready.changes, { since, until }, dayAndTime)), 'Copied as Markdown'))}>
        {icon('copy', Copy)}
        Copy as Markdown
      </Button>
      <Button
        variant="secondary"
        disabled={!ready || busy !== null}
        onClick={() =>
          void run('pdf', async () => {
            const { blob, fileName } = await meetingChanges.pdf(since, until);
            saveFile(blob, fileName ?? 'meeting-summary.pdf');
            return 'PDF downloaded';
          })
        }
      >
        {icon('pdf', Download)}
        Download PDF
      </Button>
      <Button disabled={!ready || busy !== null} onClick={() => void run('slack', async () => ((await meetingChanges.slack(since, until)).queued ? 'Posted to Slack' : 'Slack is not set up: nothing was posted'))}>
        {icon('slack', Send)}
        Post to Slack
      </Button>
    </>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Meeting summary" description={`What changed on the deals from ${time(since)} to ${time(until)}`} footer={footer} className="max-w-2xl">
      <div className="space-y-4" data-testid="meeting-summary">
        {loaded.status === 'loading' && <LoadingNote text="Loading the meeting's changes..." />}
        {loaded.status === 'error' && (
          <ErrorBanner title="Failed to load the meeting's changes" message={loaded.reason} onDismiss={() => {
              setLoaded({ status: 'loading' });
              setAttempt((n) => n + 1);
            }} />
        )}
        {ready && (
          <>
            <p className="text-sm font-semibold text-slate-900" data-testid="meeting-summary-line">
              {summaryLine(ready.summary)}
            </p>
            {ready.summary.by_user.length > 0 && (
              <p className="text-sm text-slate-600">{ready.summary.by_user.map((u) => `${u.user_name}: ${u.changes}`).join(' · ')}</p>
            )}
            {ready.changes.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No deal changed during the meeting.</p>
            ) : (
              <ol className="max-h-80 space-y-1.5 overflow-y-auto text-sm text-slate-800" aria-label="Changes during the meeting">
                {[...ready.changes]
                  .sort((a, b) => a.position - b.position)
                  .map((change) => (
                    <li key={`${change.position}-${change.deal_id}`} className="flex gap-3">
                      <time className="w-14 shrink-0 text-slate-500 tabular-nums" dateTime={change.at}>
                        {time(change.at)}
                      </time>
                      <span>{changeWords(change)}</span>
                    </li>
                  ))}
              </ol>
            )}
            {ready.changes.length >= SUMMARY_LIMIT && <p className="text-xs text-slate-500">Only the latest {SUMMARY_LIMIT} changes are listed.</p>}
          </>
        )}
        <p role="status" className="text-sm text-emerald-700">
          {said}
        </p>
        {failure && <ErrorBanner title="That did not work" message={failure} onDismiss={() => setFailure(null)} />}
      </div>
    </Dialog>
  );
}
