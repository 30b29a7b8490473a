import { MAX_IMPORT_CHARS, type ImportInput, type ImportPreview, type ImportProgress } from '@shared/imports';
import { api, apiBase, ApiError, getToken } from './client';
import { failureMessage } from './failureMessage';

/** The import screen's file limit, said when a file is over it, or a 413 answers its request. */
export const IMPORT_TOO_LARGE = `The file is larger than ${MAX_IMPORT_CHARS / 1_000_000} MB`;

export const previewImport = (body: ImportInput) => api<ImportPreview>('POST', '/imports/preview', { body, tooLarge: IMPORT_TOO_LARGE });

/**
 * Runs an import and hands each line of the server's streamed answer to `onLine` as it arrives
 * (progress, then done or failed). A refusal before the import starts is an ApiError.
 */
export async function runImport(body: ImportInput, onLine: (line: ImportProgress) => void): Promise<void> {
  const token = getToken();
  const response = await fetch(`${apiBase()}/imports`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the status says it.
    }
    throw new ApiError(response.status, failureMessage(response.status, body, IMPORT_TOO_LARGE));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as ImportProgress);
  }
  if (buffered.trim()) onLine(JSON.parse(buffered) as ImportProgress);
}
