import { randomUUID } from 'node:crypto';
import { companyAggregate, contactAggregate } from '../../../events/crm/deciders';
import type { CommandContext, RunInTransaction } from '../../../events/handleCommand';
import type { DealTermsData } from '../../../events/deal/events';
import type { Db, Tx } from '../../../events/store/types';
import { companyIdByName, companyName, contactExists, contactIdByEmail } from '../../../projections/crm/queries';
import type { CreateDealInput, Deal, DealContact } from '@shared/schemas/deals';
import { HttpError } from '../../httpError';

const notFound = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);

/** An edit naming a company or contact by id: they must exist (400 naming the field otherwise). */
export async function assertPartiesExist(db: Db, ids: { company_id?: string | null; contact_id?: string | null }) {
  if (ids.company_id && !(await companyName(db, ids.company_id))) throw notFound('company_id', 'Company not found');
  if (ids.contact_id && !(await contactExists(db, ids.contact_id))) throw notFound('contact_id', 'Contact not found');
}

/** The deal's write its parties are created in (under its context's policy action), and what with. */
export interface PartyWrite {
  run: RunInTransaction;
  tx: Tx;
  context: CommandContext;
  /** The deal's lead source, given to a company or contact it creates. */
  source: string | null;
}

/** A lock per name or e-mail: two deals written at once never create the same company twice. */
const lockName = (tx: Tx, key: string) => tx`SELECT pg_advisory_xact_lock(7340005, hashtext(${key.toLowerCase()}))`;

/**
 * The deal's company: the one picked by id (its own name, whatever the deal was sent with), else
 * the company of that name, else a new one (status Prospect).
 */
export async function resolveCompany(w: PartyWrite, id: string | null, name: string): Promise<{ company_id: string; company_name: string }> {
  if (id) {
    const stored = await companyName(w.tx, id);
    if (!stored) throw notFound('company_id', 'Company not found');
    return { company_id: id, company_name: stored };
  }
  await lockName(w.tx, `company:${name}`);
  const found = await companyIdByName(w.tx, name);
  if (found) return { company_id: found, company_name: name };
  const companyId = randomUUID();
  const data = {
    id: companyId, name, industry: null, website: null, phone: null, address: null,
    employee_count: null, annual_revenue: null, main_contact_id: null, status: 'Prospect' as const, notes: null, lead_source: w.source,
  };
  await w.run(companyAggregate, companyId, { type: 'CreateCompany', data }, w.context);
  return { company_id: companyId, company_name: name };
}

/** The deal's contact: the one picked by id, else the contact of that e-mail, else a new one at `companyId`. */
export async function resolveContact(w: PartyWrite, id: string | null, contact: DealContact, companyId: string | null): Promise<string> {
  if (id) {
    if (!(await contactExists(w.tx, id))) throw notFound('contact_id', 'Contact not found');
    return id;
  }
  await lockName(w.tx, `contact:${contact.email}`);
  const found = await contactIdByEmail(w.tx, contact.email);
  if (found) return found;
  const contactId = randomUUID();
  const { name, email, phone, title } = contact;
  const data = { id: contactId, name, email, phone, title, company_id: companyId, status: 'Prospect' as const, notes: null, lead_source: w.source };
  await w.run(contactAggregate, contactId, { type: 'CreateContact', data }, w.context);
  return contactId;
}

/** A new deal's CRM company and contact, in the deal's transaction (see resolveCompany, resolveContact). */
export async function dealParties(
  run: RunInTransaction,
  tx: Tx,
  body: CreateDealInput,
  context: CommandContext,
): Promise<{ company_id: string; company_name: string; contact_id: string }> {
  const w: PartyWrite = { run, tx, context, source: body.source };
  const company = await resolveCompany(w, body.company_id, body.company_name);
  return { ...company, contact_id: await resolveContact(w, body.contact_id, body.contact, company.company_id) };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An edit's company and contact. A picked row (an id) must exist, and the company's own name goes
 * with it; a company name or contact e-mail typed anew (sent without an id, or with a null one)
 * is linked or created as for a new deal; text sent unchanged keeps the deal's links as they are.
 */
export async function editParties(w: PartyWrite, changes: Partial<DealTermsData>, current: Deal): Promise<Partial<DealTermsData>> {
  const out: Partial<DealTermsData> = {};
  const { company_id: companyId, company_name: companyText, contact_id: contactId, contact } = changes;
  if (companyId) Object.assign(out, await resolveCompany(w, companyId, companyText ?? current.company_name));
  else if (companyText !== undefined && (companyId === null || !same(companyText, current.company_name))) {
    Object.assign(out, await resolveCompany(w, null, companyText));
  }
  if (contactId) out.contact_id = await resolveContact(w, contactId, contact ?? current.contact, null);
  else if (contact !== undefined && (contactId === null || !same(contact.email, current.contact.email))) {
    out.contact_id = await resolveContact(w, null, contact, out.company_id ?? companyId ?? current.company_id);
  }
  return out;
}
