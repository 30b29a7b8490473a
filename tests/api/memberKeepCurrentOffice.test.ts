import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@shared/schemas/members';
import { listen } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const lease = (member: string, office_id: string, version?: number) =>
  w.api<Member>('PATCH', `/api/members/${member}/office`, { token: w.tokens.manager, body: { office_id, keep_current: true, version } });
const release = (member: string, release_office_id: string) =>
  w.api<Member>('PATCH', `/api/members/${member}/office`, { token: w.tokens.manager, body: { office_id: null, release_office_id } });

describe('PATCH /api/members/:id/office with keep_current (the office grid bulk Assign)', () => {
  it('given a company with no office, when it leases two, then the first is its own, both are LEASED to it, and releasing each vacates it', async () => {
    const member = await w.newMember('60 Broad', 'Two Rooms LLC');
    const first = await w.newOffice('60 Broad');
    const second = await w.newOffice('60 Broad');

    const one = await lease(member.id, first.id, member.version);
    expect(one.status, one.text).toBe(200);
    expect(one.body.office_id).toBe(first.id);
    const before = await w.logHead();
    const two = await lease(member.id, second.id, one.body.version);
    expect(two.status, two.text).toBe(200);
    // Only the office changes: one event, and the company keeps the office it has.
    expect(await w.logHead()).toBe(before + 1);
    expect(two.body.office_id).toBe(first.id);
    for (const office of [first, second]) expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED', member_id: member.id, tenant: 'Two Rooms LLC' });

    expect((await release(member.id, second.id)).body.office_id).toBe(first.id);
    expect(await w.getOffice(second.id)).toMatchObject({ status: 'VACANT', member_id: null });
    expect((await release(member.id, first.id)).body.office_id).toBeNull();
    expect(await w.getOffice(first.id)).toMatchObject({ status: 'VACANT', member_id: null });
  });

  it('given an office another company holds or one elsewhere, then the same refusals as the single Assign, and nothing changes', async () => {
    const holder = await w.newMember('60 Broad', 'Holder Two');
    const member = await w.newMember('60 Broad', 'Taker Two');
    const taken = await w.newOffice('60 Broad');
    const away = await w.newOffice('55 Broadway');
    await lease(holder.id, taken.id);
    const before = await w.logHead();
    const refused = await lease(member.id, taken.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Office is already assigned to another member company' });
    const elsewhere = await lease(member.id, away.id);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ message: "Office must be at the member company's location" });
    expect(await w.logHead()).toBe(before);
    expect(await w.getOffice(taken.id)).toMatchObject({ member_id: holder.id });
  });

  it('given a stale company version, then 409 and nothing changes', async () => {
    const member = await w.newMember('60 Broad', 'Stale Co');
    const office = await w.newOffice('60 Broad');
    await w.api('PUT', `/api/members/${member.id}`, { token: w.tokens.admin, body: { membership_type: 'Premium' } });
    expect((await lease(member.id, office.id, member.version)).status).toBe(409);
    expect((await w.getOffice(office.id)).member_id).toBeNull();
  });

  it("given a company leasing a second office, when that office is renumbered and then released, then each time the company's row is pushed as its GET answers it", async () => {
    const member = await w.newMember('60 Broad', 'Renumbered Rooms');
    const [own, second] = [await w.newOffice('60 Broad'), await w.newOffice('60 Broad')];
    await lease(member.id, own.id);
    await lease(member.id, second.id);
    await w.settled();
    const admin = listen(w.server.url, { token: w.tokens.admin });
    await admin.ready;
    /** The company's row as last pushed, once the pushes number `count`. */
    const pushed = async (count: number, what: string) => {
      const rows = () => admin.changes.flatMap((m) => m.changes).filter((c) => c.entity === 'members' && c.id === member.id);
      await admin.until(() => rows().length >= count, what);
      return rows()[count - 1]!.row as Member;
    };

    const number = `${second.office_number}-R`;
    expect((await w.api('PUT', `/api/offices/${second.id}`, { token: w.tokens.admin, body: { office_number: number } })).status).toBe(200);
    const renumbered = await pushed(1, 'the company row after the renumbering');
    expect(renumbered.offices).toContainEqual({ id: second.id, office_number: number });
    expect(renumbered).toEqual(await w.getMember(member.id));

    await release(member.id, second.id);
    const released = await pushed(2, 'the company row after the release');
    expect(released.offices.map((o) => o.id)).toEqual([own.id]);
    expect(released).toEqual(await w.getMember(member.id));
    admin.close();
  });
});
