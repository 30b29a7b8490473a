import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { assignOffice } from '../../events/member/assignOffice';
import { MEMBER_NOT_FOUND, memberAggregate } from '../../events/member/decider';
import { getMember, listMembers } from '../../projections/members/queries';
import { IdParam, LocationFilterQuery } from '@shared/schemas/common';
import { AddEmployeeInput, AssignOfficeInput, CreateMemberInput, UpdateMemberInput } from '@shared/schemas/members';
import type { AppDeps } from '../deps';
import { NoQuery, parse } from '../middleware/validate';
import { actorOf, assertLocationAccess, requireWriter } from '../policies';
import { commandContext } from './context';
import { assertLocationExists, assertMayMove, visible } from './guards';

export function memberRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  /** The member as the actor may see it: 404 unknown, 403 outside the actor's locations. */
  const memberFor = async (ctx: Context, id: string) => visible(actorOf(ctx), await getMember(sql, id), MEMBER_NOT_FOUND);

  router.get('/members', auth, async (ctx) => {
    const { location } = parse(LocationFilterQuery, ctx.query, 'query');
    ctx.body = await listMembers(sql, actorOf(ctx), location);
  });

  router.get('/members/:id', auth, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    ctx.body = await memberFor(ctx, id);
  });

  router.post('/members', auth, requireWriter, async (ctx) => {
    parse(NoQuery, ctx.query, 'query');
    const profile = parse(CreateMemberInput, ctx.request.body);
    assertLocationAccess(actorOf(ctx), profile.location_id);
    await assertLocationExists(sql, profile.location_id);
    const id = randomUUID();
    const { view } = await handle(memberAggregate, id, { type: 'CreateMember', id, profile }, commandContext(ctx), {
      read: (tx) => getMember(tx, id),
    });
    ctx.status = 201;
    ctx.body = view;
  });

  router.put('/members/:id', auth, requireWriter, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const input = parse(UpdateMemberInput, ctx.request.body);
    const current = await memberFor(ctx, id);
    await assertMayMove(sql, actorOf(ctx), current.location_id, input.location_id, 'a member company');
    const { company_name, location_id, primary_contact, membership_type } = input;
    const { view } = await handle(
      memberAggregate,
      id,
      { type: 'EditMember', changes: { company_name, location_id, primary_contact, membership_type } },
      commandContext(ctx),
      { expectedVersion: input.version, read: (tx) => getMember(tx, id) },
    );
    ctx.body = view;
  });

  router.post('/members/:id/employees', auth, requireWriter, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const { version, ...fields } = parse(AddEmployeeInput, ctx.request.body);
    await memberFor(ctx, id);
    const employee = { id: randomUUID(), name: fields.name, email: fields.email, role: fields.role };
    const { view } = await handle(memberAggregate, id, { type: 'AddEmployees', employees: [employee] }, commandContext(ctx), {
      expectedVersion: version,
      read: (tx) => getMember(tx, id),
    });
    ctx.status = 201;
    ctx.body = view;
  });

  /** Assigns (an office id) or releases (empty or null) the company's office, both sides in one transaction. */
  router.patch('/members/:id/office', auth, requireWriter, async (ctx) => {
    const { id } = parse(IdParam, ctx.params, 'id');
    parse(NoQuery, ctx.query, 'query');
    const { office_id, version } = parse(AssignOfficeInput, ctx.request.body);
    await memberFor(ctx, id);
    const context = commandContext(ctx);
    ctx.body = await handle.transaction(async (run, tx) => {
      await assignOffice(run, id, office_id || null, context, version);
      return getMember(tx, id);
    });
  });

  return router;
}
