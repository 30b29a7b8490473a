import { expect } from 'vitest';
import { headPosition } from '../../events/store/append';
import { applyRow, emptyCollection, removeRow, type LiveCollection, type Versioned } from '../../client/src/live/collection';
import type { ChangeMessage, LiveEntity } from '@shared/realtime';
import type { Company } from '@shared/schemas/crm';
import type { Deal } from '@shared/schemas/deals';
import type { GmailStatus } from '@shared/schemas/gmail';
import { isClosedStage } from '@shared/domain/deals';
import { listen, type Listener } from './sockets';
import type { TestServer } from './server';

/**
 * The browser's side of the push rule, modelled: what each socket holds (its user's first GET
 * answers, then every pushed row and removal merged as the browser merges them), and the check
 * that it equals what that user's GET answers now.
 */

export const ENTITIES = ['offices', 'members', 'locations', 'deals', 'contacts', 'companies', 'templates', 'tasks', 'resources', 'company_settings', 'slack_config', 'slack_workflows', 'slack_deliveries', 'gmail_status', 'users', 'bookings'] as const satisfies readonly LiveEntity[];
const DELIVERY_WINDOW = 200;
/**
 * Rows outside the log, changed by work that follows it (the delivery loop posts a notification
 * after the step that caused it): the picture must come to equal the GET answer as asked again.
 */
const SETTLING: ReadonlySet<Entity> = new Set(['slack_deliveries']);
/** Where a user's GET reads each entity; the company's time off and one's own mail connection are one row, not a list. */
const READ_PATH: Partial<Record<LiveEntity, string>> = {
  company_settings: '/api/settings/company',
  slack_config: '/api/slack/config',
  slack_workflows: '/api/slack/workflows',
  gmail_status: '/api/gmail/status',
  // The whole log of a run: the window (at most 200) holds every delivery the steps cause.
  slack_deliveries: `/api/slack/deliveries?limit=${DELIVERY_WINDOW}`,
  // Bookings answer a window: this one holds every booking of a run (the demo's next two weeks, the steps' next three).
  bookings: `/api/bookings?from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60 * 86_400_000).toISOString())}`,
};
/** Administrators' alone: anyone else's GET is refused, so their picture holds none of these rows. */
const ADMIN_ONLY: ReadonlySet<LiveEntity> = new Set(['slack_config', 'slack_workflows', 'slack_deliveries']);

export type Entity = (typeof ENTITIES)[number];
export type Picture = Record<Entity, LiveCollection<Versioned & { id: string }>>;

export interface Session {
  name: string;
  token: string;
  /** Null while the user is away (socket closed); it comes back with `since: position`. */
  listener: Listener | null;
  /** The last log position this socket was told of. */
  position: number;
  picture: Picture;
  /** Pushed messages and resyncs in arrival order; `applied` of them are in the picture. */
  inbox: ({ kind: 'change'; message: Pick<ChangeMessage, 'changes'> } | { kind: 'resync' } | { kind: 'reload'; entity: Entity })[];
  applied: number;
}

/** The users whose sessions are modelled: who is an administrator or a viewer, and each one's id. */
export interface ModelUsers {
  adminToken: string;
  viewerToken: string;
  /** Each session's user, by its token. */
  userIds: Map<string, string>;
}

/** A GET that must succeed, as `token`'s user. */
export async function getAs<T>(server: TestServer, token: string, path: string): Promise<T> {
  const res = await server.api('GET', path, { token });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
  return res.body as T;
}

