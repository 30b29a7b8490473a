import { describe, expect, it } from 'vitest';
import { MAX_RESOURCE_BYTES, OPEN_CATEGORIES, RESOURCE_CATEGORIES, RESOURCE_MESSAGES, type Resource, type ResourceCategory } from '@shared/schemas/resources';
import { byCategory, formatSize, isOpen, nameFromFile, searchResources, toggleCategory, type OpenCategories } from '../../client/src/screens/resources/resourceList';
import { TimeOffForm } from '../../client/src/screens/resources/timeOffForm';
import { UploadForm, fileProblem } from '../../client/src/screens/resources/uploadForm';

const doc = (id: string, name: string, category: ResourceCategory, description: string | null = null): Resource => ({
  id,
  name,
  type: 'PDF',
  size: 1000,
  description,
  category,
  file_name: `${id}.pdf`,
  content_type: 'application/pdf',
  sha256: id.padEnd(64, '0'),
  uploaded_by: null,
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const docs = [
  doc('a', 'Employee Handbook', 'HR Policies & Guidelines', 'Policies on conduct'),
  doc('b', 'code of conduct', 'HR Policies & Guidelines'),
  doc('c', 'Payroll Calendar', 'Payroll Information', 'Pay dates for the year'),
];

describe('the document list', () => {
  it('searches names and descriptions in any letter case, and all of them for an empty search', () => {
    expect(searchResources(docs, 'CONDUCT').map((d) => d.id)).toEqual(['a', 'b']);
    expect(searchResources(docs, ' pay dates ').map((d) => d.id)).toEqual(['c']);
    expect(searchResources(docs, '  ')).toHaveLength(3);
    expect(searchResources(docs, 'nothing like it')).toEqual([]);
  });

  it('groups by every category in the page order, each by name whatever its letter case', () => {
    const groups = byCategory(docs);
    expect(Object.keys(groups)).toEqual([...RESOURCE_CATEGORIES]);
    expect(groups['HR Policies & Guidelines'].map((d) => d.name)).toEqual(['code of conduct', 'Employee Handbook']);
    expect(groups['Training & Development']).toEqual([]);
  });

  it('says sizes as people read them', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(250 * 1024)).toBe('250 KB');
    expect(formatSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatSize(15 * 1024 * 1024)).toBe('15 MB');
  });

  it('suggests a document name from the picked file', () => {
    expect(nameFromFile('employee-handbook_2025.pdf')).toBe('employee handbook 2025');
    expect(nameFromFile('Notes')).toBe('Notes');
  });
});

describe('open categories', () => {
  const start: OpenCategories = { chosen: new Set(OPEN_CATEGORIES), closedInSearch: new Set() };

  it('start with HR Policies & Guidelines and Payroll Information open, and toggle one at a time', () => {
    expect(RESOURCE_CATEGORIES.filter((c) => isOpen(start, c, false))).toEqual(['HR Policies & Guidelines', 'Payroll Information']);
    const next = toggleCategory(start, 'Payroll Information', false);
    expect(isOpen(next, 'Payroll Information', false)).toBe(false);
    expect(isOpen(toggleCategory(next, 'Benefits & Insurance', false), 'Benefits & Insurance', false)).toBe(true);
  });

  it('are all open while searching unless closed during the search, which leaves the usual choice alone', () => {
    expect(isOpen(start, 'Safety & Compliance', true)).toBe(true);
    const closed = toggleCategory(start, 'Safety & Compliance', true);
    expect(isOpen(closed, 'Safety & Compliance', true)).toBe(false);
    expect(closed.chosen).toEqual(start.chosen);
  });
});

describe('the upload and time-off forms', () => {
  it('check the file before it is sent: present, not empty, at most 20 MB', () => {
    expect(fileProblem(null)).toBe(RESOURCE_MESSAGES.noFile);
    expect(fileProblem(new File([], 'empty.pdf'))).toBe(RESOURCE_MESSAGES.empty);
    const large = new File([new Uint8Array(MAX_RESOURCE_BYTES + 1)], 'large.pdf');
    expect(fileProblem(large)).toBe(RESOURCE_MESSAGES.tooLarge);
    expect(fileProblem(new File(['%PDF'], 'ok.pdf'))).toBeNull();
  });

  it('send the fields the server takes, with its messages', () => {
    expect(UploadForm.parse({ name: ' Handbook ', category: 'Payroll Information', description: '' })).toEqual({ name: 'Handbook', category: 'Payroll Information', description: null });
    const missing = UploadForm.safeParse({ name: '  ', category: 'Payroll Information', description: '' });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(['Document name is required']);
  });

  it('take whole numbers within the limits for holidays and vacation days', () => {
    expect(TimeOffForm.parse({ company_holidays: '11', vacation_days: '0' })).toEqual({ company_holidays: 11, vacation_days: 0 });
    const messages = (values: { company_holidays: string; vacation_days: string }) => TimeOffForm.safeParse(values).error?.issues.map((i) => i.message);
    expect(messages({ company_holidays: '2.5', vacation_days: '101' })).toEqual(['Company holidays must be a whole number', 'Vacation days must be at most 100']);
    expect(messages({ company_holidays: '', vacation_days: '-1' })).toEqual(['Company holidays is required', 'Vacation days cannot be negative']);
  });
});
