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

  it('tells every status a route can answer, the success as the route sends it, and the rules behind a pipe', async () => {
    const { paths } = (await server.api<any>('GET', '/api/openapi.json')).body;
    const statuses = (path: string, method: string) => Object.keys(paths[path][method].responses);

    expect(statuses('/api/auth/login', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '429', '503']));
    expect(statuses('/api/auth/login', 'post')).not.toContain('201');
    expect(statuses('/api/offices/{id}', 'put')).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '503']));
    expect(statuses('/api/offices', 'post')).toContain('201');
    expect(statuses('/api/templates/{id}', 'delete')).toContain('204');
    expect(paths['/api/templates/{id}'].delete.responses['204'].content).toBeUndefined();
    expect(statuses('/api/imports/preview', 'post')).toContain('200');

    // A success's body has a schema: the row as the API answers it.
    const office = paths['/api/offices/{id}'].get.responses['200'].content['application/json'].schema;
    expect(office.required).toEqual(expect.arrayContaining(['id', 'office_number', 'status', 'version']));
    expect(paths['/api/offices'].get.responses['200'].content['application/json'].schema.type).toBe('array');

    // The upload is multipart: a file and its text fields.
    const upload = paths['/api/resources'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toEqual(expect.objectContaining({ type: 'string', format: 'binary' }));
    expect(upload.required).toEqual(expect.arrayContaining(['file']));
    expect(Object.keys(paths['/api/reports/occupancy'].get.responses['200'].content)).toEqual(['application/json', 'text/csv', 'application/pdf']);

    // `z.number().pipe(money)` and `z.string().trim().pipe(z.email())`: the second schema's rules are documented too.
    const deal = paths['/api/deals'].post.requestBody.content['application/json'].schema;
    expect(deal.properties.offered_price).toEqual(expect.objectContaining({ type: 'number', minimum: 0 }));
    expect(deal.properties.contact.properties.email).toEqual(expect.objectContaining({ format: 'email' }));
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
