import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { ScreenFailed } from './ScreenFailed';

/** An error boundary for what the current route shows; going to another path clears a failure. */
export function RouteBoundary({ children, fullPage = false }: { children: ReactNode; fullPage?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={({ error, retry }) => <ScreenFailed error={error} retry={retry} fullPage={fullPage} />}>
      {children}
    </ErrorBoundary>
  );
}
