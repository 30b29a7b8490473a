import { describe, expect, it } from 'vitest';
import type { Template } from '@shared/schemas/templates';
import { ApiError } from '../../client/src/api/client';
import { sendCommand } from '../../client/src/live/command';
import { applyRow, emptyCollection } from '../../client/src/live/collection';
import { appStore } from '../../client/src/state/jotai';
import { templatesAtom } from '../../client/src/screens/templates/atoms';
import { lineDiff, wordDiff } from '../../client/src/screens/templates/templateDiff';
import { NewTemplateForm } from '../../client/src/screens/templates/templateForms';
import { countByCategory, filterTemplates } from '../../client/src/screens/templates/templateList';

const template = (id: string, name: string, category: Template['category'], content: string, description: string | null = null): Template => ({
  id,
  name,
  category,
  description,
  content,
  placeholders: [],
  last_modified: '2026-01-01T00:00:00.000Z',
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('the diff of an earlier version against the current content', () => {
  it('numbers each line on both sides and counts what was added and removed', () => {
    const diff = lineDiff('Hi [Name],\nSee you at [Place].\nBye', 'Hi [Name],\nSee you soon at [Place].\nBye\nP.S. [Note]');
    expect(diff.lines).toEqual([
      { kind: 'same', text: 'Hi [Name],', before: 1, after: 1 },
      { kind: 'removed', text: 'See you at [Place].', before: 2, after: null },
      { kind: 'added', text: 'See you soon at [Place].', before: null, after: 2 },
      { kind: 'same', text: 'Bye', before: 3, after: 3 },
      { kind: 'added', text: 'P.S. [Note]', before: null, after: 4 },
    ]);
    expect([diff.added, diff.removed]).toEqual([2, 1]);
  });

  it('is all kept for equal texts, and word by word marks only the changed words', () => {
    const same = lineDiff('One\nTwo', 'One\nTwo');
    expect(same.lines.every((l) => l.kind === 'same')).toBe(true);
    expect([same.added, same.removed]).toEqual([0, 0]);
    const words = wordDiff('Thanks for touring [Place] today.', 'Thanks for visiting [Place] today.');
    expect(words.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'touring' },
      { kind: 'added', text: 'visiting' },
    ]);
    expect(words.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe('Thanks for visiting [Place] today.');
  });
});

describe('the template list', () => {
  const rows = [
    template('3', 'welcome Email', 'Email', 'Dear [Name]'),
    template('1', 'Holiday Hours', 'Social', 'Closed on [Date]', 'For the holidays'),
    template('2', 'Event', 'Notification', 'Join us for [Event]'),
  ];

  it('filters by category and by text in name, description or content, in any case, sorted by name', () => {
    expect(filterTemplates(rows, 'all', '').map((t) => t.name)).toEqual(['Event', 'Holiday Hours', 'welcome Email']);
    expect(filterTemplates(rows, 'Social', '').map((t) => t.id)).toEqual(['1']);
    expect(filterTemplates(rows, 'all', 'HOLIDAYS').map((t) => t.id)).toEqual(['1']);
    expect(filterTemplates(rows, 'all', ' [event] ').map((t) => t.id)).toEqual(['2']);
    expect(filterTemplates(rows, 'Email', 'event')).toEqual([]);
  });

  it('counts templates per category, zero for an empty one', () => {
    expect(countByCategory(rows)).toEqual({ Email: 1, Notification: 1, Social: 1, Document: 0 });
  });
});

describe('the New Template form', () => {
  it('says which required field is empty, keeps the content as typed, and sends the API body', () => {
    const empty = NewTemplateForm.safeParse({ name: ' ', category: 'Email', description: '', content: ' \n ' });
    expect(Object.fromEntries(empty.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({ name: 'Name is required', content: 'Content is required' });
    expect(NewTemplateForm.parse({ name: ' Post ', category: 'Social', description: ' ', content: '  Hello [Name]\n' })).toEqual({
      name: 'Post',
      category: 'Social',
      description: null,
      content: '  Hello [Name]\n',
    });
  });
});

describe('deleting through the command path', () => {
  const row = template('9f5e1c2a-0000-4000-8000-000000000001', 'Doomed', 'Email', 'Bye [Name]');
  const seed = () => appStore.set(templatesAtom, applyRow(emptyCollection<Template>(), row));

  it('takes the row out at once and keeps it out once the server agrees, sending the version', async () => {
    seed();
    let sent: number | undefined;
    let during: unknown = 'unset';
    await sendCommand({
      entity: 'templates',
      id: row.id,
      version: 1,
      deletes: true,
      send: async (meta) => {
        sent = meta.version;
        during = appStore.get(templatesAtom).byId[row.id];
        return null;
      },
    });
    expect(sent).toBe(1);
    expect(during).toBeUndefined();
    expect(appStore.get(templatesAtom).byId[row.id]).toBeUndefined();
    expect(appStore.get(templatesAtom).removed[row.id]).toBe('deleted');
    // A late push of the row as it was never brings it back.
    expect(applyRow(appStore.get(templatesAtom), row).byId[row.id]).toBeUndefined();
  });

  it('puts the row back when the server refuses, and rethrows its message', async () => {
    seed();
    const refusal = new ApiError(409, 'Jordan Lee changed this template (content) since you opened it. Reload to see the change.');
    await expect(sendCommand({ entity: 'templates', id: row.id, version: 1, deletes: true, send: () => Promise.reject(refusal) })).rejects.toBe(refusal);
    expect(appStore.get(templatesAtom).byId[row.id]).toEqual(row);
  });
});
