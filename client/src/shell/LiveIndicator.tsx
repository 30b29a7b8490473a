import { useEffect } from 'react';
import { toast } from 'sonner';
import { cn } from '../lib/cn';
import { liveClosedAtom, liveStatusAtom, type LiveStatus } from '../live/liveState';
import { closedHint, RELOAD_TO_GO_LIVE } from '../live/liveStatus';
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
  closed: { label: 'Not live', dot: 'bg-red-500', text: 'text-red-700', hint: RELOAD_TO_GO_LIVE },
};

/**
 * Live / Reconnecting... / Paused / Offline / Not live: a stale view is never labelled live. When the
 * server closed the tab's socket for good (too many open tabs), it says why, once as a notice
 * and for as long as it lasts in the indicator's hint.
 */
export function LiveIndicator() {
  const status = useAtomValue(liveStatusAtom);
  const closedReason = useAtomValue(liveClosedAtom);
  const look = LOOK[status];
  const hint = status === 'closed' && closedReason ? closedHint(closedReason) : look.hint;

  useEffect(() => {
    if (closedReason) toast.warning(closedReason, { id: 'live-closed', description: RELOAD_TO_GO_LIVE, duration: Infinity });
  }, [closedReason]);

  return (
    <span
      role="status"
      aria-live="polite"
      title={hint}
      data-live-status={status}
      className={cn('inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-medium ring-1 ring-slate-200', look.text)}
    >
      <span className={cn('h-2 w-2 rounded-full', look.dot)} aria-hidden />
      {look.label}
      {status === 'closed' && <span className="sr-only">: {hint}</span>}
    </span>
  );
}
