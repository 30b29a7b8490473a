import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { Resource } from '@shared/schemas/resources';
import { DEFAULT_COMPANY_HOLIDAYS, SYSTEM_SETTINGS_ID } from '@shared/schemas/settings';
import type { Task } from '@shared/schemas/tasks';
import type { User } from '@shared/schemas/users';
import { pdfBytes } from '../support/sampleFiles';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const history = async (id: string, token = w.tokens.admin, query = '') => {
  const res = await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${id}${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const ok = async (res: Promise<{ status: number; text: string }>, status = 200) => {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
};

let counter = 0;
const newTask = async (locationName: string): Promise<Task> => {
  counter += 1;
  const res = await w.api<Task>('POST', '/api/tasks', {
    token: w.tokens.admin,
    body: { title: `Chronicle ${counter}`, description: 'Check the blinds', location_id: w.loc(locationName) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('GET /api/events?entity_id= of every kind of row', () => {
  it('tells a task’s history, its first status change from the pending it was created with', async () => {
    const task = await newTask('55 Broadway');
    await ok(w.api('PATCH', `/api/tasks/${task.id}/status`, { token: w.tokens.manager, body: { status: 'in_progress' } }));
    await ok(w.api('PUT', `/api/tasks/${task.id}`, { token: w.tokens.admin, body: { priority: 'high' } }));

    const entries = await history(task.id, w.tokens.manager);
    expect(entries.map((e) => [e.type, e.entity, e.entity_id])).toEqual([
      ['TaskEdited', 'task', task.id],
      ['TaskStatusChanged', 'task', task.id],
      ['TaskCreated', 'task', task.id],
    ]);
    expect(entries[0]!.changes).toEqual([{ field: 'priority', from: 'medium', to: 'high' }]);
    expect(entries[1]!.summary).toBe(`Jordan Lee moved task ${task.title} from Pending to In Progress`);
    expect(entries[1]!.changes).toEqual([{ field: 'status', from: 'pending', to: 'in_progress' }]);
    expect(entries[2]!.changes).toEqual(expect.arrayContaining([{ field: 'status', from: null, to: 'pending' }]));
    expect(await history(task.id, w.tokens.manager, '&stream=task')).toHaveLength(3);
  });

  it('shows a task only to those who may see it as it stands: moved away from a manager, none of its history', async () => {
    const task = await newTask('60 Broad');
    expect(await history(task.id, w.tokens.manager)).toHaveLength(1);
    await ok(w.api('PUT', `/api/tasks/${task.id}`, { token: w.tokens.admin, body: { location_id: w.loc('Greenpoint') } }));
    expect(await history(task.id, w.tokens.manager)).toEqual([]);
    expect(await history(task.id)).toHaveLength(2);

    // And the other way: a task that arrives at the manager's location comes with its whole past.
    const arriving = await newTask('Greenpoint');
    expect(await history(arriving.id, w.tokens.manager)).toEqual([]);
    await ok(w.api('PUT', `/api/tasks/${arriving.id}`, { token: w.tokens.admin, body: { location_id: w.loc('55 Broadway') } }));
    expect((await history(arriving.id, w.tokens.manager)).map((e) => e.type)).toEqual(['TaskEdited', 'TaskCreated']);
  });

  it('tells a document’s history to everyone signed in, and its hash and storage never', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Chronicle Handbook', description: 'The rules', category: 'Payroll Information' })) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(await pdfBytes('The rules of the house'))], { type: 'application/pdf' }), 'handbook.pdf');
    const res = await fetch(`${w.server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${w.tokens.manager}` }, body: form });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Resource;
    await ok(w.api('DELETE', `/api/resources/${doc.id}`, { token: w.tokens.admin }), 204);

    const entries = await history(doc.id, w.tokens.viewer);
    expect(entries.map((e) => [e.type, e.entity, e.summary])).toEqual([
      ['ResourceDeleted', 'resource', 'Alex Morgan deleted document Chronicle Handbook'],
      ['ResourceUploaded', 'resource', 'Jordan Lee uploaded document Chronicle Handbook'],
    ]);
    expect(entries[1]!.changes).toEqual(expect.arrayContaining([{ field: 'name', from: null, to: 'Chronicle Handbook' }]));
    expect(entries[1]!.changes.map((c) => c.field)).not.toContain('sha256');
  });

  it('tells a user account’s history to administrators and to that user, no one else', async () => {
    const email = `chronicle.${Date.now() % 100000}@example.com`;
    const created = await w.api<User>('POST', '/api/users', { token: w.tokens.admin, body: { name: 'Cleo Chronicle', email, password: 'a-long-enough-password' } });
    expect(created.status, created.text).toBe(201);
    await ok(w.api('PUT', `/api/users/${created.body.id}`, { token: w.tokens.admin, body: { name: 'Cleo Annals' } }));

    const entries = await history(created.body.id);
    expect(entries.map((e) => [e.type, e.summary])).toEqual([
      ['UserUpdated', 'Alex Morgan edited user Cleo Annals (name)'],
      ['UserRegistered', 'Alex Morgan added user Cleo Chronicle'],
    ]);
    expect(entries[0]!.changes).toEqual([{ field: 'name', from: 'Cleo Chronicle', to: 'Cleo Annals' }]);
    expect(JSON.stringify(entries)).not.toContain('argon2');
    expect(await history(created.body.id, w.tokens.manager)).toEqual([]);
    expect(await history(created.body.id, w.tokens.viewer)).toEqual([]);
    expect((await history(w.users.manager.user.id, w.tokens.manager)).length).toBeGreaterThan(0);
  });

  it('tells the system settings’ history to administrators only, the first change from the default', async () => {
    await ok(w.api('PUT', '/api/settings/system', { token: w.tokens.admin, body: { company_holidays: DEFAULT_COMPANY_HOLIDAYS + 3 } }));
    const entries = await history(SYSTEM_SETTINGS_ID);
    expect(entries[0]).toMatchObject({ type: 'CompanyTimeOffChanged', entity: 'settings', entity_id: SYSTEM_SETTINGS_ID });
    expect(entries[0]!.changes).toEqual(expect.arrayContaining([{ field: 'company_holidays', from: DEFAULT_COMPANY_HOLIDAYS, to: DEFAULT_COMPANY_HOLIDAYS + 3 }]));
    expect(await history(SYSTEM_SETTINGS_ID, w.tokens.manager)).toEqual([]);
  });
});

describe('the value before each change', () => {
  it('is what the office really was: VACANT when new, LEASED once a company has it, never "no status"', async () => {
    const office = await w.newOffice('55 Broadway');
    const member = await w.newMember('55 Broadway');
    await ok(w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: office.id } }));
    await ok(w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: null } }));
    await ok(w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'PENDING' } }));

    const entries = await history(office.id, w.tokens.admin, '&stream=office');
    const byType = (type: string) => entries.find((e) => e.type === type)!;
    expect(entries.map((e) => e.type)).toEqual(['OfficeStatusChanged', 'OfficeCompanyUnassigned', 'OfficeCompanyAssigned', 'OfficeCreated']);
    expect(byType('OfficeCreated').changes).toEqual(expect.arrayContaining([{ field: 'status', from: null, to: 'VACANT' }]));
    expect(byType('OfficeCompanyAssigned').changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'VACANT', to: 'LEASED' },
        { field: 'tenant', from: null, to: member.company_name },
      ]),
    );
    expect(byType('OfficeCompanyUnassigned').summary).toBe(`Alex Morgan took ${member.company_name} off office ${office.office_number}`);
    expect(byType('OfficeCompanyUnassigned').changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'LEASED', to: 'VACANT' },
        { field: 'tenant', from: member.company_name, to: null },
      ]),
    );
    expect(byType('OfficeStatusChanged').summary).toBe(`Alex Morgan changed office ${office.office_number} from VACANT to PENDING`);
    expect(byType('OfficeStatusChanged').changes).toEqual([{ field: 'status', from: 'VACANT', to: 'PENDING' }]);
  });

  it('is what the member company had: its office until it leaves it', async () => {
    const office = await w.newOffice('60 Broad');
    const member = await w.newMember('60 Broad');
    await ok(w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: office.id } }));
    await ok(w.api('PATCH', `/api/members/${member.id}/office`, { token: w.tokens.admin, body: { office_id: null } }));
    const [left, assigned] = await history(member.id, w.tokens.manager, '&stream=member');
    expect(assigned!.changes).toEqual([{ field: 'office_id', from: null, to: office.id }]);
    expect(left!.changes).toEqual([{ field: 'office_id', from: office.id, to: null }]);
  });
});
