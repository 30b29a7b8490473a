import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('h-6 w-6 animate-spin text-brand-600', className)} />;
}

/** The session-loading state: one spinner in the middle of the page. */
export function CenteredSpinner() {
  return (
    <div className="flex h-full min-h-screen items-center justify-center">
      <Spinner className="h-8 w-8" />
    </div>
  );
}

/** In place of a list still on its way: a spinner and what is loading ('Loading deals...'). */
export function LoadingNote({ text, label }: { text: string; /** The spinner's own name; 'Loading' unless given. */ label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <Spinner className="h-5 w-5" label={label} /> {text}
    </div>
  );
}
