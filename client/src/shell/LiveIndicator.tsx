import { cn } from '../lib/cn';
import { liveStatusAtom, type LiveStatus } from '../live/liveState';
import { useAtomValue } from '../state/jotai';

const LOOK: Record<LiveStatus, { label: string; dot: string; text: string; hint: string }> = {
  live: { label: 'Live', dot: 'bg-emerald-500', text: 'text-emerald-700', hint: 'Changes by others appear as they happen' },
  connecting: { label: 'Connecting...', dot: 'bg-slate-400 animate-pulse', text: 'text-slate-600', hint: 'Opening the live connection' },
  reconnecting: {
    label: 'Reconnecting...',
    dot: 'bg-amber-500 animate-pulse',
    text: 'text-amber-700',
    hint: 'Connection lost: what you see may be out of date until it is back',
  },
  paused: {
    label: 'Paused',
    dot: 'bg-amber-500',
    text: 'text-amber-700',
    hint: 'The server cannot reach its database: changes cannot be saved, and this screen updates again once it is back',
  },
  offline: { label: 'Offline', dot: 'bg-red-500', text: 'text-red-700', hint: 'No network: what you see may be out of date' },
};

/** Live / Reconnecting... / Paused / Offline: a stale view is never labelled live. */
export function LiveIndicator() {
  const status = useAtomValue(liveStatusAtom);
  const look = LOOK[status];
  return (
    <span
      role="status"
      aria-live="polite"
      title={look.hint}
      data-live-status={status}
      className={cn('inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium ring-1 ring-slate-200', look.text)}
    >
      <span className={cn('h-2 w-2 rounded-full', look.dot)} aria-hidden />
      {look.label}
    </span>
  );
}
