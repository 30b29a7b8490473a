import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { decodeView, encodeView, mentionsView, type ViewCodec } from './viewQuery';

/**
 * Keeps a screen's view and the address's query in step, so the address is always a link to
 * what the screen shows: the state is written into the query (replacing the history entry), and a
 * query that changes from outside (a link opened, a saved view picked, Back) is applied to the
 * state. An address that names no part of the view keeps the screen as the user left it.
 */
export function useViewInAddress<S>(codec: ViewCodec<S>, state: S, apply: (state: S) => void) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // The query this hook wrote last, or the one it is applying: a change to anything else came from outside.
  const known = useRef<string | null>(null);
  // A query being applied: the state has not caught up with it yet, so nothing is written meanwhile.
  const pending = useRef<string | null>(null);
  // The latest `apply`, which a screen may make anew on every render: the query is applied when it
  // changes, never because a render made another function (that would apply a stale query over
  // what the user just typed).
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });

  useEffect(() => {
    if (query === known.current) return;
    known.current = query;
    if (!mentionsView(codec, params)) return;
    const next = decodeView(codec, params);
    pending.current = encodeView(codec, next).toString();
    latestApply.current(next);
  }, [codec, params, query]);

  const wanted = encodeView(codec, state).toString();
  useEffect(() => {
    if (pending.current !== null) {
      if (wanted !== pending.current) return;
      pending.current = null;
    }
    if (wanted === known.current) return;
    known.current = wanted;
    setParams(
      (current) => {
        // Keys that are not the view's (another feature's) stay as they are.
        const merged = new URLSearchParams(current);
        for (const field of Object.values<{ key: string }>(codec as Record<string, { key: string }>)) merged.delete(field.key);
        for (const [key, value] of new URLSearchParams(wanted)) merged.set(key, value);
        return merged;
      },
      { replace: true },
    );
  }, [codec, wanted, setParams]);
}
