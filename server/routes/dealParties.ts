import { randomUUID } from 'node:crypto';
import { companyAggregate, contactAggregate } from '../../events/crm/deciders';
import type { CommandContext, RunInTransaction } from '../../events/handleCommand';
import type { Db, Tx } from '../../events/store/types';
import { companyIdByName, companyName, contactExists, contactIdByEmail } from '../../projections/crm/queries';
import type { CreateDealInput } from '@shared/schemas/deals';
import { HttpError } from '../httpError';

const notFound = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);

/** An edit naming a company or contact by id: they must exist (400 naming the field otherwise). */
export async function assertPartiesExist(db: Db, ids: { company_id?: string | null; contact_id?: string | null }) {
  if (ids.company_id && !(await companyName(db, ids.company_id))) throw notFound('company_id', 'Company not found');
  if (ids.contact_id && !(await contactExists(db, ids.contact_id))) throw notFound('contact_id', 'Contact not found');
}

/**
 * The deal's CRM company and contact, in the deal's transaction: the ones named by id, else the
 * company of that name and the contact of that e-mail, else new ones (status Prospect). A lock
 * per name and per e-mail keeps two deals written at once from creating the same company twice.
 */
export async function dealParties(
  run: RunInTransaction,
  tx: Tx,
  body: CreateDealInput,
  context: CommandContext,
): Promise<{ company_id: string; contact_id: string }> {
  const options = { action: 'deal.create' as const };
  let companyId = body.company_id;
  if (companyId) {
    if (!(await companyName(tx, companyId))) throw notFound('company_id', 'Company not found');
  } else {
    await tx`SELECT pg_advisory_xact_lock(7340005, hashtext(${`company:${body.company_name.toLowerCase()}`}))`;
    companyId = await companyIdByName(tx, body.company_name);
    if (!companyId) {
      companyId = randomUUID();
      const data = {
        id: companyId, name: body.company_name, industry: null, website: null, phone: null, address: null,
        employee_count: null, annual_revenue: null, main_contact_id: null, status: 'Prospect' as const, notes: null, lead_source: body.source,
      };
      await run(companyAggregate, companyId, { type: 'CreateCompany', data }, context, options);
    }
  }
  let contactId = body.contact_id;
  if (contactId) {
    if (!(await contactExists(tx, contactId))) throw notFound('contact_id', 'Contact not found');
  } else {
    await tx`SELECT pg_advisory_xact_lock(7340005, hashtext(${`contact:${body.contact.email.toLowerCase()}`}))`;
    contactId = await contactIdByEmail(tx, body.contact.email);
    if (!contactId) {
      contactId = randomUUID();
      const { name, email, phone, title } = body.contact;
      const data = { id: contactId, name, email, phone, title, company_id: companyId, status: 'Prospect' as const, notes: null, lead_source: body.source };
      await run(contactAggregate, contactId, { type: 'CreateContact', data }, context, options);
    }
  }
  return { company_id: companyId, contact_id: contactId };
}
