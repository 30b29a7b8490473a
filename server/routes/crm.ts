import Router from '@koa/router';
import type { Middleware } from 'koa';
import { getCompany, getContact, listCompanies, listContacts } from '../../projections/crm/queries';
import { IdParam } from '@shared/schemas/common';
import { CompanyListQuery, ContactListQuery } from '@shared/schemas/crm';
import type { AppDeps } from '../deps';
import { HttpError } from '../httpError';
import { validate } from '../middleware/validate';

/**
 * The CRM's contacts and companies, as API.md lists them: readable by everyone signed in
 * (they belong to no location; the deals that name them keep their own scope).
 */
export function crmRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql } = deps;
  router.get(
    '/contacts',
    auth,
    validate({ query: ContactListQuery }, async (ctx, { query }) => {
      ctx.body = await listContacts(sql, query);
    }),
  );
  router.get(
    '/contacts/:id',
    auth,
    validate({ params: IdParam }, async (ctx, { params }) => {
      const contact = await getContact(sql, params.id);
      if (!contact) throw new HttpError(404, 'Contact not found');
      ctx.body = contact;
    }),
  );
  router.get(
    '/companies',
    auth,
    validate({ query: CompanyListQuery }, async (ctx, { query }) => {
      ctx.body = await listCompanies(sql, query);
    }),
  );
  router.get(
    '/companies/:id',
    auth,
    validate({ params: IdParam }, async (ctx, { params }) => {
      const company = await getCompany(sql, params.id);
      if (!company) throw new HttpError(404, 'Company not found');
      ctx.body = company;
    }),
  );
  return router;
}
