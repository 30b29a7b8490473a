import { randomUUID } from 'node:crypto';
import type { Actor } from '@shared/domain/access';
import { IMPORT_KINDS_SPEC, type ImportKind } from '@shared/imports';
import { refusal } from '@shared/policy';
import { CreateCompanyInput, CreateContactInput } from '@shared/schemas/crm';
import { CreateMemberInput } from '@shared/schemas/members';
import { CreateOfficeInput } from '@shared/schemas/offices';
import type { RunInTransaction } from '../../events/handleCommand';
import { companyAggregate, contactAggregate } from '../../events/crm/deciders';
import { memberAggregate } from '../../events/member/decider';
import { officeAggregate } from '../../events/office/decider';
import type { Db } from '../../events/store/types';
import type { CommandContext } from '../../events/handleCommand';

/** What a file's rows are checked against: the locations by name and id, and what already exists. */
export interface ImportLookups {
  actor: Actor;
  locations: Map<string, { id: string; name: string }>;
  /** Keys of rows that already exist (offices: "location|number"; members and contacts: e-mail; companies: name). */
  existing: Set<string>;
  /** Companies by lower-case name, for contacts that name theirs. */
  companies: Map<string, string>;
  /**
   * Companies the file's contacts name that do not exist yet, by lower-case name: created with
   * the first valid row naming each (`claimed`), which the later ones join.
   */
  newCompanies: Map<string, NewCompany>;
}

interface NewCompany {
  id: string;
  data: CreateCompanyInput;
  claimed: boolean;
  /** Set while an import runs: created already by an earlier row of this transaction. */
  created: boolean;
}

/** A row ready to import: the command to run. */
export type ImportCommand = (run: RunInTransaction, context: CommandContext) => Promise<unknown>;

export interface CheckedRow {
  problems: string[];
  /** What importing the row does besides adding it ("Creates company “Acme”"). */
  notes?: string[];
  /** Set when the row has no problems. */
  command?: ImportCommand;
  /** The row's identity for duplicates within the file. */
  key?: string;
}

/** What a kind's rows may not repeat, as keys. */
const EXISTING: Record<ImportKind, string> = {
  offices: `SELECT location_id || '|' || lower(office_number) AS key FROM offices`,
  members: `SELECT lower(primary_contact->>'email') AS key FROM members`,
  contacts: 'SELECT lower(email) AS key FROM crm_contacts',
  companies: 'SELECT lower(name) AS key FROM crm_companies',
};

export async function loadLookups(db: Db, kind: ImportKind, actor: Actor): Promise<ImportLookups> {
  const rows = await db<{ id: string; name: string }[]>`SELECT id, name FROM locations`;
  const locations = new Map<string, { id: string; name: string }>();
  for (const row of rows) {
    locations.set(row.id.toLowerCase(), row);
    locations.set(row.name.toLowerCase(), row);
  }
  const existing = await db.unsafe<{ key: string }[]>(EXISTING[kind]);
  const companies = new Map<string, string>();
  if (kind === 'contacts') for (const row of await db<{ id: string; name: string }[]>`SELECT id, name FROM crm_companies`) companies.set(row.name.toLowerCase(), row.id);
  return { actor, locations, existing: new Set(existing.map((r) => r.key)), companies, newCompanies: new Map() };
}

