import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { assignOffice, leaseOffice, releaseOffice } from '../../events/member/assignOffice';
import { MEMBER_NOT_FOUND, memberAggregate } from '../../events/member/decider';
import { getMember, listMembers } from '../../projections/members/queries';
import { IdParam, LocationFilterQuery } from '@shared/schemas/common';
import { AddEmployeeInput, AssignOfficeInput, CreateMemberInput, Member, UpdateMemberInput } from '@shared/schemas/members';
import type { Tx } from '../../events/store/types';
import type { AppDeps } from '../deps';
import { validate } from '../middleware/validate';
import { actorOf, permit } from '../policies';
import { commandContext } from './context';
import { assertLocationExists, visible } from './guards';
import { assertMayFilterBy } from './locationFilter';

export function memberRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;
  const read = (id: string) => ({ read: (tx: Tx) => getMember(tx, id) });

  router.get(
    '/members',
    auth,
    validate({ response: z.array(Member), query: LocationFilterQuery }, async (ctx, { query }) => {
      await assertMayFilterBy(sql, actorOf(ctx), query.location);
      ctx.body = await listMembers(sql, actorOf(ctx), query.location);
    }),
  );

  router.get(
    '/members/:id',
    auth,
    validate({ response: Member, params: IdParam }, async (ctx, { params }) => {
      ctx.body = visible(actorOf(ctx), 'members', await getMember(sql, params.id), MEMBER_NOT_FOUND);
    }),
  );

  router.post(
    '/members',
    auth,
    permit('member.create'),
    validate({ response: Member, status: 201, body: CreateMemberInput }, async (ctx, { body: profile }) => {
      await assertLocationExists(sql, profile.location_id);
      const id = randomUUID();
      const { view } = await handle(memberAggregate, id, { type: 'CreateMember', id, profile }, commandContext(ctx), read(id));
      ctx.status = 201;
      ctx.body = view;
    }),
  );

  router.put(
    '/members/:id',
    auth,
    permit('member.update'),
    validate({ response: Member, params: IdParam, body: UpdateMemberInput }, async (ctx, { params: { id }, body: input }) => {
      if (input.location_id !== undefined) await assertLocationExists(sql, input.location_id);
      const { company_name, location_id, primary_contact, membership_type } = input;
      const { view } = await handle(
        memberAggregate,
        id,
        { type: 'EditMember', changes: { company_name, location_id, primary_contact, membership_type } },
        commandContext(ctx),
        { expectedVersion: input.version, ...read(id) },
      );
      ctx.body = view;
    }),
  );

  router.post(
    '/members/:id/employees',
    auth,
    permit('member.addEmployee'),
    validate({ response: Member, status: 201, params: IdParam, body: AddEmployeeInput }, async (ctx, { params: { id }, body: { version, ...fields } }) => {
      const employee = { id: randomUUID(), name: fields.name, email: fields.email, role: fields.role };
      const { view } = await handle(memberAggregate, id, { type: 'AddEmployees', employees: [employee] }, commandContext(ctx), { expectedVersion: version, ...read(id) });
      ctx.status = 201;
      ctx.body = view;
    }),
  );

  /** Assigns (an office id) or releases (empty or null) the company's office, both sides in one transaction. */
  router.patch(
    '/members/:id/office',
    auth,
    permit('member.assignOffice'),
    validate({ response: Member, params: IdParam, body: AssignOfficeInput }, async (ctx, { params: { id }, body: { office_id, release_office_id, keep_current, version } }) => {
      const context = commandContext(ctx);
      ctx.body = await handle.transaction(async (run, tx) => {
        if (!office_id && release_office_id) await releaseOffice(run, id, release_office_id, context, version);
        else if (office_id && keep_current) await leaseOffice(run, id, office_id, context, version);
        else await assignOffice(run, id, office_id || null, context, version);
        return getMember(tx, id);
      });
    }),
  );

  return router;
}
