import type { ImportInput, ImportPreview, ImportProgress } from '@shared/imports';
import { api, apiBase, ApiError, getToken } from './client';

export const previewImport = (body: ImportInput) => api<ImportPreview>('POST', '/imports/preview', { body });

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
    let message = `HTTP error! status: ${response.status}`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: keep the status.
    }
    throw new ApiError(response.status, message);
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
