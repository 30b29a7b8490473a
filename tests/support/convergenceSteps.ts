import fc from 'fast-check';
import { userAggregate } from '../../events/user/decider';
import { DEAL_STAGES } from '@shared/domain/deals';
import { TASK_PRIORITIES, TASK_STATUSES } from '@shared/domain/tasks';
import type { Deal } from '@shared/schemas/deals';
import type { Location } from '@shared/schemas/locations';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import type { Task } from '@shared/schemas/tasks';
import type { Template } from '@shared/schemas/templates';
import type { ConvergenceModel, Session } from './convergenceModel';
import type { GoogleStandIn } from './googleStandIn';
import type { TestServer } from './server';
import { signDeal } from './signature';
import type { WebhookReceiver } from './webhookReceiver';

/** The random work of the convergence property: what users do, and how each step is done. */

export const USERS = ['admin', 'manager', 'secondManager', 'viewer'] as const;
const STATUSES = ['VACANT', 'RESERVED', 'NOTICE_GIVEN', 'LEASED'] as const;

export const step = fc.oneof(
  fc.record({ kind: fc.constant('moveOffice'), office: fc.nat(), location: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('rates'), office: fc.nat(), monthly: fc.integer({ min: 100, max: 9000 }), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('status'), office: fc.nat(), status: fc.constantFrom(...STATUSES), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('renumber'), office: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('moveMember'), member: fc.nat(), location: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('renameMember'), member: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('assign'), member: fc.nat(), office: fc.option(fc.nat()), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('renameLocation'), location: fc.nat() }),
  fc.record({ kind: fc.constant('moveDeal'), deal: fc.nat(), stage: fc.constantFrom(...DEAL_STAGES.filter((s) => s !== 'agreement_signed')), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('editDeal'), deal: fc.nat(), probability: fc.integer({ min: 0, max: 100 }), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('relocateDeal'), deal: fc.nat(), location: fc.nat() }),
  // A signature: the signing process leases the deal's offices, links or creates its member and
  // makes its company a Member, pushing rows of four entities (or says why it cannot, on the deal).
  fc.record({ kind: fc.constant('sign'), deal: fc.nat() }),
  // Contacts and companies are everyone's; a deal's value and its company's figures go together.
  fc.record({ kind: fc.constant('dealValue'), deal: fc.nat(), price: fc.integer({ min: 100, max: 9000 }), by: fc.constantFrom(...USERS) }),
  // An agreement generated and sent, the link opened by the signer (no sign-in) and maybe signed:
  // the deal's stage and signature status change through the public routes too.
  fc.record({ kind: fc.constant('agreement'), deal: fc.nat(), sign: fc.boolean(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('newContact'), company: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('renameCompany'), company: fc.nat(), by: fc.constantFrom(...USERS) }),
  // Templates belong to no location: every socket sees them, and a deleted one leaves them all.
  fc.record({ kind: fc.constant('newTemplate'), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('editTemplate'), template: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('deleteTemplate'), template: fc.nat(), by: fc.constantFrom(...USERS) }),
  // Documents and the company's time off are everyone's too: uploads, deletions, a new figure.
  fc.record({ kind: fc.constant('upload'), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('deleteDocument'), document: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('timeOff'), days: fc.integer({ min: 10, max: 30 }), by: fc.constantFrom(...USERS) }),
  // Slack's configuration and rules are administrators' alone: refused to others, pushed to admins only.
  fc.record({ kind: fc.constant('slackConfig'), enabled: fc.boolean(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('slackRules'), rules: fc.integer({ min: 0, max: 3 }), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('gmailConnect'), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('gmailDisconnect'), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('taskStatus'), task: fc.nat(), status: fc.constantFrom(...TASK_STATUSES), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('editTask'), task: fc.nat(), priority: fc.constantFrom(...TASK_PRIORITIES), by: fc.constantFrom(...USERS) }),
  // A task given one of the pool's offices: refused unless the office is at the task's location.
  fc.record({ kind: fc.constant('taskOffice'), task: fc.nat(), office: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('relocateTask'), task: fc.nat(), location: fc.nat(), by: fc.constantFrom(...USERS) }),
  // Meeting-room bookings: made, moved and cancelled at the pool's rooms, clashes refused with 409.
  fc.record({ kind: fc.constant('book'), room: fc.nat(), day: fc.integer({ min: 15, max: 20 }), hour: fc.integer({ min: 8, max: 18 }), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('moveBooking'), booking: fc.nat(), hour: fc.integer({ min: 8, max: 18 }), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('cancelBooking'), booking: fc.nat(), by: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('access'), locations: fc.subarray([0, 1, 2, 3], { minLength: 1 }) }),
  // User records are administrators' and each user's own: a rename reaches admins and that user alone.
  fc.record({ kind: fc.constant('renameUser'), who: fc.constantFrom(...USERS), by: fc.constantFrom(...USERS) }),
  // A tab goes away (laptop lid, network) while others work, and comes back catching up.
  fc.record({ kind: fc.constant('away'), who: fc.constantFrom(...USERS) }),
  fc.record({ kind: fc.constant('back') }),
);
export type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The rows the steps work on: a few per location, so random steps keep meeting the same rows. */
export interface RowPool {
  offices: Office[];
  members: Member[];
  locations: Location[];
  deals: Deal[];
  companies: string[];
  templates: Template[];
  tasks: Task[];
  documents: string[];
  /** Meeting rooms at the pool's locations, and the bookings the steps made. */
  rooms: Office[];
  bookings: string[];
}

export interface StepWorld {
  server: TestServer;
  model: ConvergenceModel;
  sessions: Session[];
  /** Where the Slack steps' notifications go: a local receiver, never the internet. */
  receiver: WebhookReceiver;
  /** Google for the mail-connection steps: a stand-in, never the internet. */
  google: GoogleStandIn;
  adminToken: string;
  secondManagerId: string;
  /** Each session's user, by its token. */
  userIds: Map<string, string>;
  pool: RowPool;
}

const REDIRECT = 'http://127.0.0.1:5173/auth/callback';

/** Does one step as its user would, answering the HTTP status of its (last) request. */
export function stepRunner(world: StepWorld): (s: Step) => Promise<number> {
  const { server, model, sessions, receiver, google, adminToken, secondManagerId, userIds, pool } = world;
  const { head, connect } = model;
  let counter = 0;
  /** The log's last position now. */
  async function headOfLog(): Promise<number> {
    const [row] = await server.deps.sql<{ position: number }[]>`SELECT coalesce(max(position), 0)::int AS position FROM events`;
    return row!.position;
  }

  /** Waits until the signing process has handled the log up to `position` (it acts after commits, on its own). */
  async function signingProcessPassed(position: number) {
    for (;;) {
      const [row] = await server.deps.sql<{ position: number }[]>`SELECT position::int AS position FROM checkpoints WHERE name = 'process:deal-signing'`;
      if ((row?.position ?? 0) >= position) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return async function run(s: Step): Promise<number> {
    const n = ++counter;
    if (s.kind === 'away') {
      const session = sessions.find((x) => x.name === s.who)!;
      session.listener?.close();
      session.listener = null;
      return 200;
    }
    if (s.kind === 'back') {
      await head();
      for (const session of sessions) if (!session.listener) await connect(session, session.position);
      return 200;
    }
    const token = 'by' in s ? sessions.find((x) => x.name === s.by)!.token : adminToken;
    const office = 'office' in s && typeof s.office === 'number' ? pool.offices[s.office % pool.offices.length]! : undefined;
    const member = 'member' in s ? pool.members[s.member % pool.members.length]! : undefined;
    const location = 'location' in s ? pool.locations[s.location % pool.locations.length]! : undefined;
    const deal = 'deal' in s ? pool.deals[s.deal % pool.deals.length]! : undefined;
    const template = 'template' in s ? pool.templates[s.template % pool.templates.length]! : undefined;
    const task = 'task' in s ? pool.tasks[s.task % pool.tasks.length]! : undefined;
    const call = (method: string, path: string, body: unknown) => server.api(method, path, { token, body }).then((r) => r.status);
    switch (s.kind) {
      case 'moveOffice':
        return call('PUT', `/api/offices/${office!.id}`, { location_id: location!.id, office_number: `${office!.office_number}-${n}` });
      case 'rates':
        return call('PUT', `/api/offices/${office!.id}`, { marketed_rates: { monthly: s.monthly, six_month: s.monthly, twelve_month: s.monthly } });
      case 'status':
        return call('PATCH', `/api/offices/${office!.id}/status`, { status: s.status });
      case 'renumber':
        return call('PUT', `/api/offices/${office!.id}`, { office_number: `${office!.office_number}-r${n}` });
      case 'moveMember':
        return call('PUT', `/api/members/${member!.id}`, { location_id: location!.id });
      case 'renameMember':
        return call('PUT', `/api/members/${member!.id}`, { company_name: `${member!.company_name} ${n}` });
      case 'assign': {
        const target = s.office === null ? null : pool.offices[s.office % pool.offices.length]!.id;
        return call('PATCH', `/api/members/${member!.id}/office`, { office_id: target });
      }
      case 'moveDeal':
        return call('PATCH', `/api/deals/${deal!.id}/stage`, { stage: s.stage });
      case 'editDeal':
        return call('PUT', `/api/deals/${deal!.id}`, { probability: s.probability });
      case 'dealValue':
        return call('PUT', `/api/deals/${deal!.id}`, { offered_price: s.price });
      case 'agreement': {
        await call('PUT', `/api/deals/${deal!.id}`, { start_date: '2031-03-01', term_months: 12 });
        const generated = await call('POST', `/api/deals/${deal!.id}/agreement`, {});
        if (generated !== 200) return generated;
        const sent = await server.api<{ signing_url: string }>('POST', `/api/deals/${deal!.id}/signature`, { token, body: {} });
        if (sent.status !== 200) return sent.status;
        const link = sent.body.signing_url.slice(sent.body.signing_url.indexOf('/sign/') + '/sign/'.length);
        const viewed = (await server.api('GET', `/api/signing/${link}`)).status;
        if (!s.sign || viewed !== 200) return viewed;
        const signed = (await server.api('POST', `/api/signing/${link}`, { body: { signer_name: 'Pat Signer', accept: true } })).status;
        // As for 'sign': the signing process leases after the signature's commit; the step ends once it has.
        if (signed === 200) await signingProcessPassed(await headOfLog());
        return signed;
      }
      case 'newContact': {
        const company = pool.companies[s.company % pool.companies.length]!;
        return call('POST', '/api/contacts', { name: `Contact ${n}`, email: `contact${n}@convergence.example`, company_id: company });
      }
      case 'renameCompany': {
        const company = pool.companies[s.company % pool.companies.length]!;
        return call('PUT', `/api/companies/${company}`, { name: `Company ${n}` });
      }
      case 'sign': {
        const { position } = await signDeal(server.deps.sql, deal!.id);
        // The process acts after the signature's commit: the step ends once it has.
        await signingProcessPassed(position);
        return 200;
      }
      case 'relocateDeal':
        // An administrator moves a deal to another location: it leaves the old manager's board.
        return server.api('PUT', `/api/deals/${deal!.id}`, { token: adminToken, body: { location_id: location!.id, office_ids: [] } }).then((r) => r.status);
      case 'newTemplate': {
        const res = await server.api<Template>('POST', '/api/templates', { token, body: { name: `Template ${n}`, category: 'Email', content: `Hello [Name] ${n}` } });
        if (res.status === 201) pool.templates.push(res.body);
        return res.status;
      }
      case 'editTemplate':
        return call('PUT', `/api/templates/${template!.id}`, { content: `Edited [Name] ${n}` });
      case 'deleteTemplate':
        return call('DELETE', `/api/templates/${template!.id}`, undefined);
      case 'upload': {
        const form = new FormData();
        for (const [key, value] of Object.entries({ name: `Document ${n}`, description: `Notes ${n}`, category: 'Payroll Information' })) form.append(key, value);
        form.append('file', new Blob([`Document ${n}\n`], { type: 'text/plain' }), `document-${n}.txt`);
        const res = await fetch(`${server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        if (res.status === 201) pool.documents.push(((await res.json()) as { id: string }).id);
        return res.status;
      }
      case 'deleteDocument':
        return pool.documents.length === 0 ? 200 : call('DELETE', `/api/resources/${pool.documents[s.document % pool.documents.length]!}`, undefined);
      case 'timeOff':
        return call('PUT', '/api/settings/system', { vacation_days: s.days });
      case 'slackConfig':
        return call('POST', '/api/slack/config', { webhook_url: receiver.url(`/services/T0/B0/convergence${n}`), enabled: s.enabled });
      case 'slackRules':
        return call('PUT', '/api/slack/workflows', {
          workflow_rules: Array.from({ length: s.rules }, (_, i) => ({ id: `rule-${i}`, event_type: 'deal_stage_change', enabled: i % 2 === 0, channel: '', message_template: `Step ${n}: {deal_name}`, conditions: {} })),
        });
      case 'gmailConnect': {
        // The whole round trip: connect, Google's consent (the stand-in), the callback.
        const started = await server.api<{ auth_url: string }>('POST', '/api/gmail/connect', { token, body: { redirect_uri: REDIRECT } });
        if (started.status !== 200) return started.status;
        const { code, state } = await google.authorize(started.body.auth_url);
        return call('POST', '/api/gmail/callback', { code, state, redirect_uri: REDIRECT });
      }
      case 'gmailDisconnect':
        return call('POST', '/api/gmail/disconnect', {});
      case 'taskStatus':
        return call('PATCH', `/api/tasks/${task!.id}/status`, { status: s.status });
      case 'editTask':
        return call('PUT', `/api/tasks/${task!.id}`, { priority: s.priority });
      case 'taskOffice':
        return call('PUT', `/api/tasks/${task!.id}`, { office_id: office!.id });
      case 'relocateTask':
        // Managers may move tasks between their own locations; the task leaves the other's screens.
        return call('PUT', `/api/tasks/${task!.id}`, { location_id: location!.id, office_id: null });
      case 'book': {
        const room = pool.rooms[s.room % pool.rooms.length]!;
        const starts = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + s.day, s.hour + 5));
        const res = await server.api<{ id: string }>('POST', '/api/bookings', {
          token,
          body: { room_id: room.id, title: `Booking ${n}`, starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 3_600_000).toISOString() },
        });
        if (res.status === 201) pool.bookings.push(res.body.id);
        return res.status;
      }
      case 'moveBooking': {
        if (pool.bookings.length === 0) return 200;
        const id = pool.bookings[s.booking % pool.bookings.length]!;
        const current = await server.api<{ starts_at: string }>('GET', `/api/bookings/${id}`, { token: adminToken });
        const day = new Date(current.body.starts_at);
        const starts = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), s.hour + 5));
        return call('PUT', `/api/bookings/${id}`, { starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 1_800_000).toISOString() });
      }
      case 'cancelBooking':
        return pool.bookings.length === 0 ? 200 : call('DELETE', `/api/bookings/${pool.bookings[s.booking % pool.bookings.length]!}`, undefined);
      case 'renameLocation':
        return call('PUT', `/api/locations/${location!.id}`, { name: `${location!.name.split(' #')[0]} #${n}` });
      case 'renameUser': {
        const id = userIds.get(sessions.find((x) => x.name === s.who)!.token)!;
        return call('PUT', `/api/users/${id}`, { name: `${s.who} ${n}` });
      }
      case 'access': {
        // An administrator changes what the second manager may see: its sockets are told to reload.
        const locations = s.locations.map((i) => pool.locations[i]!.id);
        await server.deps.handle(
          userAggregate,
          secondManagerId,
          { type: 'UpdateUser', actor_id: 'system', changes: { locations, primary_location: locations[0]! } },
          { userId: 'system', now: new Date() },
        );
        return 200;
      }
    }
  }
}
