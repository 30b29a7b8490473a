import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Context, Middleware } from 'koa';
import { COMPANY_NOT_FOUND, CONTACT_NOT_FOUND, companyAggregate, contactAggregate } from '../../events/crm/deciders';
import type { Tx } from '../../events/store/types';
import { getCompany, getContact, listCompanies, listContacts } from '../../projections/crm/queries';
import { IdParam, VersionBody, VersionQuery } from '@shared/schemas/common';
import { Company, COMPANY_READ_ONLY_KEYS, CompanyListQuery, Contact, CONTACT_READ_ONLY_KEYS, ContactListQuery, CreateCompanyInput, CreateContactInput, StatusInput, UpdateCompanyInput, UpdateContactInput } from '@shared/schemas/crm';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { commandContext } from './context';
import { assertPartiesExist } from './dealParties';

/** The fields a PUT changes: what was given, less the read-only fields GET returned. */
const editable = (body: Record<string, unknown>, readOnly: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'version' && !readOnly.includes(key)));

/**
 * The CRM's contacts and companies, as API.md lists them: readable by everyone signed in
 * (they belong to no location; the deals that name them keep their own scope).
 */
export function crmRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  router.get(
    '/contacts',
    auth,
    validate({ response: z.array(Contact), query: ContactListQuery }, async (ctx, { query }) => {
      ctx.body = await listContacts(sql, query);
    }),
  );
  router.get(
    '/contacts/:id',
    auth,
    validate({ response: Contact, params: IdParam }, async (ctx, { params }) => {
      const contact = await getContact(sql, params.id);
      if (!contact) throw new HttpError(404, CONTACT_NOT_FOUND);
      ctx.body = contact;
    }),
  );
  router.get(
    '/companies',
    auth,
    validate({ response: z.array(Company), query: CompanyListQuery }, async (ctx, { query }) => {
      ctx.body = await listCompanies(sql, query, actorOf(ctx));
    }),
  );
  router.get(
    '/companies/:id',
    auth,
    validate({ response: Company, params: IdParam }, async (ctx, { params }) => {
      const company = await getCompany(sql, params.id, actorOf(ctx));
      if (!company) throw new HttpError(404, COMPANY_NOT_FOUND);
      ctx.body = company;
    }),
  );
  const contact = (id: string) => ({ read: async (tx: Tx) => getContact(tx, id) });
  // A company's figures count the deals its reader may see: the answer to a write too.
  const company = (id: string, ctx: Context) => ({ read: async (tx: Tx) => getCompany(tx, id, actorOf(ctx)) });

  router.post(
    '/contacts',
    auth,
    permit('contact.create'),
    validate({ response: Contact, status: 201, body: CreateContactInput }, async (ctx, { body }) => {
      await assertPartiesExist(sql, { company_id: body.company_id });
      const id = randomUUID();
      const { view } = await handle(contactAggregate, id, { type: 'CreateContact', data: { id, ...body } }, commandContext(ctx), { action: 'contact.create', ...contact(id) });
      ctx.status = 201;
      ctx.body = view;
    }),
  );
  router.put(
    '/contacts/:id',
    auth,
    permit('contact.update'),
    validate({ response: Contact, params: IdParam, body: UpdateContactInput }, async (ctx, { params: { id }, body }) => {
      const changes = editable(body, CONTACT_READ_ONLY_KEYS);
      await assertPartiesExist(sql, { company_id: changes.company_id as string | null | undefined });
      const { view } = await handle(contactAggregate, id, { type: 'EditContact', changes }, commandContext(ctx), {
        expectedVersion: body.version as number | undefined,
        action: 'contact.update',
        ...contact(id),
      });
      ctx.body = view;
    }),
  );
  router.patch(
    '/contacts/:id/status',
    auth,
    permit('contact.update'),
    validate({ response: Contact, params: IdParam, body: StatusInput }, async (ctx, { params: { id }, body }) => {
      const { view } = await handle(contactAggregate, id, { type: 'EditContact', changes: { status: body.status } }, commandContext(ctx), {
        expectedVersion: body.version,
        action: 'contact.update',
        ...contact(id),
      });
      ctx.body = view;
    }),
  );
  router.delete(
    '/contacts/:id',
    auth,
    permit('contact.delete'),
    validate({ status: 204, params: IdParam, query: VersionQuery, body: VersionBody }, async (ctx, { params: { id }, query, body }) => {
      await handle(contactAggregate, id, { type: 'DeleteContact' }, commandContext(ctx), { expectedVersion: body.version ?? query.version, action: 'contact.delete' });
      ctx.status = 204;
    }),
  );

  router.post(
    '/companies',
    auth,
    permit('company.create'),
    validate({ response: Company, status: 201, body: CreateCompanyInput }, async (ctx, { body }) => {
      await assertPartiesExist(sql, { contact_id: body.main_contact_id });
      const id = randomUUID();
      const { view } = await handle(companyAggregate, id, { type: 'CreateCompany', data: { id, ...body } }, commandContext(ctx), { action: 'company.create', ...company(id, ctx) });
      ctx.status = 201;
      ctx.body = view;
    }),
  );
  router.put(
    '/companies/:id',
    auth,
    permit('company.update'),
    validate({ response: Company, params: IdParam, body: UpdateCompanyInput }, async (ctx, { params: { id }, body }) => {
      const changes = editable(body, COMPANY_READ_ONLY_KEYS);
      await assertPartiesExist(sql, { contact_id: changes.main_contact_id as string | null | undefined });
      const { view } = await handle(companyAggregate, id, { type: 'EditCompany', changes }, commandContext(ctx), {
        expectedVersion: body.version as number | undefined,
        action: 'company.update',
        ...company(id, ctx),
      });
      ctx.body = view;
    }),
  );
  router.patch(
    '/companies/:id/status',
    auth,
    permit('company.update'),
    validate({ response: Company, params: IdParam, body: StatusInput }, async (ctx, { params: { id }, body }) => {
      const { view } = await handle(companyAggregate, id, { type: 'EditCompany', changes: { status: body.status } }, commandContext(ctx), {
        expectedVersion: body.version,
        action: 'company.update',
        ...company(id, ctx),
      });
      ctx.body = view;
    }),
  );
  // A company goes with its contacts: one transaction, all or nothing.
  router.delete(
    '/companies/:id',
    auth,
    permit('company.delete'),
    validate({ status: 204, params: IdParam, query: VersionQuery, body: VersionBody }, async (ctx, { params: { id }, query, body }) => {
      const context = commandContext(ctx);
      await handle.transaction(async (run, tx) => {
        for (const { id: contactId } of await listContacts(tx, { company_id: id })) {
          await run(contactAggregate, contactId, { type: 'DeleteContact' }, context, { action: 'contact.delete' });
        }
        await run(companyAggregate, id, { type: 'DeleteCompany' }, context, { expectedVersion: body.version ?? query.version, action: 'company.delete' });
      });
      ctx.status = 204;
    }),
  );

  return router;
}
