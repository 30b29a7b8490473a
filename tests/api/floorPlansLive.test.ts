import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeMessage } from '@shared/realtime';
import type { FloorPlacement } from '@shared/schemas/floorPlans';
import { listen } from '../support/sockets';
import { pngOfSize } from '../support/floorImages';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const changesOf = (messages: ChangeMessage[], entity: string, id: string) => messages.flatMap((m) => m.changes.filter((c) => c.entity === entity && c.id === id));
const box = { x: 0.2, y: 0.3, width: 0.1, height: 0.1 };

describe('floor plans pushed live', () => {
  it('push a box to the sockets of its location only, again when its office’s status changes, and its removal when the office moves floor', async () => {
    const office = await w.newOffice('55 Broadway', { floor: 90 });
    await w.settled();
    const manager = listen(w.server.url, { token: w.tokens.manager });
    const viewer = listen(w.server.url, { token: w.tokens.viewer });
    // A manager of Greenpoint alone: a 55 Broadway box is none of theirs.
    const outsider = await w.api('POST', '/api/users', {
      token: w.tokens.admin,
      body: { name: 'Gail Greenpoint', email: 'gail.fp@flexspace.demo', password: 'Passw0rd!long', role: 'manager', locations: [w.loc('Greenpoint')], primary_location: w.loc('Greenpoint') },
    });
    expect(outsider.status, outsider.text).toBe(201);
    const signedIn = await w.api<{ access_token: string }>('POST', '/api/auth/login', { body: { email: 'gail.fp@flexspace.demo', password: 'Passw0rd!long' } });
    const stranger = listen(w.server.url, { token: signedIn.body.access_token });
    await Promise.all([manager.ready, viewer.ready, stranger.ready]);

    const placed = await w.api<FloorPlacement>('PUT', `/api/floor-plans/${office.location_id}/90/placements/${office.id}`, { token: w.tokens.admin, body: box });
    expect(placed.status, placed.text).toBe(200);
    const id = placed.body.id;
    for (const socket of [manager, viewer]) {
      await socket.until((m) => changesOf(m, 'floor_placements', id).length > 0, 'the placed box');
      expect(changesOf(socket.changes, 'floor_placements', id)[0]!.row).toEqual(placed.body);
    }

    const status = await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'UNAVAILABLE' } });
    expect(status.status).toBe(200);
    await manager.until((m) => changesOf(m, 'floor_placements', id).some((c) => (c.row as FloorPlacement | null)?.status === 'UNAVAILABLE'), 'the box of the unavailable office');
    const restamped = changesOf(manager.changes, 'floor_placements', id).at(-1)!.row as FloorPlacement;
    expect(restamped.version).toBe(placed.body.version);
    expect(restamped.updated_at > placed.body.updated_at).toBe(true);

    const moved = await w.api('PUT', `/api/offices/${office.id}`, { token: w.tokens.admin, body: { floor: 91 } });
    expect(moved.status).toBe(200);
    await manager.until((m) => changesOf(m, 'floor_placements', id).some((c) => c.row === null), 'the removal of the box');
    // Where the box stood then: a later placement of it is newer, and comes back.
    expect(changesOf(manager.changes, 'floor_placements', id).at(-1)!.removed_at).toMatchObject({ version: placed.body.version });
    expect((await w.api('GET', `/api/floor-plans/placements?location=${office.location_id}&floor=90`, { token: w.tokens.manager })).body).toEqual([]);
    const again = await w.api<FloorPlacement>('PUT', `/api/floor-plans/${office.location_id}/91/placements/${office.id}`, { token: w.tokens.manager, body: box });
    expect(again.body).toMatchObject({ id, floor: 91, version: placed.body.version + 1 });
    await viewer.until((m) => changesOf(m, 'floor_placements', id).some((c) => (c.row as FloorPlacement | null)?.floor === 91), 'the box placed again');

    const background = new FormData();
    background.append('file', new Blob([new Uint8Array(pngOfSize(640, 400))]), 'plan.png');
    const uploaded = await fetch(`${w.server.url}/api/floor-plans/${office.location_id}/91/background`, { method: 'PUT', headers: { authorization: `Bearer ${w.tokens.manager}` }, body: background });
    expect(uploaded.status).toBe(200);
    await viewer.until((m) => m.some((x) => x.changes.some((c) => c.entity === 'floor_backgrounds' && (c.row as { floor?: number } | null)?.floor === 91)), 'the new background');

    await w.settled();
    expect(stranger.changes.flatMap((m) => m.changes).filter((c) => c.entity === 'floor_placements' || c.entity === 'floor_backgrounds')).toEqual([]);
    for (const socket of [manager, viewer, stranger]) socket.close();
  });
});
