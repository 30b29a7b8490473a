import { History } from 'lucide-react';
import { Input } from '../../../components/ui/Input';
import { Select } from '../../../components/ui/Field';
import { useAtom, useAtomValue } from '../../../state/jotai';
import { meetingStartedAtAtom, sinceChoiceAtom, type SinceChoice } from './historyState';
import { formatInstant, isoToLocal } from './sinceInstant';

const todayLocal = () => isoToLocal(new Date().toISOString()).slice(0, 10);

/**
 * "Since…": the instant the board marks changes from (and the changes panel lists them from):
 * the user's last visit, the start of the meeting, a day, or an instant.
 */
export function SinceControl({ lastVisit }: { lastVisit: string | null }) {
  const [choice, setChoice] = useAtom(sinceChoiceAtom);
  const meetingStartedAt = useAtomValue(meetingStartedAtAtom);
  const pick = (kind: SinceChoice['kind']) => {
    if (kind === 'day') setChoice({ kind, day: todayLocal() });
    else if (kind === 'instant') setChoice({ kind, at: isoToLocal(new Date(Date.now() - 3_600_000).toISOString()) });
    else setChoice({ kind } as SinceChoice);
  };
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Changes since">
      <History className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      <Select aria-label="Show changes since" className="h-9 w-auto min-w-44" value={choice.kind} onChange={(e) => pick(e.target.value as SinceChoice['kind'])} data-testid="since-choice">
        <option value="off">Since… (off)</option>
        <option value="last_visit" disabled={!lastVisit}>
          {lastVisit ? `Since my last visit (${formatInstant(lastVisit)})` : 'Since my last visit (none yet)'}
        </option>
        <option value="meeting" disabled={!meetingStartedAt}>
          {meetingStartedAt ? `Since the meeting began (${formatInstant(meetingStartedAt)})` : 'Since the meeting began (no meeting)'}
        </option>
        <option value="day">Since a day…</option>
        <option value="instant">Since an instant…</option>
      </Select>
      {choice.kind === 'day' && (
        <Input type="date" aria-label="Changes since the start of day" className="h-9 w-auto" max={todayLocal()} value={choice.day} onChange={(e) => setChoice({ kind: 'day', day: e.target.value })} />
      )}
      {choice.kind === 'instant' && (
        <Input type="datetime-local" step={1} aria-label="Changes since the instant" className="h-9 w-auto" value={choice.at} onChange={(e) => setChoice({ kind: 'instant', at: e.target.value })} />
      )}
    </div>
  );
}
