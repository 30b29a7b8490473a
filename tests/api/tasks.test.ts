import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueOf, isOpenTask, TASK_PRIORITIES, TASK_STATUSES } from '@shared/domain/tasks';
import type { Office } from '@shared/schemas/offices';
import type { Task } from '@shared/schemas/tasks';
import { listen } from '../support/sockets';
import { MANAGER_LOCATIONS, officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const REQUIRED = 'Title, description, and location are required';
const TASK_KEYS = [
  'id', 'title', 'description', 'location_id', 'location_name', 'office_id', 'office_number', 'priority', 'assigned_to',
  'due_date', 'status', 'created_at', 'updated_at', 'version',
].sort();

type Answer = Task & { message?: string; fields?: { field: string; message: string }[]; conflict?: { by: string | null; fields: string[]; version: number } };

let counter = 0;
const newTask = async (locationName: string, extra: Record<string, unknown> = {}, token = w.tokens.admin): Promise<Task> => {
  counter += 1;
  const res = await w.api<Task>('POST', '/api/tasks', {
    token,
    body: { title: `Task ${counter}`, description: `What to do ${counter}`, location_id: w.loc(locationName), ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const list = async (query = '', token = w.tokens.admin) => {
  const res = await w.api<Task[]>('GET', `/api/tasks${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const setStatus = (id: string, body: Record<string, unknown>, token = w.tokens.admin) => w.api<Answer>('PATCH', `/api/tasks/${id}/status`, { token, body });
const edit = (id: string, body: object, token = w.tokens.admin) => w.api<Answer>('PUT', `/api/tasks/${id}`, { token, body });

describe('the demo tasks', () => {
  it('cover every location, status and priority, with overdue tasks and tasks due soon', async () => {
    const tasks = await list();
    expect(tasks.length).toBeGreaterThanOrEqual(40);
    expect(tasks.length).toBeLessThanOrEqual(60);
    expect(new Set(tasks.map((t) => t.location_id)).size).toBe(w.locations.length);
    expect([...new Set(tasks.map((t) => t.status))].sort()).toEqual([...TASK_STATUSES].sort());
    expect([...new Set(tasks.map((t) => t.priority))].sort()).toEqual([...TASK_PRIORITIES].sort());
    const now = new Date();
    const dues = tasks.map((t) => dueOf(t, now)?.state);
    expect(dues).toContain('overdue');
    expect(dues.filter((d) => d === 'today' || d === 'soon').length).toBeGreaterThan(0);
    expect(tasks.some((t) => t.office_id && t.office_number)).toBe(true);
    // Offices named by a task are at its location.
    const offices = new Map((await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.admin })).body.map((o) => [o.id, o]));
    for (const t of tasks.filter((t) => t.office_id)) expect(offices.get(t.office_id!)?.location_id).toBe(t.location_id);
    // Histories were made by people, back-dated: a started task was started by a user after it was created.
    const started = tasks.find((t) => t.status === 'in_progress')!;
    expect(started.version).toBe(2);
    const history = await w.server.deps.sql<{ type: string; user_id: string; at: string }[]>`
      SELECT type, metadata->>'user_id' AS user_id, metadata->>'at' AS at FROM events WHERE stream_id = ${`task-${started.id}`} ORDER BY version`;
    expect(history.map((e) => e.type)).toEqual(['TaskCreated', 'TaskStatusChanged']);
    expect([w.users.admin.user.id, w.users.manager.user.id]).toContain(history[1]!.user_id);
    expect(history[0]!.at < history[1]!.at && history[1]!.at < now.toISOString()).toBe(true);
  });
});

describe('POST /api/tasks', () => {
  it('refuses a task without title, description or location with the spec\'s message, naming each field', async () => {
    const res = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { title: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REQUIRED);
    expect(res.body.fields).toEqual([
      { field: 'title', message: REQUIRED },
      { field: 'description', message: REQUIRED },
      { field: 'location_id', message: REQUIRED },
    ]);
  });

  it('answers the message word for word whichever one of the three is missing', async () => {
    const complete = { title: 'Fix the door', description: 'It sticks', location_id: w.loc('Bushwick') };
    for (const [field, value] of [['title', ''], ['description', ' '], ['location_id', ''], ['location_id', null], ['title', undefined]] as const) {
      const res = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...complete, [field]: value } });
      expect(res.status, `${field}: ${String(value)}`).toBe(400);
      expect(res.body, `${field}: ${String(value)}`).toEqual({ message: REQUIRED, fields: [{ field, message: REQUIRED }] });
    }
  });

  it('creates a pending task with the defaults, answering the whole row', async () => {
    const task = await newTask('Bushwick');
    expect(Object.keys(task).sort()).toEqual(TASK_KEYS);
    expect(task).toMatchObject({
      status: 'pending',
      priority: 'medium',
      assigned_to: null,
      due_date: null,
      office_id: null,
      office_number: null,
      location_name: 'Bushwick',
      version: 1,
    });
    expect((await w.api<Task>('GET', `/api/tasks/${task.id}`, { token: w.tokens.viewer })).body).toEqual(task);
  });

  it('takes an office of its location, a priority, an assignee and a due date', async () => {
    const office = await w.newOffice('Bushwick');
    const task = await newTask('Bushwick', { office_id: office.id, priority: 'high', assigned_to: ' Facilities Team ', due_date: '2027-02-28' });
    expect(task).toMatchObject({ office_id: office.id, office_number: office.office_number, priority: 'high', assigned_to: 'Facilities Team', due_date: '2027-02-28' });
    const none = await newTask('Bushwick', { office_id: '', due_date: '', assigned_to: '' });
    expect(none).toMatchObject({ office_id: null, due_date: null, assigned_to: null });
  });

  it('refuses an office of another location, an unknown office or location, a bad date and an unknown field', async () => {
    const far = await w.newOffice('Greenpoint');
    const base = { title: 'T', description: 'D', location_id: w.loc('Bushwick') };
    const elsewhere = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...base, office_id: far.id } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ message: "The office must be at the task's location", fields: [{ field: 'office_id', message: "The office must be at the task's location" }] });
    const unknownOffice = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...base, office_id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknownOffice.status).toBe(400);
    expect(unknownOffice.body.fields).toEqual([{ field: 'office_id', message: 'Office not found' }]);
    const unknownLocation = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...base, location_id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknownLocation.status).toBe(400);
    expect(unknownLocation.body.fields).toEqual([{ field: 'location_id', message: 'Location not found' }]);
    for (const [due_date, message] of [
      ['2026-02-30', 'Due date must be a real calendar date (YYYY-MM-DD)'],
      ['03/01/2026', 'Due date must be a real calendar date (YYYY-MM-DD)'],
      ['0026-03-01', 'Due date must be between 2000-01-01 and 2100-12-31'],
    ]) {
      const bad = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...base, due_date } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual([{ field: 'due_date', message }]);
    }
    const priority = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...base, priority: 'urgent' } });
    expect(priority.body.fields).toEqual([{ field: 'priority', message: 'Priority must be one of high, medium, low' }]);
    const unknown = await w.api('POST', '/api/tasks', { token: w.tokens.admin, body: { ...base, colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ field: 'colour', message: 'Unknown field' }]);
  });

  it('is refused to a viewer with the policy\'s words, and to a manager at another location', async () => {
    const body = { title: 'T', description: 'D' };
    const viewer = await w.api('POST', '/api/tasks', { token: w.tokens.viewer, body: { ...body, location_id: w.loc('55 Broadway') } });
    expect(viewer).toMatchObject({ status: 403, body: { message: 'Viewers have read-only access' } });
    const far = await w.api('POST', '/api/tasks', { token: w.tokens.manager, body: { ...body, location_id: w.loc('Greenpoint') } });
    expect(far).toMatchObject({ status: 403, body: { message: "You don't have access to this location" } });
    expect((await w.api('POST', '/api/tasks', { token: w.tokens.manager, body: { ...body, location_id: w.loc('60 Broad') } })).status).toBe(201);
  });
});

describe('GET /api/tasks', () => {
  it('filters by location (name or id), status (any accepted spelling), priority and office', async () => {
    const office = await w.newOffice('Vinegar Hill');
    const a = await newTask('Vinegar Hill', { priority: 'low', office_id: office.id });
    const b = await newTask('Vinegar Hill', { priority: 'high' });
    await setStatus(b.id, { status: 'in_progress' });
    const byName = await list('?location=Vinegar%20Hill');
    expect(byName.every((t) => t.location_name === 'Vinegar Hill')).toBe(true);
    expect(byName.map((t) => t.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await list(`?location=${w.loc('Vinegar Hill')}`)).map((t) => t.id)).toEqual(byName.map((t) => t.id));
    expect((await list('?location=All%20Locations')).length).toBeGreaterThan(byName.length);
    expect((await list('?location=Nowhere')).length).toBe(0);
    for (const spelling of ['in_progress', 'In%20Progress']) {
      const found = await list(`?location=Vinegar%20Hill&status=${spelling}`);
      expect(found.map((t) => t.id)).toContain(b.id);
      expect(found.every((t) => t.status === 'in_progress')).toBe(true);
    }
    const low = await list('?location=Vinegar%20Hill&priority=low');
    expect(low.map((t) => t.id)).toContain(a.id);
    expect(low.every((t) => t.priority === 'low')).toBe(true);
    expect((await list(`?office_id=${office.id}`)).map((t) => t.id)).toEqual([a.id]);
    expect(await list('?status=complete')).toEqual(await list('?status=completed'));
  });

  it('refuses unknown values and parameters', async () => {
    expect((await w.api('GET', '/api/tasks?status=done', { token: w.tokens.admin })).body).toMatchObject({
      fields: [{ field: 'status', message: 'Status must be one of pending, in_progress, completed, cancelled' }],
    });
    expect((await w.api('GET', '/api/tasks?priority=urgent', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', '/api/tasks?sort=due', { token: w.tokens.admin })).body.fields).toEqual([{ field: 'sort', message: 'Unknown field' }]);
    expect((await w.api('GET', '/api/tasks', {})).status).toBe(401);
  });

  it('answers 404 for an unknown task and 400 for an id that is not one', async () => {
    expect((await w.api('GET', '/api/tasks/00000000-0000-4000-8000-000000000000', { token: w.tokens.admin })).body).toEqual({ message: 'Task not found' });
    expect((await w.api('GET', '/api/tasks/nope', { token: w.tokens.admin })).status).toBe(400);
  });
});

describe('a manager', () => {
  it('sees and changes tasks of their locations only, on GET and on the socket', async () => {
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.manager });
    await socket.ready;
    const mine = await newTask('55 Broadway');
    const theirs = await newTask('Greenpoint');
    await setStatus(theirs.id, { status: 'in_progress' });
    await setStatus(mine.id, { status: 'in_progress' });
    await socket.until((m) => m.some((c) => c.changes.some((x) => x.id === mine.id && x.row?.version === 2)), 'the task at 55 Broadway started');
    await w.settled();
    const seen = await list('', w.tokens.manager);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((t) => t.location_name))).toEqual(new Set(MANAGER_LOCATIONS));
    expect(seen.map((t) => t.id)).toContain(mine.id);
    expect((await w.api('GET', `/api/tasks/${theirs.id}`, { token: w.tokens.manager })).status).toBe(403);
    const elsewhere = await w.api('GET', '/api/tasks?location=Greenpoint', { token: w.tokens.manager });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ message: "You don't have access to this location" });
    expect(JSON.stringify(socket.changes)).not.toContain(theirs.id);
    const refused = [
      await edit(theirs.id, { title: 'Mine now' }, w.tokens.manager),
      await setStatus(theirs.id, { status: 'completed' }, w.tokens.manager),
    ];
    for (const res of refused) expect(res).toMatchObject({ status: 403, body: { message: "You don't have access to this location" } });
    expect((await w.api<Task>('GET', `/api/tasks/${theirs.id}`, { token: w.tokens.admin })).body).toMatchObject({ status: 'in_progress', version: 2 });
    socket.close();
  });

  it('may move a task between their own locations, not to another one; the old location\'s sockets get a removal', async () => {
    const task = await newTask('55 Broadway', {}, w.tokens.manager);
    const away = await edit(task.id, { location_id: w.loc('Greenpoint') }, w.tokens.manager);
    expect(away.status).toBe(403);
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.manager });
    await socket.ready;
    const moved = await edit(task.id, { location_id: w.loc('60 Broad') }, w.tokens.manager);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.location_name).toBe('60 Broad');
    // A push carries the row as it stands when the push is read, so wait for this one before the next change.
    await socket.until((m) => m.some((c) => c.changes.some((x) => x.id === task.id && x.row?.version === 2)), 'the moved row');
    // An administrator moves it on, out of the manager's reach: it leaves their screens.
    const gone = await edit(task.id, { location_id: w.loc('Bushwick') });
    expect(gone.status).toBe(200);
    await socket.until((m) => m.some((c) => c.changes.some((x) => x.id === task.id && x.row === null)), 'the removal');
    const mineNow = socket.changes.flatMap((m) => m.changes.filter((c) => c.id === task.id));
    expect(mineNow.map((c) => (c.row ? c.row.version : `removed@${c.removed_at?.version}`))).toEqual([2, 'removed@3']);
    socket.close();
  });
});

describe('a viewer', () => {
  it('reads every task but changes none', async () => {
    const task = await newTask('Center City');
    expect((await list('', w.tokens.viewer)).map((t) => t.id)).toContain(task.id);
    for (const res of [await edit(task.id, { title: 'x' }, w.tokens.viewer), await setStatus(task.id, { status: 'in_progress' }, w.tokens.viewer)]) {
      expect(res).toMatchObject({ status: 403, body: { message: 'Viewers have read-only access' } });
    }
  });
});

describe('PATCH /api/tasks/{id}/status', () => {
  it('starts, completes and cancels by the allowed steps, in any accepted spelling', async () => {
    const task = await newTask('Market Street');
    const started = await setStatus(task.id, { status: 'In Progress' });
    expect(started.body).toMatchObject({ status: 'in_progress', version: 2 });
    const done = await setStatus(task.id, { status: 'complete', version: 2 });
    expect(done.body).toMatchObject({ status: 'completed', version: 3 });
    const other = await newTask('Market Street');
    expect((await setStatus(other.id, { status: 'Pending' })).body).toMatchObject({ status: 'pending', version: 1 });
    expect((await setStatus(other.id, { status: 'cancelled' })).body).toMatchObject({ status: 'cancelled', version: 2 });
    const third = await newTask('Market Street');
    await setStatus(third.id, { status: 'in_progress' });
    expect((await setStatus(third.id, { status: 'cancelled' })).body.status).toBe('cancelled');
    const fourth = await newTask('Market Street');
    await setStatus(fourth.id, { status: 'Completed' }).then((res) => expect(res.status).toBe(409));
  });

  it('refuses any other change with 409 naming both states, and changes nothing', async () => {
    const task = await newTask('Market Street');
    const skip = await setStatus(task.id, { status: 'completed' });
    expect(skip).toMatchObject({ status: 409, body: { message: 'A task that is Pending cannot become Completed' } });
    await setStatus(task.id, { status: 'in_progress' });
    await setStatus(task.id, { status: 'completed' });
    for (const [status, message] of [
      ['in_progress', 'A task that is Completed cannot become In Progress'],
      ['pending', 'A task that is Completed cannot become Pending'],
      ['cancelled', 'A task that is Completed cannot become Cancelled'],
    ]) {
      expect(await setStatus(task.id, { status })).toMatchObject({ status: 409, body: { message } });
    }
    const cancelled = await newTask('Market Street');
    await setStatus(cancelled.id, { status: 'cancelled' });
    expect((await setStatus(cancelled.id, { status: 'in_progress' })).body.message).toBe('A task that is Cancelled cannot become In Progress');
    expect((await w.api<Task>('GET', `/api/tasks/${task.id}`, { token: w.tokens.admin })).body).toMatchObject({ status: 'completed', version: 3 });
  });

  it('takes the status a task already has as done, without a new version', async () => {
    const task = await newTask('Market Street');
    await setStatus(task.id, { status: 'in_progress' });
    expect(await setStatus(task.id, { status: 'In Progress' })).toMatchObject({ status: 200, body: { status: 'in_progress', version: 2 } });
  });

  it('refuses an unknown status, a missing one, an unknown field and an unknown task', async () => {
    const task = await newTask('Market Street');
    expect((await setStatus(task.id, { status: 'done' })).body.fields).toEqual([{ field: 'status', message: 'Status must be one of pending, in_progress, completed, cancelled' }]);
    expect((await setStatus(task.id, {})).status).toBe(400);
    expect((await setStatus(task.id, { status: 'in_progress', note: 'x' })).body.fields).toEqual([{ field: 'note', message: 'Unknown field' }]);
    expect(await setStatus('00000000-0000-4000-8000-000000000000', { status: 'in_progress' })).toMatchObject({ status: 404, body: { message: 'Task not found' } });
  });

  it('refuses a stale version with 409 naming who changed the task and what', async () => {
    const task = await newTask('55 Broadway');
    await setStatus(task.id, { status: 'in_progress' }, w.tokens.manager);
    const stale = await setStatus(task.id, { status: 'cancelled', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Jordan Lee changed this task (status) since you opened it. Reload to see the change.');
    expect(stale.body.conflict).toMatchObject({ by: 'Jordan Lee', version: 2 });
    expect(stale.body.conflict!.fields.sort()).toEqual(['from_status', 'status']);
    expect((await w.api<Task>('GET', `/api/tasks/${task.id}`, { token: w.tokens.admin })).body.status).toBe('in_progress');
  });
});

describe('PUT /api/tasks/{id}', () => {
  it('takes the task object as GET returned it: read-only fields ignored, the rest saved', async () => {
    const office = await w.newOffice('East Austin');
    const task = await newTask('East Austin');
    const sent = { ...task, title: 'Replace the lobby rug', priority: 'low', office_id: office.id, due_date: '2027-01-15', assigned_to: 'Front Desk', status: 'completed', location_name: 'Elsewhere', office_number: '999' };
    const res = await edit(task.id, sent);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Replace the lobby rug',
      priority: 'low',
      office_id: office.id,
      office_number: office.office_number,
      due_date: '2027-01-15',
      assigned_to: 'Front Desk',
      status: 'pending',
      location_name: 'East Austin',
      version: 2,
    });
    // Clearing the optional fields.
    const cleared = await edit(task.id, { office_id: null, due_date: null, assigned_to: '' });
    expect(cleared.body).toMatchObject({ office_id: null, office_number: null, due_date: null, assigned_to: null, version: 3 });
    // Sending it back unchanged records nothing.
    expect((await edit(task.id, cleared.body)).body.version).toBe(3);
  });

  it('refuses unknown fields by name, emptied required fields, a bad date and an office elsewhere', async () => {
    const task = await newTask('East Austin');
    expect((await edit(task.id, { title: 'x', colour: 'red', size: 2 })).body.fields).toEqual([
      { field: 'colour', message: 'Unknown field' },
      { field: 'size', message: 'Unknown field' },
    ]);
    for (const [field, value] of [['title', ''], ['description', ' '], ['location_id', ''], ['location_id', null]] as const) {
      expect((await edit(task.id, { [field]: value })).body, `${field}: ${String(value)}`).toEqual({ message: REQUIRED, fields: [{ field, message: REQUIRED }] });
    }
    expect((await edit(task.id, { due_date: '2026-13-01' })).body.fields).toEqual([{ field: 'due_date', message: 'Due date must be a real calendar date (YYYY-MM-DD)' }]);
    const far = await w.newOffice('Greenpoint');
    expect((await edit(task.id, { office_id: far.id })).body.message).toBe("The office must be at the task's location");
    // Moving to another location with an office there is fine.
    const moved = await edit(task.id, { location_id: w.loc('Greenpoint'), office_id: far.id });
    expect(moved.body).toMatchObject({ location_name: 'Greenpoint', office_number: far.office_number });
    expect((await edit('00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
  });

  it('refuses a stale version with 409 naming who changed what, and changes nothing', async () => {
    const task = await newTask('60 Broad');
    const first = await edit(task.id, { priority: 'high', due_date: '2027-03-01', version: 1 }, w.tokens.manager);
    expect(first.status).toBe(200);
    const stale = await edit(task.id, { title: 'Mine', version: 1 });
    expect(stale.status).toBe(409);
    // The fields in the order the log keeps them.
    expect(stale.body.message).toMatch(/^Jordan Lee changed this task \((priority, due date|due date, priority)\) since you opened it\. Reload to see the change\.$/);
    expect((await w.api<Task>('GET', `/api/tasks/${task.id}`, { token: w.tokens.admin })).body).toMatchObject({ title: task.title, version: 2 });
    expect((await edit(task.id, { title: 'Mine', version: 2 })).body).toMatchObject({ title: 'Mine', version: 3 });
  });
});

describe('live', () => {
  it('pushes a task\'s changes as rows, with the office number and location name they read with', async () => {
    const office = await w.newOffice('Center City');
    const task = await newTask('Center City', { office_id: office.id });
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.viewer });
    await socket.ready;
    await setStatus(task.id, { status: 'in_progress' });
    const renumbered = await w.api<Office>('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { office_number: `${office.office_number}B` } });
    expect(renumbered.status).toBe(200);
    await socket.until((m) => m.some((c) => c.changes.some((x) => x.entity === 'tasks' && x.id === task.id && (x.row as Task | null)?.office_number === `${office.office_number}B`)), 'the renumbered office on the task');
    const rows = socket.changes.flatMap((m) => m.changes.filter((c) => c.entity === 'tasks' && c.id === task.id)).map((c) => c.row as Task);
    expect(rows[0]).toMatchObject({ status: 'in_progress', version: 2, office_number: office.office_number });
    expect(rows.at(-1)).toEqual((await w.api<Task>('GET', `/api/tasks/${task.id}`, { token: w.tokens.viewer })).body);
    expect(rows.every((r) => isOpenTask(r.status))).toBe(true);
    socket.close();
  });
});
