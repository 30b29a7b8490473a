import { History } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useDealMark, type DealMark } from './dealMarks';
import { formatInstant } from './sinceInstant';

const TONES: Record<DealMark['kind'], string> = {
  created: 'bg-sky-50 text-sky-800 ring-sky-300',
  moved: 'bg-violet-50 text-violet-800 ring-violet-300',
  value: 'bg-indigo-50 text-indigo-800 ring-indigo-300',
  signed: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  lost: 'bg-rose-50 text-rose-800 ring-rose-300',
  reopened: 'bg-amber-50 text-amber-800 ring-amber-300',
  edited: 'bg-slate-100 text-slate-700 ring-slate-300',
  differs: 'bg-amber-50 text-amber-900 ring-amber-300',
};

/** On a card: what changed since the chosen instant (who, when), or how a past card differs from now. */
export function HistoryMark({ id }: { id: string }) {
  const mark = useDealMark(id);
  if (!mark) return null;
  const detail = [mark.who, mark.at ? formatInstant(mark.at) : null].filter(Boolean).join(' · ');
  return (
    <p className={cn('mt-2 flex items-start gap-1 rounded-md px-1.5 py-1 text-[11px] leading-snug font-medium ring-1 ring-inset', TONES[mark.kind])} data-testid="history-mark" data-mark={mark.kind}>
      <History className="mt-px h-3 w-3 shrink-0" aria-hidden />
      <span className="min-w-0">
        {mark.text}
        {detail && <span className="font-normal"> · {detail}</span>}
      </span>
    </p>
  );
}

/** The ring a marked card wears, so changed cards stand out across the board. */
export const markedRing = (mark: DealMark | undefined) => (mark ? (mark.kind === 'differs' ? 'ring-2 ring-amber-300' : 'ring-2 ring-violet-300') : '');
