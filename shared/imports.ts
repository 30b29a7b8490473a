/**
 * CSV import: the kinds of rows a file may bring, the columns each kind understands (with the
 * header names people actually use for them), and the detection of a file's mapping from its
 * header. Shared so the server validates and the client shows the same columns and words.
 */
import { z } from 'zod';
import { answerText, str } from './schemas/strings';
import type { Action } from './policy';

export const IMPORT_KINDS = ['offices', 'members', 'contacts', 'companies'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportField {
  /** The column's name in the import (not always an API field: `location` takes a name or id). */
  field: string;
  label: string;
  required: boolean;
  /** Other header names that mean this column, compared without case, spaces or punctuation. */
  aliases: string[];
}

export interface ImportKindSpec {
  /** What one row is called, for messages ("office", "member"). */
  noun: string;
  /** The policy action each imported row needs, at its location. */
  action: Action;
  fields: ImportField[];
}

const field = (name: string, label: string, required: boolean, aliases: string[] = []): ImportField => ({ field: name, label, required, aliases });

export const IMPORT_KINDS_SPEC: Record<ImportKind, ImportKindSpec> = {
  offices: {
    noun: 'office',
    action: 'office.create',
    fields: [
      field('office_number', 'Office number', true, ['office', 'number', 'office no', 'office #', 'unit', 'suite', 'room']),
      field('location', 'Location', true, ['location name', 'location id', 'site', 'building']),
      field('type', 'Type', false, ['office type']),
      field('desks', 'Desks', false, ['desk count', 'seats', 'capacity']),
      field('floor', 'Floor', false, ['level']),
      field('windowed', 'Windowed', false, ['window', 'has window', 'windows']),
      field('monthly_rate', 'Monthly rate', false, ['monthly', 'rate', 'price', 'marketed monthly', 'month to month']),
      field('six_month_rate', '6-month rate', false, ['six month', '6 month', '6 month rate', 'six months']),
      field('twelve_month_rate', '12-month rate', false, ['twelve month', '12 month', '12 month rate', 'annual rate', 'yearly rate']),
    ],
  },
  members: {
    noun: 'member',
    action: 'member.create',
    fields: [
      field('company_name', 'Company name', true, ['company', 'member', 'member name', 'organisation', 'organization', 'business']),
      field('location', 'Location', true, ['location name', 'location id', 'site', 'building']),
      field('contact_name', 'Contact name', true, ['contact', 'primary contact', 'primary contact name', 'name']),
      field('contact_email', 'Contact e-mail', true, ['email', 'e-mail', 'contact email', 'primary contact email', 'mail']),
      field('contact_phone', 'Contact phone', false, ['phone', 'telephone', 'mobile', 'contact phone']),
      field('membership_type', 'Membership type', false, ['membership', 'type', 'plan', 'tier']),
    ],
  },
  contacts: {
    noun: 'contact',
    action: 'contact.create',
    fields: [
      field('name', 'Name', true, ['full name', 'contact', 'contact name', 'person']),
      field('email', 'Email', true, ['e-mail', 'mail', 'email address']),
      field('phone', 'Phone', false, ['telephone', 'mobile', 'phone number']),
      field('title', 'Title', false, ['job title', 'position', 'role']),
      field('company', 'Company', false, ['company name', 'organisation', 'organization', 'account']),
      field('status', 'Status', false, ['stage']),
      field('lead_source', 'Lead source', false, ['source', 'lead']),
      field('notes', 'Notes', false, ['note', 'comments']),
    ],
  },
  companies: {
    noun: 'company',
    action: 'company.create',
    fields: [
      field('name', 'Company name', true, ['company', 'name', 'organisation', 'organization', 'account']),
      field('industry', 'Industry', false, ['sector']),
      field('website', 'Website', false, ['url', 'web', 'site']),
      field('phone', 'Phone', false, ['telephone']),
      field('address', 'Address', false, ['street']),
      field('employee_count', 'Employees', false, ['employee count', 'headcount', 'staff', 'size']),
      field('annual_revenue', 'Annual revenue', false, ['revenue', 'turnover']),
      field('status', 'Status', false, ['stage']),
      field('lead_source', 'Lead source', false, ['source', 'lead']),
      field('notes', 'Notes', false, ['note', 'comments']),
    ],
  },
};

/** Header names compare without case, spaces, dashes, underscores or punctuation. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9#]+/g, '');

/**
 * Each header's column (or null: ignored), detected from the header names: a column's own name
 * or label first, then its aliases; each column is taken by one header at most (the first).
 */
export function detectMapping(kind: ImportKind, headers: readonly string[]): (string | null)[] {
  const { fields } = IMPORT_KINDS_SPEC[kind];
  const taken = new Set<string>();
  const pick = (key: string, names: (f: ImportField) => string[]) =>
    fields.find((f) => !taken.has(f.field) && names(f).some((name) => headerKey(name) === key))?.field ?? null;
  const mapping: (string | null)[] = headers.map(() => null);
  // Two passes: exact names before aliases, so "Contact e-mail" is not taken by "e-mail" elsewhere.
  for (const names of [(f: ImportField) => [f.field, f.label], (f: ImportField) => f.aliases]) {
    headers.forEach((header, i) => {
      if (mapping[i] !== null) return;
      const found = pick(headerKey(header), names);
      if (found) {
        mapping[i] = found;
        taken.add(found);
      }
    });
  }
  return mapping;
}

/** Largest file the import takes, in characters, and most rows. */
export const MAX_IMPORT_CHARS = 10_000_000;
export const MAX_IMPORT_ROWS = 20_000;

const kind = z.enum(IMPORT_KINDS, { message: `Kind must be one of ${IMPORT_KINDS.join(', ')}` });
const csv = str('The file', 'Choose a CSV file')
  .min(1, { message: 'The file is empty' })
  .max(MAX_IMPORT_CHARS, { message: `The file is larger than ${MAX_IMPORT_CHARS / 1_000_000} MB` });
/** Per header, in order: the column it fills, or null to ignore it. Absent: detected. */
const mapping = z.array(str('A column').max(40).nullable()).max(200).optional();

export const ImportInput = z.object({ kind, csv, mapping }).strict();
export type ImportInput = z.infer<typeof ImportInput>;

/** One row of the file as the preview shows it. */
export interface ImportPreviewRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  values: Record<string, string>;
  /** What keeps the row out of the import; empty when it will be imported. */
  problems: string[];
  /** What importing the row does besides adding it, e.g. 'Creates company “Acme”'. */
  notes: string[];
}

