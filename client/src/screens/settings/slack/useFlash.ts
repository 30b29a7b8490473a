import { useCallback, useEffect, useRef, useState } from 'react';
import { SLACK_SUCCESS_MS } from '@shared/schemas/slack';

/** A success message that clears itself after the spec's 3 seconds (a newer one restarts the clock). */
export function useFlash(ms = SLACK_SUCCESS_MS): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flash = useCallback(
    (next: string | null) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return [message, flash];
}
