import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft, RefreshCw } from 'lucide-react';
import { reasonOf } from '../lib/errorText';
import { useRetryWhenLive } from '../live/useRetryWhenLive';
import { Button } from './ui/Button';
import { Card } from './ui/Card';

/**
 * In place of data that did not load: what failed, why, and Retry. Never zeros or an empty
 * state, which would pass for real figures. `back` adds a way out (a profile's list). Retries by
 * itself when the connection comes back, since a lost connection is the usual reason.
 */
export function LoadFailed({
  title,
  error,
  onRetry,
  back,
  compact = false,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  back?: { to: string; label: string };
  /** Inside a dialog: a line and a button instead of a panel. */
  compact?: boolean;
}) {
  useRetryWhenLive(onRetry);
  const body: ReactNode = (
    <>
      <div className={compact ? 'flex items-start gap-2' : ''}>
        <AlertTriangle className={compact ? 'mt-0.5 h-4 w-4 shrink-0 text-red-600' : 'mx-auto h-10 w-10 text-red-500'} aria-hidden />
        <div className={compact ? 'min-w-0' : 'mt-3'}>
          {compact ? <p className="font-semibold">{title}</p> : <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
          <p className={compact ? '' : 'mt-1 text-sm text-slate-600'}>{reasonOf(error)}</p>
        </div>
      </div>
      <div className={compact ? 'mt-2 flex gap-2' : 'mt-5 flex flex-wrap items-center justify-center gap-3'}>
        <Button variant={compact ? 'secondary' : 'primary'} size={compact ? 'sm' : 'md'} onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Retry
        </Button>
        {back && (
          <Link to={back.to} className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
          </Link>
        )}
      </div>
    </>
  );
  if (compact) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800" data-testid="load-failed">
        {body}
      </div>
    );
  }
  return (
    <div className="flex justify-center py-10">
      <Card role="alert" className="w-full max-w-md p-8 text-center" data-testid="load-failed">
        {body}
      </Card>
    </div>
  );
}
