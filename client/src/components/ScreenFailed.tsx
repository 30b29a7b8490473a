import { AlertTriangle, RefreshCw } from 'lucide-react';
import { ScreenLoadError } from '../lib/lazyScreen';
import { useRetryWhenLive } from '../live/useRetryWhenLive';
import { Button } from './ui/Button';
import { Card } from './ui/Card';

/**
 * What an error boundary shows: a screen whose code did not arrive (say so, offer Retry) or one
 * that broke while rendering (say that, offer Retry; details go to the console). `fullPage` for
 * the app-wide boundary, where nothing else is on screen. A screen whose code did not arrive
 * retries by itself when the connection comes back; one that broke while rendering would only
 * break again.
 */
export function ScreenFailed({ error, retry, fullPage = false }: { error: unknown; retry: () => void; fullPage?: boolean }) {
  const notLoaded = error instanceof ScreenLoadError;
  useRetryWhenLive(retry, notLoaded);
  return (
    <div className={fullPage ? 'flex min-h-screen items-center justify-center bg-slate-50 px-4' : 'flex justify-center py-16'}>
      <Card role="alert" className="w-full max-w-md p-8 text-center" data-testid="screen-failed">
        <AlertTriangle className="mx-auto h-10 w-10 text-amber-500" aria-hidden />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">{notLoaded ? 'This screen could not be loaded' : 'Something went wrong on this screen'}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {notLoaded
            ? 'Its code did not arrive: the server may be restarting or the connection dropped. Check your connection, then retry.'
            : 'An unexpected error stopped this screen. Retry, and if it happens again, reload the page.'}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Button onClick={retry}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Retry
          </Button>
          {fullPage && (
            <Button variant="secondary" onClick={() => window.location.reload()}>
              Reload page
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