export function convergenceModel(server: TestServer, users: ModelUsers) {
  const { adminToken, viewerToken, userIds } = users;
  /** Whose GET of the entity is refused: Slack's for all but administrators, a mail connection for viewers. */
  const refused = (token: string, entity: Entity) => (ADMIN_ONLY.has(entity) && token !== adminToken) || (entity === 'gmail_status' && token === viewerToken);
  /** An entity's rows as the user's GET answers them, a single row as a list of one. */
  async function rowsOf(token: string, entity: Entity): Promise<(Versioned & { id: string })[]> {
    if (entity === 'users' && token !== adminToken) {
      // The list of users is administrators' alone (API.md); everyone reads their own record.
      expect((await server.api('GET', '/api/users', { token })).status).toBe(403);
      return [await get<Versioned & { id: string }>(token, `/api/users/${userIds.get(token)!}`)];
    }
    if (refused(token, entity)) {
      expect((await server.api('GET', READ_PATH[entity]!, { token })).status).toBe(403);
      return [];
    }
    const answer = await get<(Versioned & { id: string }) | (Versioned & { id: string })[]>(token, READ_PATH[entity] ?? `/api/${entity}`);
    if (entity === 'gmail_status') {
      // The status adds the server's own set-up (configured, missing settings) to the row, which is what is pushed.
      const { configured: _configured, missing_settings: _missing, ...row } = answer as GmailStatus;
      return [row];
    }
    return Array.isArray(answer) ? answer : [answer];
  }

  const get = <T,>(token: string, path: string) => getAs<T>(server, token, path);

  async function snapshot(token: string): Promise<Picture> {
    const picture = Object.fromEntries(ENTITIES.map((entity) => [entity, emptyCollection()])) as Picture;
    for (const entity of ENTITIES) {
      for (const row of await rowsOf(token, entity)) {
        picture[entity] = applyRow(picture[entity], row);
      }
    }
    return picture;
  }

  /** Folds what arrived since the last look into the picture, as the browser does. */
  async function absorb(session: Session) {
    while (session.applied < session.inbox.length) {
      const item = session.inbox[session.applied++]!;
      if (item.kind === 'resync') {
        // The browser reloads its views: the picture is the GET answers again.
        session.picture = await snapshot(session.token);
        continue;
      }
      if (item.kind === 'reload') {
        // Rows no catch-up replays: the browser reloads them on every connection.
        let reloaded = emptyCollection<Versioned & { id: string }>();
        for (const row of await rowsOf(session.token, item.entity)) reloaded = applyRow(reloaded, row);
        session.picture[item.entity] = reloaded;
        continue;
      }
      for (const change of item.message.changes) {
        const entity = change.entity as Entity;
        if (!ENTITIES.includes(entity)) continue;
        session.picture[entity] = change.row
          ? applyRow(session.picture[entity], change.row as Versioned & { id: string })
          : removeRow(session.picture[entity], change.id, change.removed_at);
      }
    }
  }

  const sorted = (rows: { id: string }[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

  /** Connects (or reconnects, from the position it reached) as the browser does. */
  async function connect(session: Session, since?: number) {
    const listener = listen(server.url, { token: session.token, ...(since !== undefined ? { since } : {}) });
    listener.socket.on('change', (message) => {
      session.position = Math.max(session.position, message.position);
      session.inbox.push({ kind: 'change', message });
    });
    listener.socket.on('rows', (message) => session.inbox.push({ kind: 'change', message }));
    listener.socket.on('resync', () => session.inbox.push({ kind: 'resync' }));
    session.position = Math.max(session.position, (await listener.ready).position);
    session.listener = listener;
    if (since !== undefined) for (const entity of SETTLING) session.inbox.push({ kind: 'reload', entity });
  }

  async function open(name: string, token: string): Promise<Session> {
    await head();
    const session: Session = { name, token, listener: null, position: 0, picture: await snapshot(token), inbox: [], applied: 0 };
    // Rows pushed between the snapshot and `ready` merge by version, as in the browser.
    await connect(session);
    return session;
  }

  async function head() {
    const position = await headPosition(server.deps.sql);
    await server.gateway.waitFor(position);
  }

  /** Every session's picture equals its user's GET answers (waiting for pushes in flight to land). */
  async function expectConverged(sessions: Session[], step: string) {
    await head();
    const connected = sessions.filter((session) => session.listener);
    // The step's writes (and the signing process's) are done: every GET answers the same state, so all are asked at once.
    const answers = await Promise.all(connected.map((session) => Promise.all(ENTITIES.map(async (entity) => sorted(await rowsOf(session.token, entity))))));
    for (const [s, session] of connected.entries()) {
      const read: Partial<Record<Entity, { id: string }[]>> = {};
      for (const [e, entity] of ENTITIES.entries()) {
        let truth = answers[s]![e]!;
        read[entity] = truth;
        let picture: { id: string }[] = [];
        // The gateway has emitted everything; the socket may still be reading it.
        for (let attempt = 0; attempt < 200; attempt++) {
          await absorb(session);
          picture = sorted(Object.values(session.picture[entity].byId));
          if (JSON.stringify(picture) === JSON.stringify(truth)) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
          if (SETTLING.has(entity)) truth = sorted(await rowsOf(session.token, entity));
        }
        if (SETTLING.has(entity)) expect(truth.length, `${entity} within the window`).toBeLessThan(DELIVERY_WINDOW);
        expect(picture, `${session.name}'s ${entity} after ${step}`).toEqual(truth);
      }
      expectFiguresOfOwnDeals(step, session.name, read.companies!, read.deals!);
    }
  }

  return { head, open, connect, expectConverged };
}

export type ConvergenceModel = ReturnType<typeof convergenceModel>;

/**
 * A company's figures as one user reads them are that user's deals of it: a manager's count only
 * the deals of their locations, in the GET answers (and so, by the check below, in the push).
 */
function expectFiguresOfOwnDeals(step: string, name: string, companies: { id: string }[], deals: { id: string }[]) {
  for (const company of companies as unknown as Company[]) {
    const own = (deals as unknown as Deal[]).filter((d) => d.company_id === company.id);
    expect(company.deal_count, `${name}'s deal count of ${company.name} after ${step}`).toBe(own.length);
    expect(company.total_deal_value, `${name}'s deal value of ${company.name} after ${step}`).toBeCloseTo(own.reduce((sum, d) => sum + d.deal_value, 0), 2);
    expect(company.active_deal_count, `${name}'s active deals of ${company.name} after ${step}`).toBe(own.filter((d) => !isClosedStage(d.stage)).length);
    expect(company.won_deal_count, `${name}'s won deals of ${company.name} after ${step}`).toBe(own.filter((d) => d.stage === 'agreement_signed').length);
  }
}
