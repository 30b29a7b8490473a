import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { ChangeMessage } from '@shared/realtime';
import type { ErrorBody } from '@shared/schemas/common';
import { MAX_RESOURCE_BYTES, RESOURCE_CATEGORIES, RESOURCE_MESSAGES, type Resource } from '@shared/schemas/resources';
import { listen, type Listener } from '../support/sockets';
import { compoundFileBytes, docxBytes, exeBytes, pdfBytes, pngBytes, zipBytes } from '../support/sampleFiles';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const RESOURCE_KEYS = ['id', 'name', 'type', 'size', 'description', 'category', 'file_name', 'content_type', 'sha256', 'uploaded_by', 'version', 'created_at', 'updated_at'].sort();

interface Upload {
  file?: { bytes: Buffer; name: string; type?: string };
  fields?: Record<string, string>;
  token?: string;
}

let counter = 0;
/** POST /api/resources as a browser's FormData sends it. */
async function upload({ file, fields = {}, token = w.tokens.admin }: Upload) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${w.server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Resource & ErrorBody, text };
}

const fieldsFor = (name: string, extra: Record<string, string> = {}) => ({ name, description: `About ${name}`, category: 'Payroll Information', ...extra });

async function uploaded(bytes: Buffer, fileName: string, extra: Record<string, string> = {}, token = w.tokens.admin): Promise<Resource> {
  counter += 1;
  const res = await upload({ file: { bytes, name: fileName }, fields: fieldsFor(`Test Document ${counter}`, extra), token });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function download(id: string, token = w.tokens.viewer) {
  const res = await fetch(`${w.server.url}/api/resources/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const list = (query = '', token = w.tokens.admin) => w.api<Resource[] & ErrorBody>('GET', `/api/resources${query}`, { token });

/** What the library holds in the database: documents, stored files, and upload events. */
async function stored() {
  const [row] = await w.server.deps.sql<{ documents: number; contents: number; events: number }[]>`
    SELECT (SELECT count(*)::int FROM resources) AS documents,
           (SELECT count(DISTINCT sha256)::int FROM resource_contents) AS contents,
           (SELECT count(*)::int FROM events WHERE type = 'ResourceUploaded') AS events`;
  return row!;
}

/** A multipart body sent in chunks with no Content-Length, as a streaming client sends it. */
function chunkedUpload(fileSize: number, token = w.tokens.admin): Promise<{ status: number; body: ErrorBody }> {
  const boundary = 'test-boundary-7c1e';
  return new Promise((resolve, reject) => {
    const req = request(`${w.server.url}/api/resources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as ErrorBody }));
    });
    req.on('error', reject);
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    req.write(field('name', 'Far Too Large') + field('category', 'Payroll Information'));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const more = () => {
      while (sent < fileSize) {
        const part = chunk.subarray(0, Math.min(chunk.length, fileSize - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', more);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    more();
  });
}

describe('the sample documents', () => {
  it('fill the six categories with PDFs, forms and a text document, each downloadable and readable', async () => {
    const all = (await list()).body;
    const samples = all.filter((r) => r.uploaded_by === 'Alex Morgan' && !r.name.startsWith('Test Document'));
    expect(new Set(samples.map((r) => r.category))).toEqual(new Set(RESOURCE_CATEGORIES));
    expect(new Set(samples.map((r) => r.type))).toEqual(new Set(['PDF', 'Form', 'Doc']));
    for (const r of samples) expect(Object.keys(r).sort()).toEqual(RESOURCE_KEYS);
    expect(samples.find((r) => r.name === 'Time Off Request Form')).toMatchObject({ type: 'Form', content_type: 'application/pdf' });
    expect(samples.find((r) => r.name === 'Workplace Safety Checklist')).toMatchObject({ type: 'Doc', content_type: 'text/plain; charset=utf-8' });

    const handbook = samples.find((r) => r.name === 'Employee Handbook')!;
    const file = await download(handbook.id);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(handbook.sha256);
    const parser = new PDFParse({ data: new Uint8Array(file.bytes) });
    try {
      const { text } = await parser.getText();
      expect(text).toContain('Employee Handbook');
      expect(text).toContain('eight locations');
    } finally {
      await parser.destroy();
    }
  });

  it('were uploaded through the command path, once', async () => {
    const seeds = await w.server.deps.sql`SELECT 1 FROM events WHERE stream_id = 'system-demo-seed-resources'`;
    expect(seeds).toHaveLength(1);
    const [row] = await w.server.deps.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM events WHERE type = 'ResourceUploaded' AND metadata->>'user_id' <> 'system'`;
    expect(row!.count).toBeGreaterThanOrEqual(12);
  });
});

describe('POST /api/resources', () => {
  it('stores a PDF that downloads byte for byte under its own name, and answers its row', async () => {
    const bytes = await pdfBytes('Quarterly payroll summary');
    const before = await stored();
    const res = await upload({ file: { bytes, name: 'Payroll Summary Q3.pdf', type: 'application/pdf' }, fields: fieldsFor('Payroll Summary Q3'), token: w.tokens.manager });
    expect(res.status, res.text).toBe(201);
    const doc = res.body;
    expect(Object.keys(doc).sort()).toEqual(RESOURCE_KEYS);
    expect(doc).toMatchObject({
      name: 'Payroll Summary Q3',
      description: 'About Payroll Summary Q3',
      category: 'Payroll Information',
      type: 'PDF',
      size: bytes.length,
      file_name: 'Payroll Summary Q3.pdf',
      content_type: 'application/pdf',
      sha256: sha256(bytes),
      uploaded_by: 'Jordan Lee',
      version: 1,
    });
    expect(await stored()).toMatchObject({ documents: before.documents + 1, contents: before.contents + 1, events: before.events + 1 });

    const file = await download(doc.id);
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(bytes));
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-length')).toBe(String(bytes.length));
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Payroll Summary Q3.pdf"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await w.api('GET', `/api/resources/${doc.id}`, { token: w.tokens.viewer })).body).toEqual(doc);
  });

  it('keeps the bytes out of the event: the event names them by their SHA-256', async () => {
    const bytes = await pdfBytes('Only the hash goes in the log');
    const doc = await uploaded(bytes, 'hash.pdf');
    const [event] = await w.server.deps.sql<{ data: Record<string, unknown>; size: number }[]>`
      SELECT data, octet_length(data::text) AS size FROM events WHERE stream_id = ${`resource-${doc.id}`}`;
    expect(event!.data.sha256).toBe(sha256(bytes));
    expect(event!.size).toBeLessThan(1000);
    const parts = await w.server.deps.sql<{ bytes: Buffer }[]>`SELECT bytes FROM resource_contents WHERE sha256 = ${doc.sha256} ORDER BY part`;
    expect(Buffer.concat(parts.map((p) => p.bytes)).equals(bytes)).toBe(true);
  });

  it('reads the type from the bytes: a fillable PDF is a Form; Word, text and images are Docs', async () => {
    const form = await uploaded(await pdfBytes('Leave request', 'employee_name'), 'leave.pdf');
    expect(form).toMatchObject({ type: 'Form', content_type: 'application/pdf' });
    const word = await uploaded(docxBytes('Onboarding notes'), 'notes.docx');
    expect(word).toMatchObject({ type: 'Doc', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', file_name: 'notes.docx' });
    const legacy = await uploaded(compoundFileBytes(true), 'old-policy.doc');
    expect(legacy).toMatchObject({ type: 'Doc', content_type: 'application/msword' });
    const text = await uploaded(Buffer.from('Desk moves: Thursday.\nCafé opens at 8.\n'), 'moves.txt');
    expect(text).toMatchObject({ type: 'Doc', content_type: 'text/plain; charset=utf-8' });
    const image = await uploaded(pngBytes(), 'floor-plan.png');
    expect(image).toMatchObject({ type: 'Doc', content_type: 'image/png' });
    const imageFile = await download(image.id);
    expect(imageFile.headers.get('content-type')).toBe('image/png');
    expect(imageFile.bytes.equals(pngBytes())).toBe(true);
  });

  it("names the download by what the bytes are and sends a safe Content-Disposition for any name", async () => {
    const plain = await uploaded(await pdfBytes('No extension'), 'report');
    expect(plain.file_name).toBe('report.pdf');
    const page = await uploaded(Buffer.from('<b>hi</b>'), 'page.html');
    expect(page).toMatchObject({ file_name: 'page.html.txt', content_type: 'text/plain; charset=utf-8' });
    const odd = await uploaded(await pdfBytes('Odd name'), 'Plan "B" 平面図\r\n.pdf');
    expect(odd.file_name).toBe('Plan "B" 平面図.pdf');
    const disposition = (await download(odd.id)).headers.get('content-disposition')!;
    expect(disposition).toBe(`attachment; filename="Plan \\"B\\" ???.pdf"; filename*=UTF-8''Plan%20%22B%22%20%E5%B9%B3%E9%9D%A2%E5%9B%B3.pdf`);
    const nested = await uploaded(await pdfBytes('Path'), 'C:\\Users\\pat\\..\\policy.pdf');
    expect(nested.file_name).toBe('policy.pdf');
  });

  it('refuses what is not a PDF, Word, text or image file, whatever its name says, and stores nothing', async () => {
    const before = await stored();
    const cases: [Buffer, string][] = [
      [exeBytes(), 'setup.exe'],
      [exeBytes(), 'handbook.pdf'],
      [zipBytes({ 'a.txt': 'hello' }), 'policy.pdf'],
      [compoundFileBytes(false), 'budget.doc'],
      [Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00]), 'notes.txt'],
    ];
    for (const [bytes, name] of cases) {
      const res = await upload({ file: { bytes, name, type: 'application/pdf' }, fields: fieldsFor('Refused') });
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ message: RESOURCE_MESSAGES.refused, fields: [{ field: 'file', message: RESOURCE_MESSAGES.refused }] });
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 413 for a file over 20 MB, sent with its length or streamed without, and stores nothing', async () => {
    const before = await stored();
    const declared = await upload({ file: { bytes: Buffer.alloc(21 * 1024 * 1024, 'a'), name: 'large.txt' }, fields: fieldsFor('Too Large') });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe(RESOURCE_MESSAGES.tooLarge);
    const streamed = await chunkedUpload(MAX_RESOURCE_BYTES + 1);
    expect(streamed).toEqual({ status: 413, body: { message: RESOURCE_MESSAGES.tooLarge } });
    expect(await stored()).toEqual(before);
    // Exactly at the limit is accepted.
    const atLimit = await chunkedUpload(MAX_RESOURCE_BYTES);
    expect(atLimit.status).toBe(201);
  });

  it('refuses a missing or empty file, missing or bad fields, unknown fields and a second file, naming each', async () => {
    const before = await stored();
    const pdf = await pdfBytes('Fields');
    const file = { bytes: pdf, name: 'x.pdf' };
    const cases: [Upload, number, string, string][] = [
      [{ fields: fieldsFor('No File') }, 400, RESOURCE_MESSAGES.noFile, 'file'],
      [{ file: { bytes: Buffer.alloc(0), name: 'empty.pdf' }, fields: fieldsFor('Empty') }, 400, RESOURCE_MESSAGES.empty, 'file'],
      [{ file, fields: { category: 'Payroll Information' } }, 400, 'Document name is required', 'name'],
      [{ file, fields: fieldsFor('   ') }, 400, 'Document name is required', 'name'],
      [{ file, fields: fieldsFor('x'.repeat(161)) }, 400, 'Document name must be at most 160 characters', 'name'],
      [{ file, fields: fieldsFor('Bad Category', { category: 'Gossip' }) }, 400, `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}`, 'category'],
      [{ file, fields: { name: 'No Category' } }, 400, `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}`, 'category'],
      [{ file, fields: fieldsFor('Long', { description: 'd'.repeat(501) }) }, 400, 'Description must be at most 500 characters', 'description'],
      [{ file, fields: fieldsFor('Unknown', { owner: 'me' }) }, 400, 'Unknown field', 'owner'],
    ];
    for (const [input, status, message, field] of cases) {
      const res = await upload(input);
      expect(res.status, message).toBe(status);
      expect(res.body.fields, message).toEqual(expect.arrayContaining([{ field, message }]));
    }

    const two = new FormData();
    for (const [key, value] of Object.entries(fieldsFor('Two Files'))) two.append(key, value);
    two.append('file', new Blob([new Uint8Array(pdf)]), 'a.pdf');
    two.append('file', new Blob([new Uint8Array(pdf)]), 'b.pdf');
    const twoRes = await fetch(`${w.server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${w.tokens.admin}` }, body: two });
    expect(twoRes.status).toBe(400);
    expect(((await twoRes.json()) as ErrorBody).message).toBe(RESOURCE_MESSAGES.oneFile);

    const json = await w.api('POST', '/api/resources', { token: w.tokens.admin, body: fieldsFor('As JSON') });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(RESOURCE_MESSAGES.notMultipart);
    expect(await stored()).toEqual(before);
  });

  it('is for managers and admins: a viewer is refused before anything is stored, and a caller without a token learns nothing', async () => {
    const before = await stored();
    const res = await upload({ file: { bytes: await pdfBytes('Viewer'), name: 'v.pdf' }, fields: fieldsFor('By A Viewer'), token: w.tokens.viewer });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Viewers have read-only access');
    const anonymous = await fetch(`${w.server.url}/api/resources`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('GET /api/resources', () => {
  it('is read by every signed-in user alike, and by nobody else', async () => {
    const admin = (await list()).body.map((r) => r.id);
    expect(admin.length).toBeGreaterThan(10);
    expect((await list('', w.tokens.manager)).body.map((r) => r.id)).toEqual(admin);
    expect((await list('', w.tokens.viewer)).body.map((r) => r.id)).toEqual(admin);
    expect((await w.api('GET', '/api/resources')).status).toBe(401);
    const id = admin[0]!;
    expect((await fetch(`${w.server.url}/api/resources/${id}/download`)).status).toBe(401);
  });

  it('searches names and descriptions in any letter case, with % and _ meaning themselves', async () => {
    const doc = await uploaded(await pdfBytes('Search'), 'search.pdf', { name: 'Parking Permit Guide', description: 'Garage levels 2_B and 100% validation' });
    for (const q of ['parking permit', 'GARAGE LEVELS', '2_b', '100%']) {
      expect((await list(`?q=${encodeURIComponent(q)}`)).body.map((r) => r.id), q).toEqual([doc.id]);
    }
    expect((await list('?q=2xb')).body).toEqual([]);
    expect((await list('?q=')).body.length).toBe((await list()).body.length);
    const bad = await list('?sort=name');
    expect(bad.status).toBe(400);
  });
});

describe('DELETE /api/resources/{id}', () => {
  it('removes the document and its file; the same file kept for another document stays', async () => {
    const bytes = await pdfBytes('Shared bytes');
    const first = await uploaded(bytes, 'one.pdf');
    const second = await uploaded(bytes, 'two.pdf', {}, w.tokens.manager);
    const files = async () => (await w.server.deps.sql`SELECT 1 FROM resource_contents WHERE sha256 = ${sha256(bytes)}`).length;
    expect(await files()).toBe(1);

    expect((await w.api('DELETE', `/api/resources/${first.id}`, { token: w.tokens.manager })).status).toBe(204);
    expect((await w.api('GET', `/api/resources/${first.id}`, { token: w.tokens.admin })).status).toBe(404);
    expect((await download(first.id)).status).toBe(404);
    expect(await files()).toBe(1);
    expect(sha256((await download(second.id)).bytes)).toBe(sha256(bytes));

    expect((await w.api('DELETE', `/api/resources/${second.id}`, { token: w.tokens.admin, body: { version: 1 } })).status).toBe(204);
    expect(await files()).toBe(0);
    expect((await w.api('DELETE', `/api/resources/${second.id}`, { token: w.tokens.admin })).status).toBe(404);
  });

  it('is refused to a viewer (403) and for a stale version (409); a bad id is a 400', async () => {
    const doc = await uploaded(await pdfBytes('Keep'), 'keep.pdf');
    const viewer = await w.api('DELETE', `/api/resources/${doc.id}`, { token: w.tokens.viewer });
    expect(viewer.status).toBe(403);
    const stale = await w.api('DELETE', `/api/resources/${doc.id}?version=7`, { token: w.tokens.admin });
    expect(stale.status).toBe(409);
    expect((await w.api('DELETE', '/api/resources/not-an-id', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', `/api/resources/${doc.id}`, { token: w.tokens.admin })).status).toBe(200);
  });
});

describe('live documents', () => {
  let sockets: Record<'manager' | 'viewer', Listener>;
  beforeAll(async () => {
    await w.settled();
    sockets = { manager: listen(w.server.url, { token: w.tokens.manager }), viewer: listen(w.server.url, { token: w.tokens.viewer }) };
    await Promise.all(Object.values(sockets).map((s) => s.ready));
  });
  afterAll(() => {
    for (const socket of Object.values(sockets ?? {})) socket.close();
  });
  const rowsFor = (messages: ChangeMessage[], id: string) => messages.flatMap((m) => m.changes.filter((c) => c.id === id));

  it("pushes an admin's new document to other users' sockets, and its deletion as a removal for good", async () => {
    const doc = await uploaded(await pdfBytes('Live'), 'live.pdf');
    for (const [role, socket] of Object.entries(sockets)) {
      await socket.until((m) => rowsFor(m, doc.id).length === 1, `the new document on the ${role} socket`);
      expect(rowsFor(socket.changes, doc.id)[0]).toEqual({ entity: 'resources', id: doc.id, row: doc });
    }
    expect((await w.api('DELETE', `/api/resources/${doc.id}`, { token: w.tokens.admin })).status).toBe(204);
    for (const [role, socket] of Object.entries(sockets)) {
      await socket.until((m) => rowsFor(m, doc.id).length === 2, `the deletion on the ${role} socket`);
      expect(rowsFor(socket.changes, doc.id)[1]).toEqual({ entity: 'resources', id: doc.id, row: null });
    }
  });
});
