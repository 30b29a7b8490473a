/**
 * libpq's `?host=/directory` in a URL names a Unix-domain socket (psql and node-postgres read it
 * so). postgres.js takes its host from the URL's authority only and would send any other query
 * key to the server as a setting, which it refuses; so the key is taken off the URL and handed
 * over as postgres.js's `host` option, which it reads as a socket directory when it holds a '/'.
 */
export function socketTarget(url: string): { url: string; host?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), host };
}

/** The URL with any socket directory taken off: the same server over TCP, at the URL's host and port. */
export function tcpUrl(url: string): string {
  return socketTarget(url).url;
}
