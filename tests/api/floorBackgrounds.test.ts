import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { FloorPlan } from '@shared/schemas/floorPlans';
import { MAX_FLOOR_BACKGROUND_BYTES } from '@shared/schemas/floorPlans';
import { jpegOfSize, pngOfSize, svgBytes, webpOfSize } from '../support/floorImages';
import { exeBytes, pdfBytes } from '../support/sampleFiles';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

let floorCounter = 60;
const backgroundPath = (floor: number, location = w.loc('55 Broadway')) => `/api/floor-plans/${location}/${floor}/background`;

/** PUT .../background as a browser's FormData sends it. */
async function upload(path: string, bytes: Buffer | null, { name = 'plan.png', type = 'application/octet-stream', token = w.tokens.admin } = {}) {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${w.server.url}/api/${path.replace(/^\/api\//, '')}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

const planOf = async (floor: number, token = w.tokens.admin) =>
  (await w.api<FloorPlan>('GET', `/api/floor-plans?location=55%20Broadway&floor=${floor}`, { token })).body;

const contents = async (sha256: string) => Number((await w.server.deps.sql`SELECT count(*) AS n FROM resource_contents WHERE sha256 = ${sha256}`)[0]!.n);

describe('PUT /api/floor-plans/{location_id}/{floor}/background', () => {
  it('takes a PNG, JPEG or WebP by its bytes, with its size read from the header, and serves it at the plan’s url', async () => {
    for (const [bytes, width, height, type, name] of [
      [pngOfSize(1600, 900), 1600, 900, 'image/png', 'plan.jpg'],
      [jpegOfSize(1200, 800), 1200, 800, 'image/jpeg', 'plan'],
      [webpOfSize(2000, 1000), 2000, 1000, 'image/webp', 'plan.webp'],
    ] as const) {
      const floor = ++floorCounter;
      const res = await upload(backgroundPath(floor), bytes, { name, token: w.tokens.manager });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^/api/floor-plans/${w.loc('55 Broadway')}/${floor}/background\\?v=\\d+$`)), width, height });
      expect((await planOf(floor, w.tokens.viewer)).background).toEqual(res.body);

      const served = await fetch(`${w.server.url}${res.body.url}`, { headers: { authorization: `Bearer ${w.tokens.viewer}` } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('etag')).toBeTruthy();
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('refuses SVG, PDF, executables, text and no file with 400, and stores nothing', async () => {
    const floor = ++floorCounter;
    // Background events alone: work that follows the log may append others meanwhile.
    const backgroundEvents = async () => Number((await w.server.deps.sql`SELECT count(*) AS n FROM events WHERE stream_type = 'floor_background'`)[0]!.n);
    const before = await backgroundEvents();
    for (const [bytes, name, type] of [
      [svgBytes(), 'plan.svg', 'image/svg+xml'],
      [await pdfBytes('Floor 3'), 'plan.png', 'image/png'],
      [exeBytes(), 'plan.png', 'image/png'],
      [Buffer.from('just words'), 'plan.png', 'image/png'],
      [Buffer.alloc(0), 'plan.png', 'image/png'],
    ] as const) {
      const res = await upload(backgroundPath(floor), bytes, { name, type });
      expect(res.status, name).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'file', message: res.body.message }]);
    }
    expect((await upload(backgroundPath(floor), svgBytes(), { name: 'plan.svg' })).body.message).toBe('This kind of file is not accepted: upload a PNG, JPEG or WebP image');
    expect((await upload(backgroundPath(floor), null)).body.message).toBe('Choose an image to upload');
    const notMultipart = await w.api('PUT', backgroundPath(floor), { token: w.tokens.admin, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(await backgroundEvents()).toBe(before);
    expect((await planOf(floor)).background).toBeNull();
  });

  it('refuses an image over 10 MB with 413', async () => {
    const floor = ++floorCounter;
    const big = Buffer.concat([pngOfSize(4000, 3000), Buffer.alloc(MAX_FLOOR_BACKGROUND_BYTES)]);
    const res = await upload(backgroundPath(floor), big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image is larger than 10 MB');
    const fits = await upload(backgroundPath(floor), Buffer.concat([pngOfSize(4000, 3000), Buffer.alloc(MAX_FLOOR_BACKGROUND_BYTES - 200)]));
    expect(fits.status, fits.text).toBe(200);
  });

  it('lets admins and the location’s managers change it, not viewers or managers of other locations', async () => {
    const floor = ++floorCounter;
    expect((await upload(backgroundPath(floor), pngOfSize(10, 10), { token: w.tokens.viewer })).status).toBe(403);
    expect((await upload(backgroundPath(3, w.loc('Greenpoint')), pngOfSize(10, 10), { token: w.tokens.manager })).status).toBe(403);
    expect((await w.api('DELETE', backgroundPath(3, w.loc('Greenpoint')), { token: w.tokens.manager })).status).toBe(403);
    expect((await w.api('GET', backgroundPath(3, w.loc('Greenpoint')), { token: w.tokens.manager })).status).toBe(403);
  });

  it('replaces and removes it, dropping a file nothing shows any more, with its history in /api/events', async () => {
    const floor = ++floorCounter;
    const first = pngOfSize(777, 555);
    const second = jpegOfSize(640, 480);
    expect((await upload(backgroundPath(floor), first)).status).toBe(200);
    const replaced = await upload(backgroundPath(floor), second, { token: w.tokens.manager });
    expect(replaced.body).toMatchObject({ width: 640, height: 480 });
    const { createHash } = await import('node:crypto');
    const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(await contents(hash(first))).toBe(0);
    expect(await contents(hash(second))).toBe(1);

    const removed = await w.api('DELETE', backgroundPath(floor), { token: w.tokens.manager });
    expect(removed.status, removed.text).toBe(204);
    expect((await planOf(floor)).background).toBeNull();
    expect(await contents(hash(second))).toBe(0);
    expect((await w.api('DELETE', backgroundPath(floor), { token: w.tokens.manager })).status).toBe(404);
    expect((await w.api('GET', backgroundPath(floor), { token: w.tokens.manager })).status).toBe(404);

    const [row] = await w.server.deps.sql<{ stream_id: string }[]>`SELECT stream_id FROM events WHERE type = 'FloorBackgroundRemoved' ORDER BY position DESC LIMIT 1`;
    const floorId = row!.stream_id.slice('floor_background-'.length);
    const history = await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${floorId}`, { token: w.tokens.viewer });
    expect(history.status, history.text).toBe(200);
    expect(history.body.map((e) => [e.type, e.entity_id])).toEqual([
      ['FloorBackgroundRemoved', floorId],
      ['FloorBackgroundSet', floorId],
      ['FloorBackgroundSet', floorId],
    ]);
  });
});
