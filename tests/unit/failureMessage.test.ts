import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TOO_LARGE_MESSAGE } from '@shared/schemas/common';
import { RESOURCE_MESSAGES } from '@shared/schemas/resources';
import { ApiError, api } from '../../client/src/api/client';
import { failureMessage } from '../../client/src/api/failureMessage';
import { IMPORT_TOO_LARGE, previewImport, runImport } from '../../client/src/api/imports';

/** nginx's answer when a body is over client_max_body_size: its own HTML page, not the API's JSON. */
const NGINX_413 = `<html>
<head><title>413 Request Entity Too Large</title></head>
<body>
<center><h1>413 Request Entity Too Large</h1></center>
<hr><center>nginx/1.22.1</center>
</body>
</html>
`;

describe('failureMessage', () => {
  it('says a 413 without a message is a file too large (a proxy page, or no body at all)', () => {
    expect(RESOURCE_MESSAGES.tooLarge).toBe('The file is larger than 20 MB');
    expect(failureMessage(413, undefined)).toBe('The file is larger than 20 MB');
    expect(failureMessage(413, 'not an object')).toBe('The file is larger than 20 MB');
  });

  it("replaces the API's general body limit, which knows nothing of files", () => {
    expect(failureMessage(413, { message: REQUEST_TOO_LARGE_MESSAGE })).toBe('The file is larger than 20 MB');
    expect(failureMessage(413, { message: REQUEST_TOO_LARGE_MESSAGE }, IMPORT_TOO_LARGE)).toBe('The file is larger than 10 MB');
  });

  it('keeps a message the API wrote for the case', () => {
    expect(failureMessage(413, { message: 'The file has more than 10,000 rows' }, IMPORT_TOO_LARGE)).toBe('The file has more than 10,000 rows');
  });

  it("keeps other answers' messages, and names the status when there is none", () => {
    expect(failureMessage(400, { message: 'Document name is required' })).toBe('Document name is required');
    expect(failureMessage(502, undefined)).toBe('HTTP error! status: 502');
  });
});

describe('uploads answered 413 by a proxy', () => {
  const answer = vi.fn<() => Response>();
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'https://ops.example.com' } });
    vi.stubGlobal('localStorage', { getItem: () => 'token', setItem: () => undefined, removeItem: () => undefined });
    vi.stubGlobal('fetch', async () => answer());
    answer.mockImplementation(() => new Response(NGINX_413, { status: 413, headers: { 'content-type': 'text/html' } }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const failureOf = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error,
    );

  it('a document upload fails with "The file is larger than 20 MB"', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'handbook.pdf');
    const error = await failureOf(api('POST', '/resources', { body: form }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: 'The file is larger than 20 MB' });
  });

  it("an import's preview and its run fail with the import screen's limit", async () => {
    expect(await failureOf(previewImport({ kind: 'offices', csv: 'office_number\n1' }))).toMatchObject({ status: 413, message: 'The file is larger than 10 MB' });
    expect(await failureOf(runImport({ kind: 'offices', csv: 'office_number\n1' }, () => undefined))).toMatchObject({ status: 413, message: 'The file is larger than 10 MB' });
  });
});
