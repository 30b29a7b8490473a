import type { CommandContext, RunInTransaction } from '../handleCommand';
import { officeAggregate } from '../office/decider';
import { memberAggregate } from './decider';

/**
 * Assigns an office to a member company (or, with null, releases its office), keeping both
 * sides consistent: run it inside one `handle.transaction`. The company's previous office is
 * released (VACANT); the new one becomes LEASED with the company as tenant. The office decider
 * refuses an office another company holds (409) or one at another location (400).
 */
export async function assignOffice(
  run: RunInTransaction,
  memberId: string,
  officeId: string | null,
  context: CommandContext,
  expectedVersion?: number,
) {
  const { state: member, events } = await run(
    memberAggregate,
    memberId,
    { type: 'AssignOffice', office_id: officeId },
    context,
    { expectedVersion, action: 'member.assignOffice' },
  );
  const m = member!;
  for (const event of events) {
    const data = event.data as { office_id: string; previous_office_id?: string | null };
    const released = event.type === 'MemberOfficeUnassigned' ? data.office_id : data.previous_office_id;
    if (released) {
      await run(officeAggregate, released, { type: 'UnassignCompany', member_id: memberId }, context, { action: 'office.assignCompany' });
    }
  }
  if (officeId) {
    // Also when the member already held it: an office set to another status by hand is LEASED again.
    await run(
      officeAggregate,
      officeId,
      { type: 'AssignCompany', member_id: memberId, tenant: m.company_name, location_id: m.location_id },
      context,
      { action: 'office.assignCompany' },
    );
  }
  return m;
}

/**
 * The company leaves one office: its own (as assignOffice with null), or another it holds (a
 * signed deal leases all its offices to the company, which names one as its own): then only
 * that office becomes VACANT. An office the company does not hold is left as it is.
 */
export async function releaseOffice(run: RunInTransaction, memberId: string, officeId: string, context: CommandContext, expectedVersion?: number) {
  const { state: member } = await run(memberAggregate, memberId, { type: 'EditMember', changes: {} }, context, { expectedVersion, action: 'member.assignOffice' });
  if (member!.office_id === officeId) return assignOffice(run, memberId, null, context, expectedVersion);
  await run(officeAggregate, officeId, { type: 'UnassignCompany', member_id: memberId }, context, { action: 'office.assignCompany' });
  return member!;
}

/**
 * The company also leases an office while keeping the one it has (the office grid's bulk Assign
 * gives one company several offices, as a signed deal does). A company with no office takes it
 * as its own. The office decider's refusals are the same as assignOffice's.
 */
export async function leaseOffice(run: RunInTransaction, memberId: string, officeId: string, context: CommandContext, expectedVersion?: number) {
  const { state: member } = await run(memberAggregate, memberId, { type: 'EditMember', changes: {} }, context, { expectedVersion, action: 'member.assignOffice' });
  const m = member!;
  if (!m.office_id || m.office_id === officeId) return assignOffice(run, memberId, officeId, context, expectedVersion);
  await run(officeAggregate, officeId, { type: 'AssignCompany', member_id: memberId, tenant: m.company_name, location_id: m.location_id }, context, { action: 'office.assignCompany' });
  return m;
}
