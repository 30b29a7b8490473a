import { useState } from 'react';
import { Crown, Link, LogOut, MonitorPlay, Square, X } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { copyText } from '../../../lib/clipboard';
import { meetingAtom, meetings } from '../../../live/meetings';
import { endedNotice, type CurrentMeeting } from '../../../live/meetingState';
import { useAtomValue } from '../../../state/jotai';
import { MeetingSummaryDialog } from './MeetingSummaryDialog';

/** The link that joins a meeting: the board, asked to follow it. */
export const meetingLink = (meetingId: string) => `${window.location.origin}/crm/deals?meeting=${encodeURIComponent(meetingId)}`;

/** "Alex" of "Alex Morgan": what a bar has room for. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

function CopyLinkButton({ meetingId }: { meetingId: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = () =>
    copyText(meetingLink(meetingId)).then(
      () => setSaid('Link copied'),
      (error: unknown) => setSaid(error instanceof Error ? error.message : 'Could not copy the link'),
    );
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        <Link className="h-4 w-4" aria-hidden />
        Copy link
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {said}
      </span>
    </>
  );
}

/** What a follower's board leaves out, in words (null: nothing). */
function narrowerWords(meeting: CurrentMeeting): string | null {
  const who = firstName(meeting.presenter_name);
  if (meeting.narrower.location) return `${who} is showing a location you do not have access to: none of its deals show here.`;
  const parts: string[] = [];
  if (meeting.narrower.locations) parts.push(`You see ${who}'s filters applied to your own locations only.`);
  if (meeting.narrower.deal) parts.push(`${who} opened a deal you do not have access to.`);
  return parts.length > 0 ? parts.join(' ') : null;
}

function FollowingBar({ meeting }: { meeting: CurrentMeeting }) {
  const who = firstName(meeting.presenter_name);
  const narrower = narrowerWords(meeting);
  return (
    <section aria-label="Meeting" data-testid="following-bar" className="sticky top-0 z-30 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2.5 text-sm text-brand-900 shadow-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <MonitorPlay className="h-4 w-4 shrink-0" aria-hidden />
        <p className="flex-1 font-medium" role="status">
          Following {who} · Leave (Esc)
        </p>
        <Button variant="secondary" size="sm" onClick={() => meetings.lead()}>
          <Crown className="h-4 w-4" aria-hidden />
          Take the lead
        </Button>
        <Button variant="secondary" size="sm" onClick={() => meetings.leave()} aria-keyshortcuts="Escape">
          <LogOut className="h-4 w-4" aria-hidden />
          Leave
        </Button>
      </div>
      {narrower && (
        <p className="mt-1.5 text-xs text-brand-800" data-testid="meeting-scope-note">
          {narrower}
        </p>
      )}
    </section>
  );
}

function PresentingBar({ meeting }: { meeting: CurrentMeeting }) {
  return (
    <section aria-label="Meeting" data-testid="presenting-bar" className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-900 shadow-sm">
      <MonitorPlay className="h-4 w-4 shrink-0" aria-hidden />
      <p className="flex-1 font-medium" role="status">
        You are presenting this board: everyone on it can follow you.
      </p>
      <CopyLinkButton meetingId={meeting.meeting_id} />
      <Button variant="danger" size="sm" onClick={() => meetings.end()}>
        <Square className="h-4 w-4" aria-hidden />
        End meeting
      </Button>
    </section>
  );
}

/**
 * The deal board's meeting bars: the meetings this tab may follow, the one it follows or presents,
 * how the last one ended, and for its presenter the summary of what changed during it.
 */
export function MeetingBanners() {
  const { offers, current, pending, ended } = useAtomValue(meetingAtom);
  const notice = ended ? endedNotice(ended) : null;
  return (
    <>
      {current?.role === 'follower' && <FollowingBar meeting={current} />}
      {current?.role === 'presenter' && <PresentingBar meeting={current} />}
      {!current &&
        offers.map((offer) => {
          const who = firstName(offer.presenter_name);
          const joining = pending?.kind === 'join' && pending.meeting_id === offer.meeting_id;
          return (
            <section key={offer.meeting_id} aria-label={`${offer.presenter_name}'s meeting`} data-testid="meeting-offer" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-brand-200 bg-white px-4 py-2.5 text-sm shadow-sm">
              <MonitorPlay className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
              <p className="flex-1 text-slate-800">
                <span className="font-medium">{offer.presenter_name}</span> is presenting this board.
              </p>
              <Button size="sm" onClick={() => meetings.join(offer.meeting_id)} disabled={joining}>
                {joining ? 'Joining…' : `Follow ${who}'s board`}
              </Button>
              <CopyLinkButton meetingId={offer.meeting_id} />
            </section>
          );
        })}
      {notice && (
        <div role="status" className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-700" data-testid="meeting-ended">
          <p className="flex-1">{notice}</p>
          <button type="button" onClick={() => meetings.dismiss()} className="rounded p-0.5 text-slate-600 hover:bg-slate-200" aria-label="Dismiss">
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
      {ended?.by_you && ended.started_at && <MeetingSummaryDialog since={ended.started_at} until={ended.ended_at} onClose={() => meetings.dismiss()} />}
    </>
  );
}
