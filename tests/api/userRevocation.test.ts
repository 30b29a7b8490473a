import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/auth';
import type { ErrorBody } from '@shared/schemas/common';
import { signIn } from '../support/server';
import { officeWorld, type OfficeWorld } from './officeHelpers';

/**
 * The authenticated user comes from memory (server/auth/userCache.ts); a change to a user made
 * through this node holds from the very next request with the token they already have.
 */
let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const PASSWORD = 'a-long-enough-password';

async function signedInManager(location: string) {
  const email = `revoked.${Date.now() % 1_000_000}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await w.api<User>('POST', '/api/users', {
    token: w.tokens.admin,
    body: { name: 'Revoked Manager', email, password: PASSWORD, role: 'manager', locations: [w.loc(location)], primary_location: w.loc(location) },
  });
  expect(created.status, created.text).toBe(201);
  const { access_token: token } = await signIn(w.api, { email, password: PASSWORD });
  const me = () => w.api<User & ErrorBody>('GET', '/api/auth/me', { token });
  // Authenticated once, so the user is held in memory before the change.
  expect((await me()).body.role).toBe('manager');
  return { user: created.body, token, me };
}

const edit = (id: string, body: Record<string, unknown>) => w.api<User>('PUT', `/api/users/${id}`, { token: w.tokens.admin, body });

describe('A change to a signed-in user, on the node that made it', () => {
  it('given a manager who has used their token, when the admin makes them a viewer, then their next request is a viewer\'s', async () => {
    const { user, token, me } = await signedInManager('55 Broadway');
    expect((await edit(user.id, { role: 'viewer' })).status).toBe(200);

    expect((await me()).body.role).toBe('viewer');
    const write = await w.api('POST', '/api/offices', { token, body: { office_number: `R-${Date.now() % 100000}`, location_id: w.loc('55 Broadway') } });
    expect(write.status).toBe(403);
  });

  it('given a manager of one location, when the admin moves them to another, then their next request has the new locations only', async () => {
    const { user, token, me } = await signedInManager('55 Broadway');
    expect((await edit(user.id, { locations: [w.loc('60 Broad')], primary_location: w.loc('60 Broad') })).status).toBe(200);

    expect((await me()).body.locations).toEqual([w.loc('60 Broad')]);
    const write = await w.api('POST', '/api/offices', { token, body: { office_number: `R-${Date.now() % 100000}`, location_id: w.loc('55 Broadway') } });
    expect(write.status).toBe(403);
  });

  it('given a manager who has used their token, when the admin deletes them, then their next request is refused as unauthenticated', async () => {
    const { user, me } = await signedInManager('55 Broadway');
    const removed = await w.api('DELETE', `/api/users/${user.id}`, { token: w.tokens.admin });
    expect(removed.status, removed.text).toBe(204);

    expect((await me()).status).toBe(401);
  });
});
