import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '@shared/schemas/crm';
import type { SignatureAnswer, SigningSummary } from '@shared/schemas/agreements';
import type { Deal } from '@shared/schemas/deals';
import type { Member } from '@shared/schemas/members';
import { leaseEndDate } from '@shared/domain/lease';
import { DEMO_USERS } from '../../server/seed/demoData';
import { NO_EXECUTED_COPY } from '../../server/signing/routes/dealSigning';
import { signDeal } from '../support/signature';
import { listen } from '../support/sockets';
import { pdfText } from './reportsHelpers';
import { officeWorld, type OfficeWorld } from './officeHelpers';
import { count, dealReads, newDeal, rates, unique, until } from './signingHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});
const { getDeal, signedDeal, download } = dealReads(() => w);

describe('a signed agreement', () => {
  it('with term days leases the offices until the day the agreement says (start + months + days)', async () => {
    const office = await w.newOffice('Bushwick', rates(1200));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id], start_date: '2025-01-01', term_months: 5, term_days: 15 });
    expect((await w.api('PATCH', `/api/deals/${deal.id}/stage`, { token: w.tokens.admin, body: { stage: 'tour_completed' } })).status).toBe(200);
    expect((await w.api('POST', `/api/deals/${deal.id}/agreement`, { token: w.tokens.admin, body: {} })).status).toBe(200);
    const sent = await w.api<SignatureAnswer>('POST', `/api/deals/${deal.id}/signature`, { token: w.tokens.admin, body: {} });
    expect(sent.status, sent.text).toBe(200);
    const token = sent.body.signing_url.slice(sent.body.signing_url.lastIndexOf('/sign/') + '/sign/'.length);
    const summary = await w.api<SigningSummary>('GET', `/api/signing/${token}`);
    expect(summary.body.terms.end_date).toBe('2025-06-16');
    expect((await w.api('POST', `/api/signing/${token}`, { body: { signer_name: 'Robin Vale', accept: true } })).status).toBe(200);

    await signedDeal(deal.id);
    expect((await w.getOffice(office.id)).lease_info).toEqual({
      signed_rate: 2400,
      term_months: 5,
      term_days: 15,
      start_date: '2025-01-01',
      end_date: summary.body.terms.end_date,
    });
  });

  it('leases the offices to a new member company at their split rates, signs the deal and makes its company a Member', async () => {
    const small = await w.newOffice('Bushwick', rates(500));
    const large = await w.newOffice('Bushwick', rates(1500));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [small.id, large.id] });
    expect(deal.company_id).toBeTruthy();

    await signDeal(w.server.deps.sql, deal.id);
    const signed = await signedDeal(deal.id);
    expect(signed).toMatchObject({ stage: 'agreement_signed', attention_reason: null });
    expect(signed.member_id).toBeTruthy();

    const offices = [await w.getOffice(small.id), await w.getOffice(large.id)];
    expect(offices.map((o) => [o.status, o.member_id, o.tenant])).toEqual([
      ['LEASED', signed.member_id, deal.company_name],
      ['LEASED', signed.member_id, deal.company_name],
    ]);
    expect(offices.map((o) => o.lease_info)).toEqual([
      { signed_rate: 600, term_months: 12, term_days: null, start_date: '2025-09-01', end_date: '2026-09-01' },
      { signed_rate: 1800, term_months: 12, term_days: null, start_date: '2025-09-01', end_date: '2026-09-01' },
    ]);

    const member = await w.getMember(signed.member_id!);
    expect(member).toMatchObject({ company_name: deal.company_name, location_id: w.loc('Bushwick'), office_id: small.id });
    // Both offices are the company's: its own first.
    expect(member.offices).toEqual([
      { id: small.id, office_number: small.office_number },
      { id: large.id, office_number: large.office_number },
    ]);
    const listed = (await w.api<Member[]>('GET', '/api/members?location=Bushwick', { token: w.tokens.admin })).body.find((m) => m.id === member.id);
    expect(listed?.offices.map((o) => o.id)).toEqual([small.id, large.id]);
    expect(member.primary_contact).toMatchObject({ name: 'Pat Signer', email: deal.contact.email });
    const company = (await w.api<Company>('GET', `/api/companies/${deal.company_id}`, { token: w.tokens.admin })).body;
    expect(company.status).toBe('Member');

    // Moved by the system, and closed: it cannot be dragged back.
    const [moved] = await w.server.deps.sql<{ data: { stage: string; moved_by: string } }[]>`
      SELECT data FROM events WHERE stream_id = ${'deal-' + deal.id} AND type = 'DealMoved'`;
    expect(moved!.data).toMatchObject({ stage: 'agreement_signed', moved_by: 'system' });
    const drag = await w.api('PATCH', `/api/deals/${deal.id}/stage`, { token: w.tokens.admin, body: { stage: 'agreement_sent' } });
    expect(drag.status).toBe(409);
    expect(drag.body.message).toBe('This deal is closed');
  });

  it('links an existing member company of that name at the location instead of creating another', async () => {
    const existing = await w.newMember('Bushwick', unique('Linked Co'));
    const office = await w.newOffice('Bushwick', rates(900));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { company_name: `  ${existing.company_name.toUpperCase()} `, office_ids: [office.id] });
    await signDeal(w.server.deps.sql, deal.id);
    const signed = await signedDeal(deal.id);
    expect(signed.member_id).toBe(existing.id);
    const members = (await w.api<Member[]>('GET', '/api/members?location=Bushwick', { token: w.tokens.admin })).body;
    expect(members.filter((m) => m.company_name.toLowerCase() === existing.company_name.toLowerCase())).toHaveLength(1);
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED', member_id: existing.id, signed_rate: 2400 });
    expect((await w.getMember(existing.id)).office_id).toBe(office.id);
  });

  it("links a later deal of the same CRM company to the member its earlier signing created, even renamed, keeping that member's office", async () => {
    const first = await w.newOffice('Bushwick', rates(1000));
    const second = await w.newOffice('Bushwick', rates(1000));
    const earlier = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [first.id] });
    await signDeal(w.server.deps.sql, earlier.id);
    const { member_id } = await signedDeal(earlier.id);
    const renamed = await w.api('PUT', `/api/members/${member_id}`, { token: w.tokens.admin, body: { company_name: unique('Renamed Co') } });
    expect(renamed.status, renamed.text).toBe(200);

    const later = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { company_id: earlier.company_id, company_name: earlier.company_name, office_ids: [second.id] });
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.admin });
    await socket.ready;
    await signDeal(w.server.deps.sql, later.id);
    expect((await signedDeal(later.id)).member_id).toBe(member_id);
    expect((await w.getOffice(second.id)).member_id).toBe(member_id);
    // The member's own office stays the one it had; the new office is its as well, and the
    // push (the lease changes only the office's stream) says so as a GET does.
    const member = await w.getMember(member_id!);
    expect(member.office_id).toBe(first.id);
    expect(member.offices.map((o) => o.id)).toEqual([first.id, second.id]);
    const holdsBoth = (x: { entity: string; id: string; row: unknown }) =>
      x.entity === 'members' && x.id === member_id && (x.row as Member | null)?.offices.length === 2;
    await socket.until((c) => c.some((m) => m.changes.some(holdsBoth)), 'the member row with both offices');
    const pushed = socket.changes.flatMap((m) => m.changes).filter(holdsBoth).at(-1)!;
    expect(pushed.row).toEqual(await w.getMember(member_id!));
    socket.close();
    expect((await w.getOffice(first.id)).status).toBe('LEASED');

    // Unassigning the other office from its own dialog leaves that office only.
    const released = await w.api<Member>('PATCH', `/api/members/${member_id}/office`, { token: w.tokens.admin, body: { office_id: null, release_office_id: second.id } });
    expect(released.status, released.text).toBe(200);
    expect(released.body.office_id).toBe(first.id);
    expect(released.body.offices.map((o) => o.id)).toEqual([first.id]);
    expect(await w.getOffice(second.id)).toMatchObject({ status: 'VACANT', member_id: null, tenant: null });
    expect(await w.getOffice(first.id)).toMatchObject({ status: 'LEASED', member_id });
  });

  it('needs attention, and changes nothing else, when an office was leased to another company meanwhile', async () => {
    const free = await w.newOffice('Bushwick', rates(500));
    const taken = await w.newOffice('Bushwick', rates(1500));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [free.id, taken.id] });
    const acme = await w.newMember('Bushwick', unique('Acme'));
    const assigned = await w.api('PATCH', `/api/members/${acme.id}/office`, { token: w.tokens.admin, body: { office_id: taken.id } });
    expect(assigned.status, assigned.text).toBe(200);
    const membersBefore = (await w.api<Member[]>('GET', '/api/members?location=Bushwick', { token: w.tokens.admin })).body.length;

    await signDeal(w.server.deps.sql, deal.id);
    const flagged = await until(() => getDeal(deal.id), (d) => d.attention_reason !== null, 'the deal needs attention');
    expect(flagged.attention_reason).toBe(`Office ${taken.office_number} is leased to ${acme.company_name}`);
    expect(flagged).toMatchObject({ stage: deal.stage, member_id: null });

    expect(await w.getOffice(free.id)).toMatchObject({ status: 'VACANT', member_id: null, signed_rate: null, lease_info: { start_date: null, term_months: null } });
    expect(await w.getOffice(taken.id)).toMatchObject({ status: 'LEASED', member_id: acme.id, tenant: acme.company_name });
    expect((await w.api<Member[]>('GET', '/api/members?location=Bushwick', { token: w.tokens.admin })).body).toHaveLength(membersBefore);
    const company = (await w.api<Company>('GET', `/api/companies/${deal.company_id}`, { token: w.tokens.admin })).body;
    expect(company.status).toBe('Prospect');
    expect(await count(w.server.deps.sql, `deal-${deal.id}`, 'DealMoved')).toBe(0);

    // Fixed by hand, then "Try again": the signing completes from the same signature.
    const retry = (token: string) => w.api<Deal & { message?: string }>('POST', `/api/deals/${deal.id}/signing/retry`, { token, body: {} });
    expect((await retry(w.tokens.viewer)).status).toBe(403);
    expect((await w.api('PATCH', `/api/members/${acme.id}/office`, { token: w.tokens.admin, body: { office_id: null } })).status).toBe(200);
    const retried = await retry(w.tokens.admin);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.attention_reason).toBeNull();
    const signed = await signedDeal(deal.id);
    expect(signed.attention_reason).toBeNull();
    expect((await w.getOffice(taken.id)).lease_info).toMatchObject({ signed_rate: 1800, start_date: '2025-09-01' });
    expect((await w.getOffice(free.id)).lease_info).toMatchObject({ signed_rate: 600, start_date: '2025-09-01' });
    expect(await count(w.server.deps.sql, `deal-${deal.id}`, 'DealExecutedCopyStored')).toBe(1);
    const again = await retry(w.tokens.admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This deal has no signing that needs attention');
  });

  it('needs attention when an office was made unavailable, naming each office that stands in the way', async () => {
    const office = await w.newOffice('Bushwick', rates(700));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id] });
    const status = await w.api('PATCH', `/api/offices/${office.id}/status`, { token: w.tokens.admin, body: { status: 'UNAVAILABLE' } });
    expect(status.status, status.text).toBe(200);
    await signDeal(w.server.deps.sql, deal.id);
    const flagged = await until(() => getDeal(deal.id), (d) => d.attention_reason !== null, 'the deal needs attention');
    expect(flagged.attention_reason).toBe(`Office ${office.office_number} is unavailable`);
    expect((await w.getOffice(office.id)).status).toBe('UNAVAILABLE');
  });
});

