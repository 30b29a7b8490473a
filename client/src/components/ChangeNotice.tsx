import { RefreshCw } from 'lucide-react';
import { reloadAdvice } from '../live/changeSentence';
import { Button } from './ui/Button';

/**
 * Tells an editing user that the row changed under them, and by whom (a live push, or the
 * server's 409 after Save), with Reload: it takes the latest row and keeps what they typed.
 */
export function ChangeNotice({
  message,
  refused,
  onReload,
  reloading,
}: {
  message: string;
  refused: boolean;
  onReload?: () => void;
  reloading: boolean;
}) {
  return (
    <div
      role={refused ? 'alert' : 'status'}
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="change-notice"
    >
      <p className="font-medium">{message}</p>
      {onReload && (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-amber-800">{reloadAdvice(message)}</p>
          <Button variant="secondary" size="sm" onClick={onReload} disabled={reloading}>
            <RefreshCw className="h-4 w-4" aria-hidden /> {reloading ? 'Reloading...' : 'Reload'}
          </Button>
        </div>
      )}
    </div>
  );
}
