import type { Touch } from '../live/collection';
import { useLiveMark } from '../live/useLiveMark';
import { cn } from '../lib/cn';

/**
 * "● Updated by Jordan Lee": who just changed a row, in words, instead of a flash that only says
 * that something did. `touch` is the row's latest change as the cache saw it; nothing shows for
 * the user's own changes or once the mark ran out (it fades at the end: index.css).
 */
export function UpdatedBy({ touch, className, unnamed }: { touch: Touch | undefined; className?: string; unnamed?: 'hide' }) {
  const mark = useLiveMark(touch);
  // unnamed 'hide': a change with no user (the system's) goes unsaid where the row names who acted.
  if (!mark || (mark.by === null && unnamed === 'hide')) return null;
  return (
    <span key={mark.at} className={cn('live-mark-label inline-flex items-center gap-1.5 text-xs font-medium text-amber-800', className)} data-highlight>
      <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-amber-500" aria-hidden />
      Updated by {mark.by ?? 'someone else'}
    </span>
  );
}

/**
 * A thin accent around the changed card (or along the left edge of a row, `edge`) that fades
 * within seconds; place it inside a relatively positioned parent.
 */
export function LiveAccent({ touch, edge = false, className }: { touch: Touch | undefined; edge?: boolean; className?: string }) {
  const mark = useLiveMark(touch);
  if (!mark) return null;
  return <span key={mark.at} aria-hidden className={cn('pointer-events-none absolute', edge ? 'live-accent-edge inset-y-0 left-0 w-[3px]' : 'live-accent inset-0', className)} />;
}
