import Router from '@koa/router';
import type { Middleware } from 'koa';
import { COMPANY_NOT_FOUND, CONTACT_NOT_FOUND, companyAggregate, contactAggregate } from '../../../events/crm/deciders';
import type { CompanyData, ContactData } from '../../../events/crm/events';
import { getCompany, getContact, listCompanies, listContacts } from '../../../projections/crm/queries';
import { Company, COMPANY_READ_ONLY_KEYS, CompanyListQuery, Contact, CONTACT_READ_ONLY_KEYS, ContactListQuery, CreateCompanyInput, CreateContactInput, UpdateCompanyInput, UpdateContactInput } from '@shared/schemas/crm';
import type { AppDeps } from '../../deps';
import { crmRecordRoutes } from './crmRecords';

type Id = string | null | undefined;

/**
 * The CRM's contacts and companies, as API.md lists them: readable by everyone signed in
 * (they belong to no location; the deals that name them keep their own scope).
 */
export function crmRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const contacts = crmRecordRoutes(router, deps, auth, {
    path: '/contacts',
    kind: 'contact',
    aggregate: contactAggregate,
    notFound: CONTACT_NOT_FOUND,
    row: Contact,
    listQuery: ContactListQuery,
    createInput: CreateContactInput,
    updateInput: UpdateContactInput,
    readOnlyKeys: CONTACT_READ_ONLY_KEYS,
    list: (db, query) => listContacts(db, query),
    get: (db, id) => getContact(db, id),
    create: (data) => ({ type: 'CreateContact' as const, data: data as ContactData }),
    edit: (changes) => ({ type: 'EditContact' as const, changes }),
    remove: { type: 'DeleteContact' },
    links: (fields) => ({ company_id: fields.company_id as Id }),
  });
  const companies = crmRecordRoutes(router, deps, auth, {
    path: '/companies',
    kind: 'company',
    aggregate: companyAggregate,
    notFound: COMPANY_NOT_FOUND,
    row: Company,
    listQuery: CompanyListQuery,
    createInput: CreateCompanyInput,
    updateInput: UpdateCompanyInput,
    readOnlyKeys: COMPANY_READ_ONLY_KEYS,
    // A company's figures count the deals its reader may see: the answer to a write too.
    list: (db, query, actor) => listCompanies(db, query, actor),
    get: getCompany,
    create: (data) => ({ type: 'CreateCompany' as const, data: data as CompanyData }),
    edit: (changes) => ({ type: 'EditCompany' as const, changes }),
    remove: { type: 'DeleteCompany' },
    links: (fields) => ({ contact_id: fields.main_contact_id as Id }),
    // A company goes with its contacts.
    async beforeDelete(run, tx, id, context) {
      for (const { id: contactId } of await listContacts(tx, { company_id: id })) {
        await run(contactAggregate, contactId, { type: 'DeleteContact' }, context, { action: 'contact.delete' });
      }
    },
  });
  contacts.reads();
  companies.reads();
  contacts.writes();
  companies.writes();
  return router;
}
