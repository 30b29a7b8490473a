import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { assignOffice, leaseOffice, releaseOffice } from '../../events/member/assignOffice';
import { MEMBER_NOT_FOUND, memberAggregate } from '../../events/member/decider';
import { getMember, listMembers } from '../../projections/members/queries';
import { LocationFilterQuery } from '@shared/schemas/common';
import { AddEmployeeInput, AssignOfficeInput, CreateMemberInput, Member, UpdateMemberInput } from '@shared/schemas/members';
import type { AppDeps } from '../deps';
import { permit } from '../policies';
import { commandContext } from './context';
import { collectionRoutes } from './collectionRoutes';
import { assertLocationExists, visible } from './guards';
import { filteredBy } from './locationFilter';

export function memberRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle } = deps;

  const members = collectionRoutes(router, auth, '/members', Member, getMember);

  members.list(LocationFilterQuery, filteredBy(sql, (actor, query) => listMembers(sql, actor, query.location)));

  members.get(async (actor, id) => visible(actor, 'members', await getMember(sql, id), MEMBER_NOT_FOUND));

  members.create(permit('member.create'), CreateMemberInput, async (ctx, profile, id) => {
    await assertLocationExists(sql, profile.location_id);
    const { view } = await handle(memberAggregate, id, { type: 'CreateMember', id, profile }, commandContext(ctx), members.read(id));
    return view;
  });

  members.update(permit('member.update'), UpdateMemberInput, async (ctx, id, input) => {
    if (input.location_id !== undefined) await assertLocationExists(sql, input.location_id);
    const { company_name, location_id, primary_contact, membership_type } = input;
    const changes = { company_name, location_id, primary_contact, membership_type };
    const { view } = await handle(memberAggregate, id, { type: 'EditMember', changes }, commandContext(ctx), { expectedVersion: input.version, ...members.read(id) });
    return view;
  });

  members.action(
    'post',
    'employees',
    permit('member.addEmployee'),
    AddEmployeeInput,
    async (ctx, id, { version, ...fields }) => {
      const employee = { id: randomUUID(), name: fields.name, email: fields.email, role: fields.role };
      const { view } = await handle(memberAggregate, id, { type: 'AddEmployees', employees: [employee] }, commandContext(ctx), { expectedVersion: version, ...members.read(id) });
      return view;
    },
    201,
  );

  /** Assigns (an office id) or releases (empty or null) the company's office, both sides in one transaction. */
  members.action('patch', 'office', permit('member.assignOffice'), AssignOfficeInput, async (ctx, id, { office_id, release_office_id, keep_current, version }) => {
    const context = commandContext(ctx);
    return handle.transaction(async (run, tx) => {
      if (!office_id && release_office_id) await releaseOffice(run, id, release_office_id, context, version);
      else if (office_id && keep_current) await leaseOffice(run, id, office_id, context, version);
      else await assignOffice(run, id, office_id || null, context, version);
      return getMember(tx, id);
    });
  });

  return router;
}