describe('a deal moved to Agreement Signed by hand runs the same signing process', () => {
  const move = (id: string, body: Record<string, unknown>) => w.api<Deal & { message?: string }>('PATCH', `/api/deals/${id}/stage`, { token: w.tokens.admin, body });
  const completed = (id: string) => until(() => getDeal(id), (d) => d.member_id !== null, 'the signing completed');

  it('PATCH stage agreement_signed links the company, leases the offices until start + months + days, and cannot be undone or moved out', async () => {
    const small = await w.newOffice('Bushwick', rates(500));
    const large = await w.newOffice('Bushwick', rates(1500));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [small.id, large.id], start_date: '2025-01-31', term_months: 1, term_days: 3 });

    const moved = await move(deal.id, { stage: 'agreement_signed' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ stage: 'agreement_signed', probability: 100, signed_by: DEMO_USERS.admin.name });

    const signed = await completed(deal.id);
    expect(signed).toMatchObject({ stage: 'agreement_signed', attention_reason: null, signed_by: DEMO_USERS.admin.name });
    const end = leaseEndDate('2025-01-31', 1, 3);
    expect(end).toBe('2025-03-03');
    const offices = [await w.getOffice(small.id), await w.getOffice(large.id)];
    expect(offices.map((o) => [o.status, o.member_id, o.tenant])).toEqual([
      ['LEASED', signed.member_id, deal.company_name],
      ['LEASED', signed.member_id, deal.company_name],
    ]);
    expect(offices.map((o) => o.lease_info)).toEqual([
      { signed_rate: 600, term_months: 1, term_days: 3, start_date: '2025-01-31', end_date: end },
      { signed_rate: 1800, term_months: 1, term_days: 3, start_date: '2025-01-31', end_date: end },
    ]);
    expect(await w.getMember(signed.member_id!)).toMatchObject({ company_name: deal.company_name, location_id: w.loc('Bushwick'), office_id: small.id });
    expect((await w.api<Company>('GET', `/api/companies/${deal.company_id}`, { token: w.tokens.admin })).body.status).toBe('Member');
    // No agreement was signed on the page: nothing to copy.
    expect(signed.executed_copy).toBeNull();

    const undo = await w.api<{ message: string }>('POST', `/api/deals/${deal.id}/undo`, { token: w.tokens.admin, body: {} });
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe('This deal was changed after your move, so it cannot be undone');
    const out = await move(deal.id, { stage: 'agreement_sent' });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe('This deal is closed');
    expect(await count(w.server.deps.sql, `deal-${deal.id}`, 'DealSigningCompleted')).toBe(1);
  });

  it("the board's drop route (between two cards) links an existing member company of that name", async () => {
    const existing = await w.newMember('Bushwick', unique('Dropped Co'));
    const office = await w.newOffice('Bushwick', rates(900));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { company_name: existing.company_name, office_ids: [office.id] });
    const neighbour = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'));
    expect((await move(neighbour.id, { stage: 'agreement_signed' })).status).toBe(200);

    const dropped = await move(deal.id, { stage: 'agreement_signed', after_id: neighbour.id, version: deal.version });
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.body.rank < (await getDeal(neighbour.id)).rank).toBe(true);
    expect((await completed(deal.id)).member_id).toBe(existing.id);
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED', member_id: existing.id, signed_rate: 2400 });
  });

  it("says 'Needs attention' with the reason when an office is leased to another company, and Try again completes it once freed", async () => {
    const office = await w.newOffice('Bushwick', rates(1000));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id] });
    const acme = await w.newMember('Bushwick', unique('Acme'));
    expect((await w.api('PATCH', `/api/members/${acme.id}/office`, { token: w.tokens.admin, body: { office_id: office.id } })).status).toBe(200);

    expect((await move(deal.id, { stage: 'agreement_signed' })).status).toBe(200);
    const flagged = await until(() => getDeal(deal.id), (d) => d.attention_reason !== null, 'the deal needs attention');
    expect(flagged).toMatchObject({ stage: 'agreement_signed', member_id: null, attention_reason: `Office ${office.office_number} is leased to ${acme.company_name}` });
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED', member_id: acme.id });

    expect((await w.api('PATCH', `/api/members/${acme.id}/office`, { token: w.tokens.admin, body: { office_id: null } })).status).toBe(200);
    const retried = await w.api('POST', `/api/deals/${deal.id}/signing/retry`, { token: w.tokens.admin, body: {} });
    expect(retried.status, retried.text).toBe(200);
    const signed = await completed(deal.id);
    expect(await w.getOffice(office.id)).toMatchObject({ status: 'LEASED', member_id: signed.member_id, signed_rate: 2400 });
  });

  it('refuses a deal with offices but no start date (400, nothing changes); one without offices only becomes a member', async () => {
    const office = await w.newOffice('Bushwick', rates(1000));
    const undated = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id], start_date: null });
    const refused = await move(undated.id, { stage: 'agreement_signed' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Add a start date before signing the deal');
    expect((await getDeal(undated.id)).stage).toBe('form_submitted');

    const bare = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { start_date: null, term_months: null });
    expect((await move(bare.id, { stage: 'agreement_signed' })).status).toBe(200);
    const signed = await completed(bare.id);
    expect(await w.getMember(signed.member_id!)).toMatchObject({ company_name: bare.company_name, office_id: null });
  });

  it('a deal signed on the signing page names its signer', async () => {
    const office = await w.newOffice('Bushwick', rates(1000));
    const deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id] });
    expect((await w.api('PATCH', `/api/deals/${deal.id}/stage`, { token: w.tokens.admin, body: { stage: 'tour_completed' } })).status).toBe(200);
    expect((await w.api('POST', `/api/deals/${deal.id}/agreement`, { token: w.tokens.admin, body: {} })).status).toBe(200);
    const sent = await w.api<SignatureAnswer>('POST', `/api/deals/${deal.id}/signature`, { token: w.tokens.admin, body: {} });
    const token = sent.body.signing_url.slice(sent.body.signing_url.lastIndexOf('/sign/') + '/sign/'.length);
    const answer = await w.api<Deal>('POST', `/api/signing/${token}`, { body: { signer_name: 'Uma Reviewer', accept: true } });
    expect(answer.status, answer.text).toBe(200);
    const signed = await signedDeal(deal.id);
    expect(signed).toMatchObject({ signed_by: 'Uma Reviewer', member_id: expect.any(String) });
    // The process's own changes (its user is the system) do not replace the signer.
    const [moved] = await w.server.deps.sql<{ data: { moved_by: string } }[]>`
      SELECT data FROM events WHERE stream_id = ${'deal-' + deal.id} AND type = 'DealMoved' AND data->>'stage' = 'agreement_signed'`;
    expect(moved!.data.moved_by).toBe('system');
  });
});

