import { TOKEN_STORAGE_KEY } from '@shared/constants';
import { CORRELATION_HEADER } from '@shared/realtime';
import type { ConflictDetails, ErrorBody } from '@shared/schemas/common';
import { takeBootAnswer } from './bootAnswers';
import { failureMessage } from './failureMessage';

/**
 * The API base: the server origin plus /api, with a trailing /api removed from the origin
 * first (so VITE_API_URL may be given with or without it). Same origin by default.
 */
export function apiBase(origin: string = import.meta.env.VITE_API_URL ?? window.location.origin): string {
  return `${origin.replace(/\/+$/, '').replace(/\/api$/, '')}/api`;
}

/** What a mutation sends besides its body: the row's version and the command's correlation id. */
export interface CommandMeta {
  version?: number;
  correlationId?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: ErrorBody['fields'],
    /** On a 409: who changed the row, what, and its version now. */
    readonly conflict?: ConflictDetails,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const getToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_STORAGE_KEY);

/** Where a 401 sends the browser; replaced in tests. */
let onUnauthorized = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | undefined | null>;

/** Filters: empty values are not sent, and the 'All Locations' sentinel is dropped. */
function queryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === 'All Locations') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One typed fetch for every call: JSON, the bearer token when one is stored; a 401 clears the
 * token, sends the browser to /login and raises 'Unauthorized'; any other failure raises the
 * body's message, else 'HTTP error! status: N' (a 413: the file is too large, failureMessage.ts).
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: {
    body?: unknown;
    query?: Query;
    signal?: AbortSignal;
    /** Sign-in answers 401 for wrong credentials: that is a message to show, not an expired session. */
    sessionCall?: boolean;
    /** A mutation's version (added to the body) and correlation id (a header). */
    meta?: CommandMeta;
    /** What a 413 says (the file limit of the screen that sends); the documents' by default. */
    tooLarge?: string;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.meta?.correlationId) headers[CORRELATION_HEADER] = options.meta.correlationId;
  const version = options.meta?.version;
  // A form (a file upload) goes as multipart, with the boundary the browser chooses.
  const form = options.body instanceof FormData ? options.body : null;
  const payload = !form && version !== undefined && options.body && typeof options.body === 'object' ? { ...options.body, version } : options.body;
  if (payload !== undefined && !form) headers['Content-Type'] = 'application/json';
  const send = () =>
    fetch(`${apiBase()}${path}${queryString(options.query)}`, {
      method,
      headers,
      body: form ?? (payload === undefined ? undefined : JSON.stringify(payload)),
      signal: options.signal,
    });
  // The first load's session check may already be on its way (index.html's boot script).
  const early = method === 'GET' && !options.query && !options.signal ? takeBootAnswer(path) : undefined;
  const response = await (early ? early.catch(send) : send());
  const text = await checked(response, options.sessionCall, options.tooLarge).then((r) => r.text());
  return (text ? safeJson(text) : undefined) as T;
}

/** The response when it is a success; a 401 signs out, anything else raises the server's message. */
async function checked(response: Response, sessionCall?: boolean, tooLarge?: string): Promise<Response> {
  if (response.status === 401 && sessionCall !== false) {
    clearToken();
    onUnauthorized();
    throw new ApiError(401, 'Unauthorized');
  }
  if (response.ok) return response;
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  throw new ApiError(response.status, failureMessage(response.status, body, tooLarge), body?.fields, body?.conflict);
}

/** A file the API streams (a document's download), with the bearer token, as a Blob. */
export async function apiFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${apiBase()}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  return (await checked(response)).blob();
}

/**
 * A file the server sends as a download (a report's CSV or PDF): the same token, 401 and error
 * rules as `api`, the body as a Blob with the name the server gave it.
 */
export async function apiDownload(path: string, query?: Query): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getToken();
  const response = await checked(await fetch(`${apiBase()}${path}${queryString(query)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
