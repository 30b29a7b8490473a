import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials, signIn, type Api, type TestServer } from '../support/server';
import { expectClientError, expectFieldError, startBadInputServer, unstorableText, type BadInputServer } from '../support/badInput';

/**
 * What an OpenAPI fuzzer found answering 500, or stored though it never should be: a version
 * past PostgreSQL's integer on any mutation, NUL in a search (even a viewer's), NUL or a lone
 * surrogate in the Slack rules, a `javascript:` website; and a known path asked with a method
 * it does not take, which answered 404 instead of 405 with Allow.
 */

let server: TestServer;
let api: Api;
let token: string;
let viewer: string;
let locationId: string;
let checkProperty: BadInputServer['checkProperty'];
let logHead: BadInputServer['logHead'];
const ids: Record<'task' | 'company' | 'template' | 'deal', string> = { task: '', company: '', template: '', deal: '' };

const TOO_BIG = 2 ** 31;

beforeAll(async () => {
  ({ server, api, token, locationId, checkProperty, logHead } = await startBadInputServer());
  viewer = (await signIn(api, demoCredentials.viewer)).access_token;
  const made = await Promise.all([
    api('POST', '/api/tasks', { token, body: { title: 'Hostile', description: 'A task to aim at', location_id: locationId } }),
    api('POST', '/api/companies', { token, body: { name: 'Hostile Co', website: 'https://hostile.example' } }),
    api('POST', '/api/templates', { token, body: { name: 'Hostile', category: 'Email', content: 'Hello' } }),
  ]);
  for (const res of made) expect(res.status, res.text).toBe(201);
  [ids.task, ids.company, ids.template] = made.map((res) => res.body.id as string) as [string, string, string];
  const deals = await api<{ id: string; stage: string }[]>('GET', '/api/deals', { token });
  ids.deal = deals.body.find((d) => !['agreement_signed', 'close_lost'].includes(d.stage))!.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('a version past PostgreSQL integer', () => {
  const mutations = (version: number): [string, string, unknown][] => [
    ['PUT', `/api/tasks/${ids.task}`, { title: 'Renamed', version }],
    ['PUT', `/api/companies/${ids.company}`, { name: 'Renamed', version }],
    ['PATCH', `/api/companies/${ids.company}/status`, { status: 'Member', version }],
    ['PATCH', `/api/deals/${ids.deal}/stage`, { stage: 'tour_booked', version }],
    ['PUT', `/api/templates/${ids.template}`, { name: 'Renamed', version }],
    ['DELETE', `/api/templates/${ids.template}`, { version }],
    ['PUT', '/api/slack/workflows', { workflow_rules: [], version }],
    ['PUT', '/api/settings/system', { company_holidays: 10, version }],
  ];

  it('is a 400 naming version on every mutation, with nothing appended to the log', async () => {
    await checkProperty(fc.oneof(fc.integer({ min: TOO_BIG, max: Number.MAX_SAFE_INTEGER }), fc.constant(TOO_BIG)), async (version) => {
      for (const [method, path, body] of mutations(version)) {
        expectFieldError(await api(method, path, { token, body }), 'version');
      }
    }, 10);
  });

  it('as ?version= on a DELETE too', async () => {
    const before = await logHead();
    expectFieldError(await api('DELETE', `/api/templates/${ids.template}?version=${TOO_BIG}`, { token }), 'version');
    expect(await logHead()).toBe(before);
  });
});

describe('NUL in a search', () => {
  it.each(['/api/deals', '/api/contacts', '/api/companies', '/api/search'])('%s?q= is a 400 naming q, for a viewer and an admin', async (path) => {
    for (const caller of [viewer, token]) {
      const res = await api('GET', `${path}?q=${encodeURIComponent('acme\u0000')}`, { token: caller });
      expectFieldError(res, 'q');
      expect(res.body.message).toMatch(/not allowed/);
    }
    expect((await api('GET', `${path}?q=acme`, { token: viewer })).status).toBe(200);
  });
});

describe('PUT /api/slack/workflows', () => {
  const rule = { id: 'r1', event_type: 'new_lead', enabled: true, channel: '#sales', message_template: 'New lead {deal_name}', conditions: {} };
  const broken = fc.oneof(
    unstorableText.map((bad) => ['workflow_rules.0.id', { ...rule, id: bad }] as const),
    unstorableText.map((bad) => ['workflow_rules.0.channel', { ...rule, channel: bad }] as const),
    unstorableText.map((bad) => ['workflow_rules.0.message_template', { ...rule, message_template: bad }] as const),
    unstorableText.map((bad) => ['workflow_rules.0.conditions', { ...rule, conditions: { stage: bad } }] as const),
    unstorableText.map((bad) => ['workflow_rules.0.conditions', { ...rule, conditions: { [bad]: true } }] as const),
  );

  it('refuses NUL and lone surrogates anywhere in a rule with a 400 naming the field', async () => {
    await checkProperty(broken, async ([field, bad]) => {
      expectFieldError(await api('PUT', '/api/slack/workflows', { token, body: { workflow_rules: [bad] } }), field);
    });
  });

  it('saves the same rule without them', async () => {
    const res = await api('PUT', '/api/slack/workflows', { token, body: { workflow_rules: [{ ...rule, message_template: '🎉 {deal_name}' }] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.workflow_rules[0].message_template).toBe('🎉 {deal_name}');
  });

  it('the webhook URL refuses them too', async () => {
    await checkProperty(unstorableText, async (bad) => {
      expectFieldError(await api('POST', '/api/slack/config', { token, body: { webhook_url: `https://hooks.slack.com/services/${bad}` } }), 'webhook_url');
    }, 10);
  });
});

describe('URL fields', () => {
  const hostile = fc.constantFrom('javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd');

  it('a company website is http(s) or nothing: created or edited, anything else is a 400 naming website', async () => {
    await checkProperty(hostile, async (website) => {
      expectFieldError(await api('POST', '/api/companies', { token, body: { name: 'Evil Co', website } }), 'website');
      expectFieldError(await api('PUT', `/api/companies/${ids.company}`, { token, body: { website } }), 'website');
      expectFieldError(await api('POST', '/api/slack/test', { token, body: { webhook_url: website } }), 'webhook_url');
    }, 10);
    expect((await api('GET', `/api/companies/${ids.company}`, { token })).body.website).toBe('https://hostile.example');
  });
});

describe('methods a known path does not take', () => {
  const known: [string, string, string[]][] = [
    ['DELETE', '/api/locations', ['GET', 'POST']],
    ['PATCH', '/api/deals', ['GET', 'POST']],
    ['POST', '/api/config', ['GET']],
    ['GET', '/api/auth/login', ['POST']],
    ['PUT', '/api/search', ['GET']],
    ['POST', `/api/tasks/00000000-0000-4000-8000-000000000000`, ['GET', 'PUT']],
  ];

  it('answer 405 with Allow naming the methods it takes, after the token', async () => {
    for (const [method, path, takes] of known) {
      const anonymous = await api(method, path);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.headers.get('allow'), `${method} ${path}`).toBeNull();
      for (const caller of [token, viewer]) {
        const res = await api(method, path, { token: caller });
        expectClientError(res, 405);
        const allow = res.headers.get('allow')!.split(', ');
        for (const m of takes) expect(allow, `${method} ${path}`).toContain(m);
        expect(allow).not.toContain(method);
      }
    }
  });

  it('OPTIONS answers 204 with Allow; an unknown path is still a 404', async () => {
    const options = await api('OPTIONS', '/api/deals', { token });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toContain('POST');
    expect((await api('PATCH', '/api/no-such-route', { token })).status).toBe(404);
    expect((await api('PATCH', '/api/no-such-route')).status).toBe(401);
  });
});
