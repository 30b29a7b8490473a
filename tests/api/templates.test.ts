import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { ChangeMessage } from '@shared/realtime';
import type { ErrorBody } from '@shared/schemas/common';
import { REQUIRED_TEMPLATE, type Template, type TemplateVersion } from '@shared/schemas/templates';
import { listen, type Listener } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const TEMPLATE_KEYS = ['id', 'name', 'category', 'description', 'content', 'placeholders', 'last_modified', 'version', 'created_at', 'updated_at'].sort();
const SAMPLES = ['Event Notification', 'Holiday Hours Notice', 'Lease Renewal Reminder', 'Maintenance Notice', 'Monthly Newsletter', 'Welcome Email'];

let counter = 0;
const newTemplate = async (extra: Record<string, unknown> = {}, token = w.tokens.admin) => {
  counter += 1;
  const res = await w.api<Template>('POST', '/api/templates', {
    token,
    body: { name: `Test Template ${counter}`, category: 'Email', content: `Hello [First Name], this is note ${counter} from [Location Name].`, ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const list = async (query = '', token = w.tokens.admin) => w.api<Template[] & ErrorBody>('GET', `/api/templates${query}`, { token });
const history = (id: string, token = w.tokens.admin) => w.api<TemplateVersion[]>('GET', `/api/templates/${id}/history`, { token });
const rowsFor = (messages: ChangeMessage[], id: string) => messages.flatMap((m) => m.changes.filter((c) => c.id === id));

describe('the sample templates', () => {
  it("are the spec's six, seeded through commands, each with bracketed placeholders, over every category", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const samples = res.body.filter((t) => SAMPLES.includes(t.name));
    expect(samples.map((t) => t.name).sort()).toEqual(SAMPLES);
    for (const template of samples) {
      expect(Object.keys(template).sort()).toEqual(TEMPLATE_KEYS);
      expect(template.placeholders.length).toBeGreaterThan(1);
      for (const name of template.placeholders) expect(template.content).toContain(`[${name}]`);
    }
    expect(new Set(samples.map((t) => t.category))).toEqual(new Set(['Email', 'Notification', 'Social', 'Document']));
    const seeded = await w.server.deps.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM events WHERE stream_type = 'template' AND type = 'TemplateCreated'`;
    expect(seeded[0]!.count).toBeGreaterThanOrEqual(6);
  });

  it('include a welcome e-mail the manager reworded, whose earlier wording is in its history', async () => {
    const welcome = (await list('?q=Welcome%20Email')).body.find((t) => t.name === 'Welcome Email')!;
    expect(welcome.version).toBe(2);
    const earlier = (await history(welcome.id)).body;
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).toMatchObject({ version: 1, by: 'Alex Morgan', name: 'Welcome Email' });
    expect(earlier[0]!.content).not.toBe(welcome.content);
    expect(new Date(earlier[0]!.at).getTime()).toBeLessThan(new Date(welcome.last_modified).getTime());
  });
});

describe('GET /api/templates', () => {
  it('is read by every signed-in user, whatever their locations, and by nobody else', async () => {
    const admin = (await list()).body.map((t) => t.id);
    expect((await list('', w.tokens.manager)).body.map((t) => t.id)).toEqual(admin);
    expect((await list('', w.tokens.viewer)).body.map((t) => t.id)).toEqual(admin);
    expect((await w.api('GET', '/api/templates')).status).toBe(401);
  });

  it('filters by category (the label Social Media too) and searches name, description and content', async () => {
    const social = await newTemplate({ category: 'Social', name: 'Rooftop Party Post', description: 'Summer party', content: 'Join us on the roof! [Date]' });
    const byCategory = (await list('?category=Social')).body;
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((t) => t.category === 'Social')).toBe(true);
    expect(byCategory.map((t) => t.id)).toContain(social.id);
    expect((await list('?category=Social%20Media')).body.map((t) => t.id)).toEqual(byCategory.map((t) => t.id));
    expect((await list('?category=')).body.length).toBe((await list()).body.length);
    for (const q of ['rooftop', 'SUMMER PARTY', 'on the roof']) {
      expect((await list(`?q=${encodeURIComponent(q)}`)).body.map((t) => t.id), q).toEqual([social.id]);
    }
    expect((await list('?q=roof&category=Email')).body).toEqual([]);
    expect((await list('?q=100%25')).body).toEqual([]);
  });

  it('refuses an unknown category or query parameter, naming it', async () => {
    const category = await list('?category=Fax');
    expect(category.status).toBe(400);
    expect(category.body.fields).toEqual([{ field: 'category', message: 'Category must be one of Email, Notification, Social, Document' }]);
    const unknown = await list('?location=Bushwick');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toContainEqual({ field: 'location', message: 'Unknown field' });
  });
});

describe('GET /api/templates/:id', () => {
  it('reads one template for any role; 404 unknown; 400 for an id that is not one', async () => {
    const template = await newTemplate();
    expect((await w.api('GET', `/api/templates/${template.id}`, { token: w.tokens.viewer })).body).toEqual(template);
    expect((await w.api('GET', `/api/templates/${template.id}`, { token: w.tokens.manager })).body).toEqual(template);
    const unknown = await w.api('GET', `/api/templates/${randomUUID()}`, { token: w.tokens.admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Template not found' });
    expect((await w.api('GET', '/api/templates/nope', { token: w.tokens.admin })).status).toBe(400);
  });
});

describe('POST /api/templates', () => {
  it('creates a template with its placeholders, version 1 and its times', async () => {
    const before = await w.logHead();
    const res = await w.api<Template>('POST', '/api/templates', {
      token: w.tokens.manager,
      body: { name: '  Parking Reminder ', category: 'Notification', content: 'Hi [Member Name], your spot is [Spot] at [Location Name]. Thanks, [Member Name]' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Parking Reminder',
      category: 'Notification',
      description: null,
      placeholders: ['Member Name', 'Spot', 'Location Name'],
      version: 1,
    });
    expect(res.body.last_modified).toBe(res.body.updated_at);
    expect(res.body.created_at).toBe(res.body.updated_at);
    expect(await w.logHead()).toBe(before + 1);
    expect((await w.api('GET', `/api/templates/${res.body.id}`, { token: w.tokens.admin })).body).toEqual(res.body);
    expect((await history(res.body.id)).body).toEqual([]);
  });

  it("answers 400 'Template name and content are required', naming each missing field", async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ category: 'Email' }, ['name', 'content']],
      [{ name: 'Only a name', category: 'Email' }, ['content']],
      [{ name: '   ', category: 'Email', content: 'Body' }, ['name']],
      [{ name: 'Blank body', category: 'Email', content: ' \n ' }, ['content']],
    ];
    const before = await w.logHead();
    for (const [body, missing] of cases) {
      const res = await w.api('POST', '/api/templates', { token: w.tokens.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(REQUIRED_TEMPLATE);
      expect(res.body.fields).toEqual(missing.map((field) => ({ field, message: REQUIRED_TEMPLATE })));
    }
    expect(await w.logHead()).toBe(before);
  });

  it('refuses a bad category, an overlong name, and an unknown field, each by name', async () => {
    const category = await w.api('POST', '/api/templates', { token: w.tokens.admin, body: { name: 'A', category: 'Fax', content: 'B' } });
    expect(category.body.fields).toEqual([{ field: 'category', message: 'Category must be one of Email, Notification, Social, Document' }]);
    const long = await w.api('POST', '/api/templates', { token: w.tokens.admin, body: { name: 'x'.repeat(161), category: 'Email', content: 'B' } });
    expect(long.body.fields).toEqual([{ field: 'name', message: 'Name must be at most 160 characters' }]);
    const unknown = await w.api('POST', '/api/templates', { token: w.tokens.admin, body: { name: 'A', category: 'Email', content: 'B', colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ field: 'colour', message: 'Unknown field' }]);
  });

  it("is refused to a viewer with the policy's words, and nothing is appended", async () => {
    const before = await w.logHead();
    const res = await w.api('POST', '/api/templates', { token: w.tokens.viewer, body: { name: 'A', category: 'Email', content: 'B' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Viewers have read-only access' });
    expect(await w.logHead()).toBe(before);
  });
});

describe('PUT /api/templates/:id', () => {
  it('edits a template; the row as GET returned it is accepted, its read-only fields ignored', async () => {
    const template = await newTemplate();
    const res = await w.api<Template>('PUT', `/api/templates/${template.id}`, {
      token: w.tokens.manager,
      body: { ...template, content: 'Dear [Member Name], see you at [Event].', placeholders: ['Nope'], created_at: '2001-01-01T00:00:00.000Z', id: randomUUID() },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: template.id, version: 2, content: 'Dear [Member Name], see you at [Event].', placeholders: ['Member Name', 'Event'], created_at: template.created_at });
    expect(new Date(res.body.last_modified).getTime()).toBeGreaterThanOrEqual(new Date(template.last_modified).getTime());
    const unchanged = await w.api<Template>('PUT', `/api/templates/${template.id}`, { token: w.tokens.manager, body: { ...res.body } });
    expect(unchanged.body.version).toBe(2);
  });

  it('refuses an unknown field by name, and answers 404 for an unknown template', async () => {
    const template = await newTemplate();
    const unknown = await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { name: 'X', tags: ['a'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ field: 'tags', message: 'Unknown field' }]);
    const missing = await w.api('PUT', `/api/templates/${randomUUID()}`, { token: w.tokens.admin, body: { name: 'X' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Template not found' });
    const emptied = await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { content: '' } });
    expect(emptied.status).toBe(400);
    expect(emptied.body).toEqual({ message: REQUIRED_TEMPLATE, fields: [{ field: 'content', message: REQUIRED_TEMPLATE }] });
    const unnamed = await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { name: ' ' } });
    expect(unnamed.body).toEqual({ message: REQUIRED_TEMPLATE, fields: [{ field: 'name', message: REQUIRED_TEMPLATE }] });
  });

  it('answers 409 to a stale version, naming who changed what since, and changes nothing', async () => {
    const template = await newTemplate();
    const first = await w.api<Template>('PUT', `/api/templates/${template.id}`, { token: w.tokens.manager, body: { content: 'Newer [Text]', version: template.version } });
    expect(first.status).toBe(200);
    const before = await w.logHead();
    const stale = await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { name: 'Mine', version: template.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Jordan Lee changed this template (content) since you opened it. Reload to see the change.');
    expect(stale.body.conflict).toMatchObject({ by: 'Jordan Lee', fields: ['content'], version: 2 });
    expect(await w.logHead()).toBe(before);
    const current = await w.api<Template>('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { name: 'Mine', version: 2 } });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ name: 'Mine', content: 'Newer [Text]', version: 3 });
  });

  it('is refused to a viewer', async () => {
    const template = await newTemplate();
    const res = await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.viewer, body: { name: 'X' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Viewers have read-only access' });
  });
});

describe('GET /api/templates/:id/history', () => {
  it('lists every earlier version, newest first, with its content, when and by whom', async () => {
    const template = await newTemplate({ content: 'One [A]' });
    const edits: [string, Record<string, unknown>][] = [
      [w.tokens.manager, { content: 'Two [A] [B]' }],
      [w.tokens.admin, { name: 'Renamed', category: 'Document' }],
      [w.tokens.manager, { content: 'Four [C]' }],
    ];
    for (const [token, body] of edits) expect((await w.api('PUT', `/api/templates/${template.id}`, { token, body })).status).toBe(200);
    const res = await history(template.id, w.tokens.viewer);
    expect(res.status).toBe(200);
    expect(res.body.map((v) => [v.version, v.content, v.by, v.name, v.category])).toEqual([
      [3, 'Two [A] [B]', 'Alex Morgan', 'Renamed', 'Document'],
      [2, 'Two [A] [B]', 'Jordan Lee', template.name, 'Email'],
      [1, 'One [A]', 'Alex Morgan', template.name, 'Email'],
    ]);
    const times = res.body.map((v) => new Date(v.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await history(randomUUID())).status).toBe(404);
  });
});

describe('DELETE /api/templates/:id', () => {
  it('deletes a template: gone from every list and route, its stream kept in the log', async () => {
    const template = await newTemplate();
    const res = await w.api('DELETE', `/api/templates/${template.id}`, { token: w.tokens.manager });
    expect(res.status).toBe(204);
    expect((await list()).body.map((t) => t.id)).not.toContain(template.id);
    expect((await w.api('GET', `/api/templates/${template.id}`, { token: w.tokens.admin })).status).toBe(404);
    expect((await history(template.id)).status).toBe(404);
    expect((await w.api('DELETE', `/api/templates/${template.id}`, { token: w.tokens.admin })).status).toBe(404);
    expect((await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { name: 'Back' } })).status).toBe(404);
    const log = await w.server.deps.sql<{ type: string }[]>`SELECT type FROM events WHERE stream_id = ${`template-${template.id}`} ORDER BY version`;
    expect(log.map((e) => e.type)).toEqual(['TemplateCreated', 'TemplateDeleted']);
  });

  it('is refused to a viewer and to a stale version', async () => {
    const template = await newTemplate();
    const viewer = await w.api('DELETE', `/api/templates/${template.id}`, { token: w.tokens.viewer });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toEqual({ message: 'Viewers have read-only access' });
    expect((await w.api('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { description: 'Changed' } })).status).toBe(200);
    const stale = await w.api('DELETE', `/api/templates/${template.id}`, { token: w.tokens.manager, body: { version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Alex Morgan changed this template (description) since you opened it. Reload to see the change.');
    const staleQuery = await w.api('DELETE', `/api/templates/${template.id}?version=1`, { token: w.tokens.manager });
    expect(staleQuery.status).toBe(409);
    expect((await w.api('GET', `/api/templates/${template.id}`, { token: w.tokens.admin })).status).toBe(200);
    expect((await w.api('DELETE', `/api/templates/${template.id}?version=2`, { token: w.tokens.manager })).status).toBe(204);
  });
});

describe('live templates', () => {
  let sockets: Record<'admin' | 'manager' | 'viewer', Listener>;
  beforeAll(async () => {
    await w.settled();
    sockets = {
      admin: listen(w.server.url, { token: w.tokens.admin }),
      manager: listen(w.server.url, { token: w.tokens.manager }),
      viewer: listen(w.server.url, { token: w.tokens.viewer }),
    };
    await Promise.all(Object.values(sockets).map((s) => s.ready));
  });
  afterAll(() => {
    for (const socket of Object.values(sockets ?? {})) socket.close();
  });

  it('pushes a new, an edited and a deleted template to the sockets of every role, a deletion as a removal for good', async () => {
    // Rows go out as they stand when the push is made: each step waits for the last to arrive.
    const arrived = (id: string, count: number, what: string) =>
      Promise.all(Object.entries(sockets).map(([role, socket]) => socket.until((messages) => rowsFor(messages, id).length === count, `${what} on the ${role} socket`)));
    const template = await newTemplate({}, w.tokens.manager);
    await arrived(template.id, 1, 'the new template');
    const edited = await w.api<Template>('PUT', `/api/templates/${template.id}`, { token: w.tokens.admin, body: { content: 'Edited [Thing]' } });
    await arrived(template.id, 2, 'the edit');
    expect((await w.api('DELETE', `/api/templates/${template.id}`, { token: w.tokens.admin })).status).toBe(204);
    await arrived(template.id, 3, 'the deletion');
    for (const socket of Object.values(sockets)) {
      const seen = rowsFor(socket.changes, template.id);
      expect(seen.map((c) => c.entity)).toEqual(['templates', 'templates', 'templates']);
      expect(seen[0]!.row).toEqual(template);
      expect(seen[1]!.row).toEqual(edited.body);
      expect(seen[2]).toEqual({ entity: 'templates', id: template.id, row: null });
    }
    const created = sockets.viewer.changes.find((m) => rowsFor([m], template.id).length > 0)!;
    expect(created).toMatchObject({ event_type: 'TemplateCreated', user_name: 'Jordan Lee' });
  });

  it('catches a socket that was away up on what it missed', async () => {
    await w.settled();
    const since = (await sockets.viewer.ready).position;
    const later = await newTemplate();
    await w.settled();
    const back = listen(w.server.url, { token: w.tokens.viewer, since });
    await back.ready;
    expect(rowsFor(back.changes, later.id).map((c) => c.row)).toEqual([later]);
    back.close();
  });

  it("shows template events in every role's activity timeline", async () => {
    const template = await newTemplate({}, w.tokens.manager);
    for (const token of [w.tokens.viewer, w.tokens.manager]) {
      const res = await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${template.id}`, { token });
      expect(res.body.map((e) => e.summary)).toEqual([`Jordan Lee added template ${template.name}`]);
    }
  });
});
