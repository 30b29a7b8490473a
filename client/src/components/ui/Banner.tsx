import { AlertCircle, X } from 'lucide-react';

/** The spec's dismissible red banner for a failed action; details go to the console only. */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss?: () => void }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="flex-1">{message}</p>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="rounded p-0.5 text-red-700 hover:bg-red-100" aria-label="Dismiss">
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
