import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { OFFICE_NOT_FOUND, officeAggregate, type LeaseChanges } from '../../events/office/decider';
import { getOffice } from '../../projections/offices/queries';
import { Id, LocationFilterQuery, VersionBody, VersionQuery } from '@shared/schemas/common';
import { AddOfficeContactInput, ChangeOfficeStatusInput, CreateOfficeInput, Office, UpdateOfficeInput } from '@shared/schemas/offices';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { commandContext } from './context';
import { collectionRoutes } from './collectionRoutes';
import { assertLocationExists, visible } from './guards';
import { assertMayFilterBy } from './locationFilter';

const ContactParams = z.object({ id: Id, contactId: Id }).strict();

export function officeRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const offices = collectionRoutes(router, auth, '/offices', Office, getOffice);

  offices.list(LocationFilterQuery, async (ctx, query) => {
    await assertMayFilterBy(sql, actorOf(ctx), query.location);
    ctx.type = 'application/json';
    return deps.officeList.json(actorOf(ctx), query.location);
  });

  offices.get(async (actor, id) => visible(actor, 'offices', await getOffice(sql, id), OFFICE_NOT_FOUND));

  offices.create(permit('office.create'), CreateOfficeInput, async (ctx, details, id) => {
    await assertLocationExists(sql, details.location_id);
    const { view } = await handle(officeAggregate, id, { type: 'CreateOffice', id, details }, commandContext(ctx), offices.read(id));
    return view;
  });

  offices.update(permit('office.update'), UpdateOfficeInput, async (ctx, id, input) => {
    if (input.location_id !== undefined) await assertLocationExists(sql, input.location_id);
    const { office_number, location_id, type, desks, floor, windowed } = input;
    // The top-level signed rate wins over the profile's copy inside lease_info; end_date is derived.
    const lease: LeaseChanges = {
      signed_rate: input.signed_rate !== undefined ? input.signed_rate : input.lease_info?.signed_rate,
      term_months: input.lease_info?.term_months,
      term_days: input.lease_info?.term_days,
      start_date: input.lease_info?.start_date,
    };
    const hasLease = Object.values(lease).some((v) => v !== undefined);
    const { view } = await handle(
      officeAggregate,
      id,
      {
        type: 'UpdateOffice',
        details: { office_number, location_id, type, desks, floor, windowed },
        marketed_rates: input.marketed_rates ?? input.market_rates,
        lease: hasLease ? lease : undefined,
      },
      commandContext(ctx),
      { expectedVersion: input.version, ...offices.read(id) },
    );
    return view;
  });

  offices.action('patch', 'status', permit('office.changeStatus'), ChangeOfficeStatusInput, async (ctx, id, { status, version }) => {
    // The holder's current name, should the change be refused for it (read outside the lock: words only).
    const company_name = status === 'VACANT' ? ((await getOffice(sql, id))?.tenant ?? null) : null;
    const { view } = await handle(officeAggregate, id, { type: 'ChangeOfficeStatus', status, company_name }, commandContext(ctx), { expectedVersion: version, ...offices.read(id) });
    return view;
  });

  offices.action(
    'post',
    'contacts',
    permit('office.editContacts'),
    AddOfficeContactInput,
    async (ctx, id, { version, ...fields }) => {
      const contact = { id: randomUUID(), ...fields };
      const { view } = await handle(officeAggregate, id, { type: 'AddOfficeContact', contact }, commandContext(ctx), { expectedVersion: version, ...offices.read(id) });
      return view;
    },
    201,
  );

  // The expected version may come as ?version=N or in a JSON body; both are optional.
  router.delete(
    '/offices/:id/contacts/:contactId',
    auth,
    permit('office.editContacts'),
    validate({ response: Office, params: ContactParams, query: VersionQuery, body: VersionBody }, async (ctx, { params, query, body }) => {
      const { view } = await handle(
        officeAggregate,
        params.id,
        { type: 'RemoveOfficeContact', contact_id: params.contactId },
        commandContext(ctx),
        { expectedVersion: body.version ?? query.version, ...offices.read(params.id) },
      );
      ctx.body = view;
    }),
  );

  return router;
}
