import { useEffect, useState } from 'react';
import { apiBase, apiFile } from '../../../api/client';

/** The path under the API of an address the API serves, or null for any other address. */
function apiPathOf(url: string): string | null {
  if (url.startsWith('/api/')) return url.slice(4);
  return url.startsWith(apiBase()) ? url.slice(apiBase().length) : null;
}

/**
 * The plan's background as an address an <img> can show: one under the API is fetched with the
 * bearer token (an <img> would send none) and shown from memory; any other address as it is.
 */
export function useBackgroundImage(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({ url: null, src: null, failed: false });
  const apiPath = url ? apiPathOf(url) : null;
  useEffect(() => {
    if (!url || apiPath === null) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    apiFile(apiPath).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      },
      () => !cancelled && setState({ url, src: null, failed: true }),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, apiPath]);
  if (!url) return { src: null, failed: false };
  if (apiPath === null) return { src: url, failed: false };
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
