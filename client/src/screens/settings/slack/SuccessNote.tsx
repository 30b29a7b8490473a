import { CheckCircle2 } from 'lucide-react';

/** A success line, announced politely when it appears. */
export function SuccessNote({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {message && (
        <p className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden /> {message}
        </p>
      )}
    </div>
  );
}