export interface ImportPreview {
  kind: ImportKind;
  headers: string[];
  mapping: (string | null)[];
  /** Problems of the file as a whole (a required column missing); rows are not imported then. */
  problems: string[];
  rows: ImportPreviewRow[];
  valid: number;
  invalid: number;
}

/** Lines of the import's streamed answer (NDJSON). */
export type ImportProgress =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; imported: number; skipped: number; positions: [number, number] | null }
  | { type: 'failed'; message: string };

/** The OpenAPI document's schemas of the preview and of each progress line (checked against their types). */
export const ImportPreview = z.object({
  kind: z.enum(IMPORT_KINDS),
  headers: z.array(answerText()),
  mapping: z.array(answerText().nullable()),
  problems: z.array(answerText()),
  rows: z.array(z.object({ line: z.number().int(), values: z.record(answerText(), answerText()), problems: z.array(answerText()), notes: z.array(answerText()) })),
  valid: z.number().int(),
  invalid: z.number().int(),
}) satisfies z.ZodType<ImportPreview>;

export const ImportProgress = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('done'), imported: z.number().int(), skipped: z.number().int(), positions: z.tuple([z.number().int(), z.number().int()]).nullable() }),
  z.object({ type: z.literal('failed'), message: answerText() }),
]) satisfies z.ZodType<ImportProgress>;
