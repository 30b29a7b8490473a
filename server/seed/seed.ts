import { randomUUID } from 'node:crypto';
import type { HandleCommand, RunInTransaction } from '../../events/handleCommand';
import { assignOffice } from '../../events/member/assignOffice';
import { memberAggregate } from '../../events/member/decider';
import { officeAggregate } from '../../events/office/decider';
import { locationAggregate } from '../../events/location/decider';
import type { Pool, Tx } from '../../events/store/types';
import { userAggregate } from '../../events/user/decider';
import { countUsers } from '../../projections/users/queries';
import { ALL_LOCATIONS } from '@shared/constants';
import { hashPassword } from '../auth/passwords';
import { DEMO_LOCATIONS, DEMO_PASSWORD, DEMO_USERS } from './demoData';
import { planOfficesAndMembers, type SeedLocation } from './demoOffices';
import { planDeals } from './demoDeals';
import { planTasks, type PlannedTask } from './demoTasks';
import { taskAggregate } from '../../events/task/decider';
import { companyAggregate, contactAggregate } from '../../events/crm/deciders';
import { dealAggregate } from '../../events/deal/decider';
import { rankBetween } from '@shared/domain/rank';
import { seedOnce } from './once';

const SEED_STREAM = 'system-demo-seed';
const system = () => ({ userId: 'system', now: new Date() });

/** Seeds the demo data once (seedOnce), through the same commands as the API. */
export async function seedDemo(sql: Pool, handle: HandleCommand): Promise<boolean> {
  return seedOnce(sql, SEED_STREAM, 'DemoDataSeeded', async (tx) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const ids = new Map<string, string>();
    const seeded: SeedLocation[] = [];
    for (const details of DEMO_LOCATIONS) {
      const id = randomUUID();
      ids.set(details.name, id);
      seeded.push({ id, floors: details.floors });
      await handle(locationAggregate, id, { type: 'CreateLocation', id, details }, system(), { tx });
    }
    const { admin, manager, viewer } = DEMO_USERS;
    const managerLocations = manager.locationNames.map((name) => ids.get(name)!);
    const profiles = [
      { ...admin, locations: [], primary_location: ALL_LOCATIONS },
      { name: manager.name, email: manager.email, role: manager.role, locations: managerLocations, primary_location: managerLocations[0]! },
      { ...viewer, locations: [], primary_location: ALL_LOCATIONS },
    ];
    for (const profile of profiles) {
      const id = randomUUID();
      await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: passwordHash }, system(), { tx });
    }
    await seedOfficesAndMembers(tx, handle, seeded);
    return true;
  });
}

/** A deployment without demo data gets its first administrator from configuration. */
export async function bootstrapAdmin(
  sql: Pool,
  handle: HandleCommand,
  admin: { email: string; password: string; name: string },
): Promise<boolean> {
  if ((await countUsers(sql)) > 0) return false;
  const id = randomUUID();
  const profile = { name: admin.name, email: admin.email, role: 'admin' as const, locations: [], primary_location: ALL_LOCATIONS };
  await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: await hashPassword(admin.password) }, system());
  return true;
}

/** Offices and member companies, through the commands, in the seed's transaction. */
async function seedOfficesAndMembers(tx: Tx, handle: HandleCommand, locations: SeedLocation[]) {
  const run: RunInTransaction = (aggregate, id, command, context, options = {}) =>
    handle(aggregate, id, command, context, { ...options, tx });
  const { offices, members } = planOfficesAndMembers(locations, new Date());
  // Back-dated, as the plan says, so the reports have a history to read.
  const at = (now: Date) => ({ userId: 'system', now });
  for (const office of offices) {
    const { id, details, at: when } = office;
    await run(officeAggregate, id, { type: 'CreateOffice', id, details }, at(when.created));
    for (const contact of office.contacts) await run(officeAggregate, id, { type: 'AddOfficeContact', contact }, at(when.leased ?? when.created));
    if (office.lease) await run(officeAggregate, id, { type: 'UpdateOffice', lease: office.lease }, at(when.leased ?? when.created));
    if (office.status !== 'VACANT' && office.status !== 'LEASED') {
      await run(officeAggregate, id, { type: 'ChangeOfficeStatus', status: office.status }, at(when.status ?? when.created));
    }
  }
  for (const member of members) {
    const { id, profile } = member;
    await run(memberAggregate, id, { type: 'CreateMember', id, profile }, at(member.joined));
    await run(memberAggregate, id, { type: 'AddEmployees', employees: member.employees }, at(member.joined));
    if (member.office_id) await assignOffice(run, id, member.office_id, at(member.moved_in ?? member.joined));
  }
}


/**
 * The demo pipeline, through the deal commands with back-dated times, once (its own marker, so a
 * demo database seeded before deals existed gets them too). Moves are made by the demo admin and
 * manager, so histories name people.
 */
