import { useCallback, useEffect, useState } from 'react';
import type { TemplateVersion } from '@shared/schemas/templates';
import { endpoints } from '../../api/endpoints';

export type HistoryState = { status: 'loading' } | { status: 'ready'; versions: TemplateVersion[] } | { status: 'error'; error: unknown };

/**
 * A template's earlier versions (GET /api/templates/{id}/history), asked again whenever its
 * current version changes (an edit here or a push from someone else), so the list and the
 * comparison follow the live row. The previous answer stays while the next one loads.
 */
export function useTemplateHistory(id: string, version: number) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: HistoryState }>({ key: '', value: { status: 'loading' } });
  const key = `${id}@${version}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    endpoints.templateHistory(id, controller.signal).then(
      (versions) => setState({ key, value: { status: 'ready', versions } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, value: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [id, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A newer version loading keeps showing the last list (never an empty flash).
  const shown: HistoryState = state.key === key || state.value.status === 'ready' ? state.value : { status: 'loading' };
  return { state: shown, retry };
}
