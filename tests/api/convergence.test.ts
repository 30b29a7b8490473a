import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAggregate } from '../../events/user/decider';
import { hashPassword } from '../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../server/seed/demoData';
import type { Location } from '@shared/schemas/locations';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import type { Deal } from '@shared/schemas/deals';
import type { Template } from '@shared/schemas/templates';
import type { Task } from '@shared/schemas/tasks';
import { convergenceModel, getAs, type ConvergenceModel, type Session } from '../support/convergenceModel';
import { step, stepRunner, type RowPool, type Step } from '../support/convergenceSteps';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { startGoogleStandIn, type GoogleStandIn } from '../support/googleStandIn';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

/**
 * The push rule, as a property: whatever random users do, in any order, every socket's picture
 * (its user's first GET answers, then every pushed row and removal merged as the browser merges
 * them, including what a socket that was away is sent when it comes back) equals what that
 * user's GET answers after each step (the model: ../support/convergenceModel.ts; the steps:
 * ../support/convergenceSteps.ts).
 */

let server: TestServer;
/** Where the Slack steps' notifications go: a local receiver, never the internet. */
let receiver: WebhookReceiver;
/** Google for the mail-connection steps: a stand-in, never the internet. */
let google: GoogleStandIn;
let model: ConvergenceModel;
let sessions: Session[];
let run: (s: Step) => Promise<number>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  google = await startGoogleStandIn();
  server = await startTestServer({ webhookAllowedHosts: [`127.0.0.1:${receiver.port}`], google: google.config });
  const admin = await signIn(server.api, demoCredentials.admin);
  const adminToken = admin.access_token;
  const get = <T,>(token: string, path: string) => getAs<T>(server, token, path);
  const locations = await get<Location[]>(adminToken, '/api/locations');
  const named = (name: string) => locations.find((l) => l.name === name)!;

  // A second manager whose locations overlap the first's in one place.
  const secondManagerId = randomUUID();
  const second = [named('Greenpoint').id, named('60 Broad').id];
  await server.deps.handle(
    userAggregate,
    secondManagerId,
    {
      type: 'RegisterUser',
      id: secondManagerId,
      profile: { name: 'Riley Chen', email: 'riley@flexspace.demo', role: 'manager', locations: second, primary_location: second[0]! },
      password_hash: await hashPassword(DEMO_PASSWORD),
    },
    { userId: 'system', now: new Date() },
  );
  const tokens = {
    admin: adminToken,
    manager: (await signIn(server.api, demoCredentials.manager)).access_token,
    secondManager: (await signIn(server.api, { email: 'riley@flexspace.demo', password: DEMO_PASSWORD })).access_token,
    viewer: (await signIn(server.api, demoCredentials.viewer)).access_token,
  };

  // A small pool of rows at four locations, so random steps keep meeting the same rows.
  const places = ['55 Broadway', '60 Broad', 'Greenpoint', 'Bushwick'].map(named);
  const offices = await get<Office[]>(adminToken, '/api/offices');
  const members = await get<Member[]>(adminToken, '/api/members');
  const deals = (await get<Deal[]>(adminToken, '/api/deals')).filter((d) => d.stage !== 'agreement_signed' && d.stage !== 'close_lost');
  const tasks = await get<Task[]>(adminToken, '/api/tasks');
  const pool: RowPool = {
    locations: places,
    offices: places.flatMap((p) => offices.filter((o) => o.location_id === p.id).slice(0, 3)),
    members: places.flatMap((p) => members.filter((m) => m.location_id === p.id).slice(0, 2)),
    deals: places.flatMap((p) => deals.filter((d) => d.location_id === p.id).slice(0, 2)),
    companies: [],
    templates: (await get<Template[]>(adminToken, '/api/templates')).slice(0, 3),
    tasks: places.flatMap((p) => tasks.filter((t) => t.location_id === p.id).slice(0, 3)),
    documents: (await get<{ id: string }[]>(adminToken, '/api/resources')).slice(0, 3).map((d) => d.id),
    rooms: places.flatMap((p) => offices.filter((o) => o.location_id === p.id && o.type === 'Meeting Room').slice(0, 1)),
    bookings: [],
  };
  // The companies of the pool's deals, so a deal's value and its company's figures meet.
  pool.companies = [...new Set(pool.deals.map((d) => d.company_id).filter((id): id is string => !!id))];
  const userIds = new Map<string, string>();
  for (const token of Object.values(tokens)) userIds.set(token, (await get<{ id: string }>(token, '/api/auth/me')).id);
  model = convergenceModel(server, { adminToken, viewerToken: tokens.viewer, userIds });
  sessions = [];
  for (const [name, token] of Object.entries(tokens)) sessions.push(await model.open(name, token));
  run = stepRunner({ server, model, sessions, receiver, google, adminToken, secondManagerId, userIds, pool });
});

afterAll(async () => {
  for (const session of sessions ?? []) session.listener?.close();
  await server?.stop();
  await receiver?.close();
  await google?.close();
});

describe('what each socket holds', () => {
  it('equals its user\'s GET answers after every step of random work by admin, two managers and a viewer', async () => {
    const outcomes = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 150, maxLength: 150 }), async (steps) => {
        for (const [i, s] of steps.entries()) {
          const status = await run(s);
          outcomes.set(status, (outcomes.get(status) ?? 0) + 1);
          expect([200, 201, 204, 400, 403, 404, 409]).toContain(status);
          await model.expectConverged(sessions, `step ${i + 1} (${JSON.stringify(s)} -> ${status})`);
        }
        await run({ kind: 'back' });
        await model.expectConverged(sessions, 'everyone came back');
      }),
      { numRuns: 2, endOnFailure: true },
    );
    // The steps did real work, and the refusals were exercised too.
    expect(outcomes.get(200) ?? 0).toBeGreaterThan(50);
    expect(outcomes.get(403) ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
