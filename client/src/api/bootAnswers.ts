declare global {
  interface Window {
    /** Where index.html's boot script leaves the answers it asked for early, by API path (build/bootPreload.ts). */
    __flexspaceBoot?: Record<string, Promise<Response>>;
  }
}

/**
 * The answer to GET `path` the boot script already asked for before this code arrived, if any,
 * taken once: later calls (a retry, a refresh) ask the server afresh.
 */
export function takeBootAnswer(path: string): Promise<Response> | undefined {
  const answers = window.__flexspaceBoot;
  const answer = answers?.[path];
  if (answer) delete answers[path];
  return answer;
}
