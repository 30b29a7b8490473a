import { lazy, type ComponentProps, type ComponentType } from 'react';

/** A screen's code could not be fetched (the server was down or the network dropped while navigating). */
export class ScreenLoadError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The screen could not be loaded');
    this.name = 'ScreenLoadError';
  }
}

/** Resets of the lazy screens whose import failed, run by `retryFailedImports`. */
const failed = new Set<() => void>();

/** Makes every screen whose code failed to load import it afresh when next rendered (Retry). */
export function retryFailedImports() {
  for (const reset of failed) reset();
  failed.clear();
}

/**
 * React.lazy for a route's screen, able to try again. React.lazy keeps a failed import for good,
 * so one failed chunk request would leave that screen blank until a full page reload; this swaps
 * in a fresh lazy component once `retryFailedImports()` has run, and marks the failure as a
 * ScreenLoadError so an error boundary can say what happened.
 */
export function lazyScreen<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed.add(reset);
        throw new ScreenLoadError(error);
      }),
    );
  let Current = make();
  const reset = () => {
    Current = make();
  };
  function LazyScreen(props: ComponentProps<C>) {
    return <Current {...props} />;
  }
  return LazyScreen;
}
