import { describe, expect, it, vi } from 'vitest';
import { createFormControl } from 'react-hook-form';
import { keepTyped } from '../../client/src/forms/keepTyped';
import { reloadKeepingTyped } from '../../client/src/forms/reloadKeepingTyped';
import { humanFieldMessage } from '../../client/src/forms/serverErrors';
import { errorPaths } from '../../client/src/forms/focusFirstError';
import { changedLabels, changeSentence } from '../../client/src/live/changeSentence';
import { LIVE_MARK_MS, markOf } from '../../client/src/live/highlight';
import { AddOfficeForm, RatesForm } from '../../client/src/screens/offices/officeForms';
import { AddCompanyForm } from '../../client/src/screens/members/memberForms';
import { AddTaskForm, EditTaskForm, TASK_REQUIRED, emptyTaskValues } from '../../client/src/screens/tasks/taskForms';
import { EditTemplateForm, NewTemplateForm, TEMPLATE_REQUIRED, emptyTemplateValues } from '../../client/src/screens/templates/templateForms';
import { requiredSummary } from '../../client/src/forms/requiredSummary';
import { showServerError } from '../../client/src/forms/serverErrors';
import { ApiError } from '../../client/src/api/client';
import { REQUIRED_TASK } from '@shared/schemas/tasks';
import { REQUIRED_TEMPLATE } from '@shared/schemas/templates';

const LOCATION = '5f0c3a1e-8d4b-4c7a-9f21-3b6e2d1c0a99';
const office = { office_number: '12', location_id: LOCATION, type: '', desks: '', floor: '2', windowed: false, marketed_rates: { monthly: '1500', six_month: '', twelve_month: '' } };

/** The message of each failing field, by path. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('dialog forms', () => {
  it('turn typed text into the API body, with the spec defaults for empty fields', () => {
    expect(AddOfficeForm.parse(office)).toEqual({
      office_number: '12',
      location_id: LOCATION,
      type: 'Private Office',
      desks: 1,
      floor: 2,
      windowed: false,
      marketed_rates: { monthly: 1500, six_month: 0, twelve_month: 0 },
    });
    const rates = RatesForm.parse({
      marketed_rates: { monthly: '2000', six_month: '1900', twelve_month: '1800' },
      signed_rate: '',
      lease_info: { term_months: '6', start_date: '2030-01-15' },
    });
    expect(rates.signed_rate).toBeNull();
    expect(rates.lease_info).toEqual({ term_months: 6, start_date: '2030-01-15', end_date: '2030-07-15' });
  });

  it('name every bad field at its own path in words, not zod’s', () => {
    const result = AddOfficeForm.safeParse({ ...office, office_number: ' ', location_id: '', desks: '-1', floor: '1.5', marketed_rates: { monthly: '-5', six_month: '', twelve_month: '' } });
    expect(messages(result)).toEqual({
      office_number: 'Office number is required',
      location_id: 'Location is required',
      desks: 'Desks cannot be negative',
      floor: 'Floor must be a whole number',
      'marketed_rates.monthly': 'Monthly rate cannot be negative',
    });
    const member = AddCompanyForm.safeParse({ company_name: 'Acme', location_id: LOCATION, primary_contact: { name: 'Ann', email: 'not-an-email', phone: '' }, membership_type: 'Standard' });
    expect(messages(member)).toEqual({ 'primary_contact.email': 'Enter a valid e-mail address' });
  });

  it('apply the shared request schema last, at the same field names', () => {
    // Text the form accepts but the server's schema refuses (a NUL character cannot be stored).
    const result = AddOfficeForm.safeParse({ ...office, office_number: 'A\u0000' });
    expect(messages(result)).toEqual({ office_number: 'Office number contains characters that are not allowed (NUL or an unpaired surrogate)' });
  });

  it('replace zod’s raw wording from a server, and keep a human message', () => {
    expect(humanFieldMessage('Too small: expected number to be >=0')).toBe('Enter a valid value');
    expect(humanFieldMessage('Desks cannot be negative')).toBe('Desks cannot be negative');
  });

  it('list the paths of field errors, not the form-level one', () => {
    expect(errorPaths({ desks: { type: 'custom', message: 'x' }, marketed_rates: { monthly: { type: 'custom', message: 'y' } }, root: { server: { type: 'server', message: 'z' } } } as never)).toEqual([
      'desks',
      'marketed_rates.monthly',
    ]);
  });
});

/** A form's errors as react-hook-form holds them, from a parse. */
function errorsOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), { type: 'custom', message: i.message }]));
}

/** Just what showServerError uses of a form, recording the errors it sets. */
function recordingForm(values: object) {
  const set: Record<string, string | undefined> = {};
  return { set, form: { getValues: () => values, setError: (name: string, error: { message?: string }) => void (set[name] = error.message), setFocus: () => undefined } as never };
}

