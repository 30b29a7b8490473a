import { AlertCircle, X } from 'lucide-react';

/**
 * The spec's dismissible red banner for a failed action: its title ('Failed to create office')
 * and, when known, the reason the server gave. Details beyond that go to the console only.
 */
export function ErrorBanner({ title, message, onDismiss }: { title?: string; message: string; onDismiss?: () => void }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <p>{message}</p>
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="rounded p-0.5 text-red-700 hover:bg-red-100" aria-label="Dismiss">
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/** A failed action's banner content: the spec's title and the reason. */
export interface Failure {
  title: string;
  reason: string;
}
