import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

/**
 * The answers as the wire carries them: fetch would decode them before the test could look.
 * `chunks` are the body's pieces in the order they arrived.
 */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  chunks: Buffer[];
  body: Buffer;
}

function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

// A stand-in for the built client: the real index.html (the splash is in it as written) and one
// hashed script, large enough to be worth compressing.
const dist = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
const ASSET = '/assets/index-B4xQ9z1e.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "office ${i}" }`).join(', ')}];\n`;

// One with the build's brotli copy beside it (build/precompress.ts), and the build's inline boot script.
const PRECOMPRESSED = '/assets/shell-C3pQ8x2a.js';
const shellScript = `export const names = [${Array.from({ length: 400 }, (_, i) => `"member ${i}"`).join(', ')}];\n`;
const shellCopy = brotliCompressSync(shellScript, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const BOOT = 'window.boot = 1;';

let server: TestServer;
let token: string;
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), readFileSync('client/index.html', 'utf8').replace('</body>', `<script>${BOOT}</script></body>`));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, ASSET), script);
  writeFileSync(path.join(dist, PRECOMPRESSED), shellScript);
  writeFileSync(path.join(dist, `${PRECOMPRESSED}.br`), shellCopy);
  server = await startTestServer({}, { clientDir: dist });
  token = (await signIn(server.api, demoCredentials.admin)).access_token;
});
afterAll(async () => {
  await server?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('Compressed answers', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('given a JSON list, when asked with Accept-Encoding: %s, then it comes back so encoded and decodes to the same body', async (encoding, decode) => {
    const auth = { authorization: `Bearer ${token}` };
    const plain = await raw(`${server.url}/api/offices`, { headers: { ...auth, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const packed = await raw(`${server.url}/api/offices`, { headers: { ...auth, 'accept-encoding': `${encoding}, deflate` } });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.headers['cache-control']).toBe('no-store');
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode(packed.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('given an answer of a few KB (the dashboard), when asked with %s, then it comes compressed whole, with its length', async (encoding, decode) => {
    const auth = { authorization: `Bearer ${token}` };
    const plain = await raw(`${server.url}/api/dashboard`, { headers: { ...auth, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);
    expect(plain.body.length).toBeLessThan(64 * 1024);

    const packed = await raw(`${server.url}/api/dashboard`, { headers: { ...auth, 'accept-encoding': encoding } });
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers['content-type']).toMatch(/^application\/json/);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(JSON.parse(decode(packed.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));

    const unasked = await raw(`${server.url}/api/dashboard`, { headers: auth });
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unasked.body.toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('given both offered, when the browser asks, then brotli is chosen', async () => {
    const res = await raw(`${server.url}/api/offices`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('given a streamed import, when asked with compression offered, then its progress lines come uncompressed, each as it is written', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `SQUEEZE-${i + 1},East Austin,2,1,${900 + i}`);
    const res = await raw(`${server.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: JSON.stringify({ kind: 'offices', csv: ['office,location,desks,floor,monthly', ...rows].join('\r\n') }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // A compressor would hold the lines until its block filled: the first piece to arrive would
    // be compressed bytes, not the opening progress line.
    expect(res.chunks[0]!.toString('utf8')).toMatch(/^\{"type":"progress","done":0,"total":300\}\n/);
    const lines = res.body.toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(lines.filter((l) => l.type === 'progress').length).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatchObject({ type: 'done', imported: 300 });
  });
});

describe('The client, cached by what its name promises', () => {
  it('given a hashed asset, then it may be kept for a year unchanged, and comes compressed', async () => {
    const res = await raw(`${server.url}${ASSET}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(script);
  });

  it("given the build's brotli copy of an asset, when brotli is taken, then that copy goes as it is; otherwise the file is compressed as it is sent", async () => {
    const br = await raw(`${server.url}${PRECOMPRESSED}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.equals(shellCopy)).toBe(true);
    const gzip = await raw(`${server.url}${PRECOMPRESSED}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(shellScript);
  });

  it("given the page's inline boot script, then the Content-Security-Policy allows it by its hash, and no other inline script", async () => {
    const res = await raw(`${server.url}/offices`);
    const policy = String(res.headers['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scripts).toEqual(["'self'", `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`]);
  });

  it.each(['/offices', '/', '/index.html'])('given the shell at %s, then it is checked on every use and carries the splash inside the root React replaces', async (page) => {
    const res = await raw(`${server.url}${page}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = gunzipSync(res.body).toString('utf8');
    expect(html).toMatch(/<div id="root">\s*<div class="boot-splash"[^>]*role="status"[^>]*>[\s\S]*FlexSpace/);
    // Drawn by the page alone: no stylesheet, font or image to fetch before it shows.
    const splash = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'));
    expect(splash).not.toMatch(/<img|<link|url\(|src=/);
  });
});
