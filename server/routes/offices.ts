import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { OFFICE_NOT_FOUND, officeAggregate, type LeaseChanges } from '../../events/office/decider';
import { getOffice } from '../../projections/offices/queries';
import { ExpectedVersion, Id, IdParam, LocationFilterQuery } from '@shared/schemas/common';
import { AddOfficeContactInput, ChangeOfficeStatusInput, CreateOfficeInput, UpdateOfficeInput } from '@shared/schemas/offices';
import type { AppDeps } from '../deps';
import { NoQuery, parse } from '../middleware/validate';
import { actorOf, requireRole, requireWriter } from '../policies';
import { commandContext } from './context';
import { assertLocationExists, assertMayMove, visible } from './guards';

const ContactParams = z.object({ id: Id, contactId: Id }).strict();
const VersionQuery = z.object({ version: z.coerce.number({ message: 'Version must be a number' }).int().min(1).optional() }).strict();
const VersionBody = z.object({ version: ExpectedVersion }).strict();

export function officeRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  /** The office as the actor may see it: 404 unknown, 403 outside the actor's locations. */
  const officeFor = async (ctx: Parameters<Middleware>[0], id: string) =>
    visible(actorOf(ctx), await getOffice(sql, id), OFFICE_NOT_FOUND);

  router.get('/offices', auth, async (ctx) => {
    const { location } = parse(LocationFilterQuery, ctx.query, 'query');
    ctx.type = 'application/json';
    ctx.body = await deps.officeList.json(actorOf(ctx), location);
  });

  router.get('/offices/:id', auth, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    ctx.body = await officeFor(ctx, id);
  });

  router.post('/offices', auth, requireRole('admin'), async (ctx) => {
    parse(NoQuery, ctx.query, 'query');
    const details = parse(CreateOfficeInput, ctx.request.body);
    await assertLocationExists(sql, details.location_id);
    const id = randomUUID();
    const { view } = await handle(officeAggregate, id, { type: 'CreateOffice', id, details }, commandContext(ctx), {
      read: (tx) => getOffice(tx, id),
    });
    ctx.status = 201;
    ctx.body = view;
  });

  router.put('/offices/:id', auth, requireWriter, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const input = parse(UpdateOfficeInput, ctx.request.body);
    const current = await officeFor(ctx, id);
    await assertMayMove(sql, actorOf(ctx), current.location_id, input.location_id, 'an office');
    const { office_number, location_id, type, desks, floor, windowed } = input;
    // The top-level signed rate wins over the profile's copy inside lease_info; end_date is derived.
    const lease: LeaseChanges = {
      signed_rate: input.signed_rate !== undefined ? input.signed_rate : input.lease_info?.signed_rate,
      term_months: input.lease_info?.term_months,
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
      { expectedVersion: input.version, read: (tx) => getOffice(tx, id) },
    );
    ctx.body = view;
  });

  router.patch('/offices/:id/status', auth, requireWriter, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const { status, version } = parse(ChangeOfficeStatusInput, ctx.request.body);
    await officeFor(ctx, id);
    const { view } = await handle(officeAggregate, id, { type: 'ChangeOfficeStatus', status }, commandContext(ctx), {
      expectedVersion: version,
      read: (tx) => getOffice(tx, id),
    });
    ctx.body = view;
  });

  router.post('/offices/:id/contacts', auth, requireWriter, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const { version, ...fields } = parse(AddOfficeContactInput, ctx.request.body);
    await officeFor(ctx, id);
    const contact = { id: randomUUID(), ...fields };
    const { view } = await handle(officeAggregate, id, { type: 'AddOfficeContact', contact }, commandContext(ctx), {
      expectedVersion: version,
      read: (tx) => getOffice(tx, id),
    });
    ctx.status = 201;
    ctx.body = view;
  });

  router.delete('/offices/:id/contacts/:contactId', auth, requireWriter, async (ctx) => {
    const { id, contactId } = parse(ContactParams, ctx.params, 'id');
    // The expected version may come as ?version=N or in a JSON body; both are optional.
    const fromQuery = parse(VersionQuery, ctx.query, 'query').version;
    const fromBody = parse(VersionBody, ctx.request.body ?? {}).version;
    const version = fromBody ?? fromQuery;
    await officeFor(ctx, id);
    const { view } = await handle(
      officeAggregate,
      id,
      { type: 'RemoveOfficeContact', contact_id: contactId },
      commandContext(ctx),
      { expectedVersion: version, read: (tx) => getOffice(tx, id) },
    );
    ctx.body = view;
  });

  return router;
}
