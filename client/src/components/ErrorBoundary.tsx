import { Component, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedImports } from '../lib/lazyScreen';

interface Props {
  /** What to show instead of the children once they failed; `retry` renders them again. */
  fallback: (failure: { error: unknown; retry: () => void }) => ReactNode;
  /** A new value (the path after navigating elsewhere) clears the failure. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
}

/**
 * Keeps one failing part (a screen whose code did not load, or that threw while rendering) from
 * blanking the whole app: shows `fallback` in its place. Retry imports failed screens afresh and
 * renders again; navigating elsewhere clears it too.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false, error: null });
  }

  retry = () => {
    retryFailedImports();
    this.setState({ failed: false, error: null });
  };

  override render() {
    return this.state.failed ? this.props.fallback({ error: this.state.error, retry: this.retry }) : this.props.children;
  }
}