describe('the executed copy', () => {
  let deal: Deal;
  let signature: Awaited<ReturnType<typeof signDeal>>;
  beforeAll(async () => {
    const office = await w.newOffice('Bushwick', rates(1200));
    deal = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id] });
    signature = await signDeal(w.server.deps.sql, deal.id, { signer_name: 'Jordan Signwell', ip: '198.51.100.23', user_agent: 'AuditAgent/7.1' });
    deal = await signedDeal(deal.id);
  });

  it('is the agreement with an audit page: signer, time, address, user agent, document hash and event positions', async () => {
    const file = await download(`/api/deals/${deal.id}/agreement/executed`, w.tokens.viewer);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.body.length).toBe(deal.executed_copy!.size);
    const text = await pdfText(file.body);
    // The agreement's own page first, then the audit page.
    expect((await PDFDocument.load(file.body)).getPageCount()).toBe((await PDFDocument.load(signature.agreement)).getPageCount() + 1);
    expect(text.indexOf('Membership agreement')).toBeLessThan(text.indexOf('Signature audit trail'));
    expect(text).toContain('Signature audit trail');
    expect(text).toContain('Jordan Signwell');
    expect(text).toContain('198.51.100.23');
    expect(text).toContain('AuditAgent/7.1');
    expect(text).toContain(signature.sha256);
    expect(text).toContain(`log position ${signature.position}, deal stream version ${signature.version}`);
  });

  it('is read like its deal: 403 for a manager of other locations, 404 for an unknown deal or one not signed', async () => {
    const manager = await download(`/api/deals/${deal.id}/agreement/executed`, w.tokens.manager);
    expect(manager.status).toBe(403);
    expect((await download(`/api/deals/00000000-0000-4000-8000-000000000000/agreement/executed`, w.tokens.admin)).status).toBe(404);
    const unsigned = await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'));
    const none = await w.api('GET', `/api/deals/${unsigned.id}/agreement/executed`, { token: w.tokens.admin });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(NO_EXECUTED_COPY);
    expect((await w.api('GET', `/api/deals/${deal.id}/agreement/executed`)).status).toBe(401);
  });

  it('outlives a library document of the same bytes being deleted', async () => {
    const bytes = (await download(`/api/deals/${deal.id}/agreement/executed`, w.tokens.admin)).body;
    const form = new FormData();
    form.append('name', unique('Executed upload'));
    form.append('description', 'The same file');
    form.append('category', 'Payroll Information');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'executed.pdf');
    const up = await fetch(`${w.server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${w.tokens.admin}` }, body: form });
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: string };
    expect((await w.api('DELETE', `/api/resources/${id}`, { token: w.tokens.admin })).status).toBe(204);
    const again = await download(`/api/deals/${deal.id}/agreement/executed`, w.tokens.admin);
    expect(again.status).toBe(200);
    expect(again.body.equals(bytes)).toBe(true);
  });
});