describe('the task and template dialogs', () => {
  it("say the spec's one message while a required field is empty", () => {
    const task = { ...emptyTaskValues(LOCATION), title: 'Fix the door', description: 'It sticks' };
    const template = { ...emptyTemplateValues(), name: 'Welcome', content: 'Hello [Member Name]' };
    const cases = [
      [AddTaskForm, emptyTaskValues(''), TASK_REQUIRED, REQUIRED_TASK],
      [AddTaskForm, { ...task, location_id: '' }, TASK_REQUIRED, REQUIRED_TASK],
      [EditTaskForm, { ...task, description: '  ' }, TASK_REQUIRED, REQUIRED_TASK],
      [NewTemplateForm, emptyTemplateValues(), TEMPLATE_REQUIRED, REQUIRED_TEMPLATE],
      [EditTemplateForm, { ...template, content: ' \n ' }, TEMPLATE_REQUIRED, REQUIRED_TEMPLATE],
    ] as const;
    for (const [form, values, fields, message] of cases) {
      expect(requiredSummary(errorsOf(form.safeParse(values)) as never, fields, message), JSON.stringify(values)).toBe(message);
    }
    expect(requiredSummary(errorsOf(AddTaskForm.safeParse(task)) as never, TASK_REQUIRED, REQUIRED_TASK)).toBeNull();
    expect(requiredSummary(errorsOf(NewTemplateForm.safeParse(template)) as never, TEMPLATE_REQUIRED, REQUIRED_TEMPLATE)).toBeNull();
  });

  it("show the server's refusal word for word: at each field it names, else as the form's alert", () => {
    // Given the server's answer to a task without a title,
    const named = recordingForm(emptyTaskValues(LOCATION));
    showServerError(named.form, new ApiError(400, REQUIRED_TASK, [{ field: 'title', message: REQUIRED_TASK }]), { focus: () => undefined });
    // then the title says it, and nothing else.
    expect(named.set).toEqual({ title: REQUIRED_TASK });
    // Given one naming no field of the form, the form's alert says the server's message as it is.
    const unnamed = recordingForm(emptyTemplateValues());
    showServerError(unnamed.form, new ApiError(400, REQUIRED_TEMPLATE), { focus: () => undefined });
    expect(unnamed.set).toEqual({ 'root.server': REQUIRED_TEMPLATE });
  });
});

describe('reload keeping what was typed', () => {
  it('keeps changed fields as typed and takes the latest value everywhere else', () => {
    const opened = { marketed_rates: { monthly: '1000', six_month: '900' }, signed_rate: '' };
    const typed = { marketed_rates: { monthly: '1000', six_month: '850' }, signed_rate: '' };
    const latest = { marketed_rates: { monthly: '1200', six_month: '900' }, signed_rate: '1100' };
    expect(keepTyped(opened, typed, latest)).toEqual({ marketed_rates: { monthly: '1200', six_month: '850' }, signed_rate: '1100' });
  });

  it('keeps a typed value on a second reload, compared with the row it was filled from', () => {
    const first = keepTyped({ status: 'VACANT' }, { status: 'PENDING' }, { status: 'LEASED' });
    expect(first).toEqual({ status: 'PENDING' });
    expect(keepTyped({ status: 'LEASED' }, first, { status: 'UNAVAILABLE' })).toEqual({ status: 'PENDING' });
  });

  it('fills the form from the reloaded row, keeping what was typed; a failed reload is the form’s alert', async () => {
    type Row = { rate: number; note: string };
    type Values = { rate: string; note: string };
    const valuesOf = (row: Row): Values => ({ rate: String(row.rate), note: row.note });
    // Opened from { rate: 100, note: '' }; the user has typed a note since.
    const form = createFormControl<Values>({ defaultValues: { rate: '100', note: 'typed' } });
    const reloaded = { reload: async (apply: (latest: Row, opened: Row) => void) => apply({ rate: 120, note: '' }, { rate: 100, note: '' }) };
    await reloadKeepingTyped(reloaded, form, valuesOf)();
    expect(form.getValues()).toEqual({ rate: '120', note: 'typed' });

    const setError = vi.spyOn(form, 'setError');
    const failing = { reload: () => Promise.reject(new Error('Network down')) };
    await reloadKeepingTyped(failing, form, valuesOf)();
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Network down' });
    expect(form.getValues()).toEqual({ rate: '120', note: 'typed' });
  });
});

describe('change notice', () => {
  it('names who changed what, in the server’s wording', () => {
    const before = { marketed_rates: { monthly: 1 }, signed_rate: null, status: 'VACANT' };
    const after = { marketed_rates: { monthly: 2 }, signed_rate: null, status: 'VACANT' };
    const labels = { marketed_rates: 'marketed rates', signed_rate: 'signed rate', status: 'status' };
    expect(changeSentence('Alex Morgan', 'office', changedLabels(before, after, labels))).toBe('Alex Morgan changed this office (marketed rates) since you opened it.');
    expect(changeSentence(null, 'office', [])).toBe('Someone else changed this office since you opened it.');
  });
});

describe('"Updated by" mark', () => {
  it('marks someone else’s recent change, never one’s own, and ends after LIVE_MARK_MS', () => {
    const theirs = { at: 1_000, by: 'Jordan Lee', own: false };
    expect(markOf(theirs, 1_000)).toBe(theirs);
    expect(markOf(theirs, 1_000 + LIVE_MARK_MS)).toBe(theirs);
    expect(markOf(theirs, 1_001 + LIVE_MARK_MS)).toBeNull();
    expect(markOf({ ...theirs, own: true }, 1_000)).toBeNull();
    expect(markOf(undefined, 1_000)).toBeNull();
  });
});
