import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_STAGES } from '@shared/domain/deals';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

interface Operation {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, { enum?: string[] }>; required?: string[] } } } };
  security: unknown[];
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('the API description', () => {
  it('is generated from the routes and their zod schemas, public, with which calls need a token', async () => {
    const res = await server.api<Doc>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const { paths } = res.body;
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(paths['/api/offices']!).sort()).toEqual(['get', 'post']);

    const move = paths['/api/deals/{id}/stage']!.patch!;
    expect(move.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const body = move.requestBody!.content['application/json'].schema;
    expect(body.properties.stage!.enum).toEqual([...DEAL_STAGES]);
    expect(body.required).toEqual(['stage']);
    expect(move.security).toEqual([{ bearer: [] }]);

    const create = paths['/api/deals']!.post!.requestBody!.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['deal_name', 'company_name', 'contact', 'location_id', 'offered_price']));
    expect(paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(paths['/api/offices']!.get!.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['location']));
    expect(paths['/api/search']!.get!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'q', in: 'query', required: true }), expect.objectContaining({ name: 'limit', required: false })]),
    );
  });

  it('serves a docs page that reads the document, with its script and styles from this origin', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    const start = await fetch(`${server.url}/api/docs/start.js`);
    expect(await start.text()).toContain("url: '/api/openapi.json'");
    const bundle = await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
  });
});