export async function seedDemoDeals(sql: Pool, handle: HandleCommand): Promise<boolean> {
  return seedOnce(sql, 'system-demo-seed-deals', 'DemoDealsSeeded', async (tx) => {
    const locations = await tx<{ id: string }[]>`SELECT id FROM locations ORDER BY name`;
    if (locations.length === 0) return false;
    const free = await tx<{ id: string; location_id: string; monthly: number }[]>`
      SELECT id, location_id, (marketed_rates->>'monthly')::float AS monthly FROM offices WHERE status IN ('VACANT', 'PENDING')`;
    const people = await tx<{ id: string }[]>`SELECT id FROM users WHERE role IN ('admin', 'manager') ORDER BY email`;
    const plans = planDeals(
      locations.map((l) => ({ id: l.id, offices: free.filter((o) => o.location_id === l.id).map((o) => ({ id: o.id, monthly: o.monthly })) })),
      new Date(),
      randomUUID,
    );
    // Cards join the bottom of their column in the order they arrive there.
    const bottom = new Map<string, string | null>();
    // Each company and contact once, as the deal command path links them.
    const companies = new Map<string, string>();
    const contacts = new Map<string, string>();
    const party = async (plan: (typeof plans)[number], context: { userId: string; now: Date }) => {
      const { terms } = plan;
      let companyId = companies.get(terms.company_name);
      if (!companyId) {
        companyId = randomUUID();
        companies.set(terms.company_name, companyId);
        const data = {
          id: companyId, name: terms.company_name, industry: null, website: null, phone: null, address: null, employee_count: null,
          annual_revenue: null, main_contact_id: null, status: 'Prospect' as const, notes: null, lead_source: terms.source,
        };
        await handle(companyAggregate, companyId, { type: 'CreateCompany', data }, context, { tx });
      }
      let contactId = contacts.get(terms.contact.email);
      if (!contactId) {
        contactId = randomUUID();
        contacts.set(terms.contact.email, contactId);
        const data = { id: contactId, ...terms.contact, company_id: companyId, status: 'Prospect' as const, notes: null, lead_source: terms.source };
        await handle(contactAggregate, contactId, { type: 'CreateContact', data }, context, { tx });
      }
      return { ...terms, company_id: companyId, contact_id: contactId };
    };
    const steps = plans
      .flatMap((plan, i) => [
        { at: plan.createdAt, plan, stage: null as null | (typeof plan.moves)[number]['stage'], by: people[i % Math.max(1, people.length)]?.id ?? 'system' },
        ...plan.moves.map((m) => ({ at: m.at, plan, stage: m.stage, by: people[(i + 1) % Math.max(1, people.length)]?.id ?? 'system' })),
      ])
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const step of steps) {
      const context = { userId: step.by, now: step.at };
      const stage = step.stage ?? 'form_submitted';
      const above = bottom.get(stage) ?? null;
      bottom.set(stage, rankBetween(above, null));
      const command =
        step.stage === null
          ? { type: 'CreateDeal' as const, id: step.plan.id, terms: await party(step.plan, context), stage, rank: rankBetween(above, null) }
          : // Demo history: deals signed long ago, with no signing process to run now.
            { type: 'MoveDeal' as const, stage, above, below: null, actor_id: step.by, seeded: true };
      await handle(dealAggregate, step.plan.id, command, context, { tx });
    }
    return true;
  });
}

/**
 * The demo tasks, through the task commands with back-dated times, once (their own marker, so a
 * demo database seeded before tasks existed gets them too). A location's manager starts and
 * finishes its tasks where the demo has one; the administrator elsewhere.
 */
export async function seedDemoTasks(sql: Pool, handle: HandleCommand): Promise<boolean> {
  return seedOnce(sql, 'system-demo-seed-tasks', 'DemoTasksSeeded', async (tx) => {
    const locations = await tx<{ id: string; manager: string }[]>`SELECT id, manager FROM locations ORDER BY name`;
    if (locations.length === 0) return false;
    const offices = await tx<{ id: string; location_id: string; office_number: string }[]>`
      SELECT id, location_id, office_number FROM offices ORDER BY office_number`;
    const people = await tx<{ id: string; role: string; locations: string[] }[]>`
      SELECT id, role, locations::text[] AS locations FROM users WHERE role IN ('admin', 'manager') ORDER BY email`;
    const doer = (locationId: string) =>
      (people.find((p) => p.role === 'manager' && p.locations.includes(locationId)) ?? people.find((p) => p.role === 'admin'))?.id ?? 'system';
    const plans = planTasks(
      locations.map((l) => ({ ...l, offices: offices.filter((o) => o.location_id === l.id) })),
      new Date(),
      randomUUID,
    );
    const places = new Map(offices.map((o) => [o.id, { id: o.id, location_id: o.location_id }]));
    const steps = plans
      .flatMap((plan) => [{ at: plan.createdAt, plan, status: null as PlannedTask['moves'][number]['status'] | null }, ...plan.moves.map((m) => ({ at: m.at, plan, status: m.status }))])
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const { at, plan, status } of steps) {
      const context = { userId: doer(plan.details.location_id), now: at };
      const office = plan.details.office_id ? (places.get(plan.details.office_id) ?? null) : null;
      const command =
        status === null ? { type: 'CreateTask' as const, id: plan.id, details: plan.details, office } : { type: 'ChangeTaskStatus' as const, status };
      await handle(taskAggregate, plan.id, command, context, { tx });
    }
    return true;
  });
}