/** "12", "12.5", "$1,200.00" -> a number; '' -> undefined (the default); anything else NaN. */
const number = (value: string | undefined) => {
  if (!value) return undefined;
  const cleaned = value.replace(/[$,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
};
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0', '']);
/** Yes/No, True/False, 1/0 -> a boolean; '' -> undefined; anything else is passed on to be refused. */
const boolean = (value: string | undefined) => {
  if (value === undefined || value === '') return undefined;
  const v = value.toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : value;
};
const optional = (value: string | undefined) => (value ? value : undefined);

/**
 * Checks one row: required columns, the location (known, and one the user may add to), the
 * values (through the same zod schema as the API's create route) and duplicates of rows that
 * already exist. Duplicates within the file are found by the caller, by `key`.
 */
export function checkRow(kind: ImportKind, values: Record<string, string>, lookups: ImportLookups): CheckedRow {
  const spec = IMPORT_KINDS_SPEC[kind];
  const missing = spec.fields.filter((f) => f.required && !values[f.field]).map((f) => `Missing ${f.label.toLowerCase()}`);
  if (missing.length > 0) return { problems: missing };
  if (kind === 'contacts') return checkContact(values, lookups);
  if (kind === 'companies') return checkCompany(values, lookups);
  const location = lookups.locations.get(values.location!.toLowerCase());
  if (!location) return { problems: [`Unknown location “${values.location}”`] };
  const refused = refusal(lookups.actor, spec.action, [location.id]);
  if (refused) return { problems: [`${refused} (${location.name})`] };
  return kind === 'offices' ? checkOffice(values, location, lookups) : checkMember(values, location, lookups);
}

const zodProblems = (error: { issues: { message: string }[] }) => [...new Set(error.issues.map((i) => i.message))];

function checkOffice(values: Record<string, string>, location: { id: string; name: string }, lookups: ImportLookups): CheckedRow {
  const rates = [values.monthly_rate, values.six_month_rate, values.twelve_month_rate].map(number);
  const parsed = CreateOfficeInput.safeParse({
    office_number: values.office_number,
    location_id: location.id,
    type: optional(values.type),
    desks: number(values.desks),
    floor: number(values.floor),
    windowed: boolean(values.windowed),
    marketed_rates: rates.every((r) => r === undefined) ? undefined : { monthly: rates[0] ?? 0, six_month: rates[1] ?? rates[0] ?? 0, twelve_month: rates[2] ?? rates[0] ?? 0 },
  });
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const details = parsed.data;
  const key = `${location.id}|${details.office_number.toLowerCase()}`;
  if (lookups.existing.has(key)) return { problems: [`Office ${details.office_number} already exists at ${location.name}`] };
  return {
    problems: [],
    key,
    command: (run, context) => {
      const id = randomUUID();
      return run(officeAggregate, id, { type: 'CreateOffice', id, details }, context, { action: 'office.create' });
    },
  };
}

function checkMember(values: Record<string, string>, location: { id: string; name: string }, lookups: ImportLookups): CheckedRow {
  const parsed = CreateMemberInput.safeParse({
    company_name: values.company_name,
    location_id: location.id,
    primary_contact: { name: values.contact_name, email: values.contact_email, ...(values.contact_phone ? { phone: values.contact_phone } : {}) },
    membership_type: optional(values.membership_type),
  });
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const profile = parsed.data;
  const key = profile.primary_contact.email.toLowerCase();
  if (lookups.existing.has(key)) return { problems: [`A member with the e-mail ${profile.primary_contact.email} already exists`] };
  return {
    problems: [],
    key,
    command: (run, context) => {
      const id = randomUUID();
      return run(memberAggregate, id, { type: 'CreateMember', id, profile }, context, { action: 'member.create' });
    },
  };
}

/**
 * A contact row. A company it names that does not exist is created with it (Prospect, like the
 * quick Create Company dialog), once per file however many rows name it; the preview says so.
 */
function checkContact(values: Record<string, string>, lookups: ImportLookups): CheckedRow {
  const companyName = values.company?.trim() ?? '';
  const companyKey = companyName.toLowerCase();
  const known = companyName ? lookups.companies.get(companyKey) : undefined;
  let pending = companyName && !known ? lookups.newCompanies.get(companyKey) : undefined;
  if (companyName && !known && !pending) {
    const refused = refusal(lookups.actor, 'company.create', []);
    if (refused) return { problems: [`${refused} (company “${companyName}” does not exist)`] };
    const company = CreateCompanyInput.safeParse({ name: companyName });
    if (!company.success) return { problems: zodProblems(company.error) };
    pending = { id: randomUUID(), data: company.data, claimed: false, created: false };
  }
  const parsed = CreateContactInput.safeParse({
    name: values.name,
    email: values.email,
    phone: optional(values.phone),
    title: optional(values.title),
    company_id: known ?? pending?.id ?? null,
    status: optional(values.status),
    notes: optional(values.notes),
    lead_source: optional(values.lead_source),
  });
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const data = parsed.data;
  const key = data.email.toLowerCase();
  if (lookups.existing.has(key)) return { problems: [`A contact with the e-mail ${data.email} already exists`] };
  const company = pending;
  let notes: string[] = [];
  if (company) {
    lookups.newCompanies.set(companyKey, company);
    notes = [company.claimed ? `Joins company “${company.data.name}”, created by this import` : `Creates company “${company.data.name}”`];
    company.claimed = true;
  }
  return {
    problems: [],
    notes,
    key,
    command: async (run, context) => {
      const id = randomUUID();
      const events: { position: number }[] = [];
      // Whichever of its rows runs first creates the company (an earlier one may have been left out).
      if (company && !company.created) {
        company.created = true;
        const made = await run(companyAggregate, company.id, { type: 'CreateCompany', data: { id: company.id, ...company.data } }, context, { action: 'company.create' });
        events.push(...made.events);
      }
      const added = await run(contactAggregate, id, { type: 'CreateContact', data: { id, ...data } }, context, { action: 'contact.create' });
      return { events: [...events, ...added.events] };
    },
  };
}

function checkCompany(values: Record<string, string>, lookups: ImportLookups): CheckedRow {
  const parsed = CreateCompanyInput.safeParse({
    name: values.name,
    industry: optional(values.industry),
    website: optional(values.website),
    phone: optional(values.phone),
    address: optional(values.address),
    employee_count: number(values.employee_count),
    annual_revenue: number(values.annual_revenue),
    status: optional(values.status),
    notes: optional(values.notes),
    lead_source: optional(values.lead_source),
  });
  if (!parsed.success) return { problems: zodProblems(parsed.error) };
  const data = parsed.data;
  const key = data.name.toLowerCase();
  if (lookups.existing.has(key)) return { problems: [`A company named ${data.name} already exists`] };
  return {
    problems: [],
    key,
    command: (run, context) => {
      const id = randomUUID();
      return run(companyAggregate, id, { type: 'CreateCompany', data: { id, ...data } }, context, { action: 'company.create' });
    },
  };
}
