import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES } from '@shared/domain/agreement';
import type { AgreementAnswer, AgreementVersion, SignatureAnswer, SigningSummary } from '@shared/schemas/agreements';
import type { Deal } from '@shared/schemas/deals';
import { listen } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';
import { pdfText } from './reportsHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

let counter = 0;
/** A deal in Tour Completed with two offices, a start date and a term: ready for its agreement. */
async function readyDeal(locationName = '55 Broadway', extra: Record<string, unknown> = {}): Promise<Deal> {
  counter += 1;
  const a = await w.newOffice(locationName, { desks: 4, marketed_rates: { monthly: 3000, six_month: 2900, twelve_month: 2800 } });
  const b = await w.newOffice(locationName, { desks: 2, marketed_rates: { monthly: 1000, six_month: 950, twelve_month: 900 } });
  const created = await w.api<Deal>('POST', '/api/deals', {
    token: w.tokens.admin,
    body: {
      deal_name: `Harbor Expansion ${counter}`,
      company_name: `Harbor Analytics ${counter}`,
      contact: { name: 'Robin Vale', email: `robin${counter}@harbor.example`, title: 'COO' },
      location_id: w.loc(locationName),
      offered_price: 3600,
      office_ids: [a.id, b.id],
      start_date: '2031-03-01',
      term_months: 12,
      notice_by: '60 days',
      ...extra,
    },
  });
  expect(created.status, created.text).toBe(201);
  const moved = await w.api<Deal>('PATCH', `/api/deals/${created.body.id}/stage`, { token: w.tokens.admin, body: { stage: 'tour_completed' } });
  expect(moved.status, moved.text).toBe(200);
  return { ...moved.body, office_ids: [a.id, b.id], ...({ offices: [a.office_number, b.office_number] } as object) } as Deal & { offices: string[] };
}

const generate = (id: string, token = w.tokens.admin) => w.api<AgreementAnswer & { message?: string }>('POST', `/api/deals/${id}/agreement`, { token, body: {} });
const send = (id: string, token = w.tokens.admin) => w.api<SignatureAnswer & { message?: string }>('POST', `/api/deals/${id}/signature`, { token, body: {} });
const getDeal = async (id: string) => (await w.api<Deal>('GET', `/api/deals/${id}`, { token: w.tokens.admin })).body;
const tokenOf = (signingUrl: string) => signingUrl.slice(signingUrl.lastIndexOf('/sign/') + '/sign/'.length);
const view = (token: string, headers: Record<string, string> = {}) => w.api<SigningSummary & { message?: string }>('GET', `/api/signing/${token}`, { headers });
const sign = (token: string, body: unknown = { signer_name: 'Robin Vale', accept: true }, headers: Record<string, string> = {}) =>
  w.api('POST', `/api/signing/${token}`, { body, headers });

/** A file as bytes (the API client reads text). */
async function fetchBytes(path: string, token?: string) {
  const res = await fetch(`${w.server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function eventsOf(dealId: string, type: string) {
  return w.server.deps.sql<{ data: Record<string, unknown>; metadata: Record<string, unknown> }[]>`
    SELECT data, metadata FROM events WHERE stream_id = ${`deal-${dealId}`} AND type = ${type} ORDER BY version`;
}
/**
 * The log's events, counted once the signing process has followed the whole log: a signature
 * makes it append its own (the deal signed, or why it could not be), which are not the route's.
 */
async function eventCount() {
  const sql = w.server.deps.sql;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await sql<{ behind: boolean }[]>`
      SELECT coalesce((SELECT position FROM checkpoints WHERE name = 'process:deal-signing'), 0) < (SELECT coalesce(max(position), 0) FROM events) AS behind`;
    if (!row!.behind) break;
    if (Date.now() > deadline) throw new Error('the signing process did not catch up with the log');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number((await sql<{ n: string }[]>`SELECT count(*) AS n FROM events`)[0]!.n);
}

/** Sends a fresh deal's agreement for signature; answers the deal and the link's token. */
async function sentDeal(locationName = '55 Broadway') {
  const deal = await readyDeal(locationName);
  expect((await generate(deal.id)).status).toBe(200);
  const sent = await send(deal.id);
  expect(sent.status, sent.text).toBe(200);
  return { deal, token: tokenOf(sent.body.signing_url), sent: sent.body };
}

describe('POST /api/deals/{id}/agreement', () => {
  it('renders a real agreement PDF, keeps it, and moves the deal to Agreement Sent in the same command', async () => {
    const deal = (await readyDeal()) as Deal & { offices: string[] };
    const res = await generate(deal.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, agreement_url: `/api/deals/${deal.id}/agreements/1`, agreement_version: 1 });
    expect(res.body.deal).toMatchObject({ id: deal.id, stage: 'agreement_sent', signature_status: 'not_sent' });
    expect(await getDeal(deal.id)).toMatchObject({ stage: 'agreement_sent', version: res.body.deal.version });

    const file = await fetchBytes(res.body.agreement_url, w.tokens.admin);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.bytes);
    for (const expected of [
      'Membership Agreement',
      deal.deal_name,
      deal.company_name,
      'Robin Vale',
      `robin${counter}@harbor.example`,
      '55 Broadway',
      ...deal.offices.map((n) => `Office ${n}`),
      '$3,600', // monthly price
      '$43,200', // deal value: 12 months
      '$3,000', // marketed rate of the first office
      '$2,700', // its share of the offered price (3,000 of 4,000 marketed)
      '$900',
      'March 1, 2031',
      '12 months',
      '60 days',
      'Signatures',
    ]) {
      expect(text).toContain(expected);
    }

    // The event records the hash of exactly these bytes.
    const [generated] = await eventsOf(deal.id, 'DealAgreementGenerated');
    expect(generated!.data).toMatchObject({ agreement_version: 1, sha256: createHash('sha256').update(file.bytes).digest('hex'), size: file.bytes.length });
    const [move] = await eventsOf(deal.id, 'DealMoved').then((moves) => moves.slice(-1));
    expect(move!.data).toMatchObject({ from_stage: 'tour_completed', stage: 'agreement_sent' });
  });

  it('makes a new version on each generation; earlier ones stay listed and served', async () => {
    const deal = await readyDeal();
    expect((await generate(deal.id)).status).toBe(200);
    await w.api('PUT', `/api/deals/${deal.id}`, { token: w.tokens.admin, body: { offered_price: 4000 } });
    const second = await generate(deal.id, w.tokens.manager);
    expect(second.status, second.text).toBe(200);
    expect(second.body.agreement_version).toBe(2);
    const versions = (await w.api<AgreementVersion[]>('GET', `/api/deals/${deal.id}/agreements`, { token: w.tokens.viewer })).body;
    expect(versions.map((v) => [v.agreement_version, v.current, v.url])).toEqual([
      [2, true, `/api/deals/${deal.id}/agreements/2`],
      [1, false, `/api/deals/${deal.id}/agreements/1`],
    ]);
    const nameOf = (user: object) => (user as { name: string }).name;
    expect(versions.map((v) => v.generated_by)).toEqual([nameOf(w.users.manager.user), nameOf(w.users.admin.user)]);
    for (const v of versions) expect(Date.parse(v.generated_at)).not.toBeNaN();
    const first = await pdfText((await fetchBytes(versions[1]!.url, w.tokens.viewer)).bytes);
    const latest = await pdfText((await fetchBytes(versions[0]!.url, w.tokens.viewer)).bytes);
    expect(first).toContain('Version 1');
    expect(first).toContain('$3,600');
    expect(latest).toContain('Version 2');
    expect(latest).toContain('$4,000');
    expect((await getDeal(deal.id)).stage).toBe('agreement_sent');
    expect((await fetchBytes(`/api/deals/${deal.id}/agreements/3`, w.tokens.admin)).status).toBe(404);
  });

  it('names the missing terms, and refuses a closed deal', async () => {
    const bare = await readyDeal('55 Broadway', { office_ids: [], start_date: null, term_months: null });
    const res = await generate(bare.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Add an office, a start date and a term before generating the agreement');
    const noStart = await readyDeal('55 Broadway', { start_date: null, term_months: null, term_days: null });
    expect((await generate(noStart.id)).body.message).toBe('Add a start date and a term before generating the agreement');
    expect((await getDeal(noStart.id)).stage).toBe('tour_completed');

    const lost = await readyDeal();
    await w.api('PATCH', `/api/deals/${lost.id}/stage`, { token: w.tokens.admin, body: { stage: 'close_lost' } });
    const closed = await generate(lost.id);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This deal is closed');
  });

  it('is for admins and managers at their own locations; a viewer reads the versions but cannot generate', async () => {
    const mine = await readyDeal('55 Broadway');
    const theirs = await readyDeal('Greenpoint');
    expect((await generate(mine.id, w.tokens.viewer)).status).toBe(403);
    expect((await send(mine.id, w.tokens.viewer)).status).toBe(403);
    expect((await generate(theirs.id, w.tokens.manager)).status).toBe(403);
    expect((await generate(theirs.id)).status).toBe(200);
    expect((await send(theirs.id, w.tokens.manager)).status).toBe(403);
    expect((await w.api('GET', `/api/deals/${theirs.id}/agreements`, { token: w.tokens.manager })).status).toBe(403);
    expect((await fetchBytes(`/api/deals/${theirs.id}/agreements/1`, w.tokens.manager)).status).toBe(403);
    expect((await fetchBytes(`/api/deals/${theirs.id}/agreements/1`, w.tokens.viewer)).status).toBe(200);
    expect((await fetchBytes(`/api/deals/${theirs.id}/agreements/1`)).status).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await generate(unknown)).status).toBe(404);
    expect((await w.api('GET', `/api/deals/${unknown}/agreements`, { token: w.tokens.admin })).status).toBe(404);
  });

  it('keeps an agreement\'s bytes when a library document of the same bytes is deleted', async () => {
    const deal = await readyDeal();
    const { body } = await generate(deal.id);
    const pdf = await fetchBytes(body.agreement_url, w.tokens.admin);
    const form = new FormData();
    form.append('name', `Agreement copy ${counter}`);
    form.append('description', 'A copy');
    form.append('category', 'Payroll Information');
    form.append('file', new Blob([new Uint8Array(pdf.bytes)], { type: 'application/pdf' }), 'copy.pdf');
    const uploaded = await fetch(`${w.server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${w.tokens.admin}` }, body: form });
    expect(uploaded.status).toBe(201);
    const resource = (await uploaded.json()) as { id: string };
    expect((await w.api('DELETE', `/api/resources/${resource.id}`, { token: w.tokens.admin, body: {} })).status).toBe(204);
    const again = await fetchBytes(body.agreement_url, w.tokens.admin);
    expect(again.status).toBe(200);
    expect(again.bytes.equals(pdf.bytes)).toBe(true);
  });
});

describe('POST /api/deals/{id}/signature', () => {
  it('marks the deal sent and answers an absolute signing link to the caller only: never pushed, never stored', async () => {
    const deal = await readyDeal();
    expect((await generate(deal.id)).status).toBe(200);
    await w.settled();
    const admin = listen(w.server.url, { token: w.tokens.admin });
    const manager = listen(w.server.url, { token: w.tokens.manager });
    await Promise.all([admin.ready, manager.ready]);
    const res = await send(deal.id, w.tokens.manager);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, signature_status: 'sent' });
    expect(res.body.signing_url).toMatch(new RegExp(`^${w.server.url.replace(/[.]/g, '\\.')}/sign/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(13 * 24 * 3600_000);
    const token = tokenOf(res.body.signing_url);

    for (const socket of [admin, manager]) {
      await socket.until((changes) => changes.some((m) => m.changes.some((c) => c.id === deal.id && (c.row as Deal | null)?.signature_status === 'sent')), 'the sent deal');
    }
    await w.settled();
    for (const socket of [admin, manager]) {
      expect(JSON.stringify(socket.changes)).not.toContain(token);
      expect(JSON.stringify(socket.changes)).not.toContain(token.split('.')[2]);
      socket.close();
    }
    const [requested] = await eventsOf(deal.id, 'DealSignatureRequested');
    expect(Object.keys(requested!.data).sort()).toEqual(['agreement_version', 'expires_at', 'sha256', 'token_id']);
    const stored = await w.server.deps.sql<{ n: string }[]>`SELECT count(*) AS n FROM events WHERE data::text LIKE ${`%${token.split('.')[2]}%`}`;
    expect(Number(stored[0]!.n)).toBe(0);
    expect(JSON.stringify(await getDeal(deal.id))).not.toContain(token);
  });

  it('refuses a deal without an agreement', async () => {
    const deal = await readyDeal();
    const res = await send(deal.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Generate the agreement before sending it for signature');
  });
});

describe('the public signing routes', () => {
  it('show the agreement summary and its PDF without sign-in, record one view however often opened, and leak nothing else', async () => {
    const { deal, token, sent } = await sentDeal();
    const before = (await eventsOf(deal.id, 'DealSignatureViewed')).length;
    const res = await view(token, { 'user-agent': 'SignerBrowser/2.0' });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['document_sha256', 'expires_at', 'pdf_url', 'terms']);
    expect(res.body.expires_at).toBe(sent.expires_at);
    expect(res.body.terms).toMatchObject({
      deal_name: deal.deal_name,
      company_name: deal.company_name,
      operator: { name: 'FlexSpace' },
      location: { name: '55 Broadway' },
      start_date: '2031-03-01',
      term_months: 12,
      monthly_price: 3600,
      deal_value: 43200,
    });
    expect(res.body.terms.offices.map((o) => o.offered_monthly)).toEqual([2700, 900]);
    // No ids of the deal, its company, location or offices; no one else's data.
    expect(res.text).not.toContain(deal.id);
    expect(res.text).not.toContain(deal.location_id);
    for (const office of deal.office_ids) expect(res.text).not.toContain(office);

    const pdf = await fetchBytes(res.body.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.bytes).digest('hex')).toBe(res.body.document_sha256);
    expect((await view(token)).status).toBe(200);

    const views = await eventsOf(deal.id, 'DealSignatureViewed');
    expect(views.length - before).toBe(1);
    expect(views.at(-1)!.data).toMatchObject({ ip: expect.stringMatching(/127\.0\.0\.1/), user_agent: 'SignerBrowser/2.0' });
    expect((await getDeal(deal.id)).signature_status).toBe('viewed');
  });

  it('signs once, with the signer\'s name, time, address, browser and the document\'s hash; the link is spent afterwards', async () => {
    const { deal, token } = await sentDeal();
    const res = await sign(token, { signer_name: '  Robin Vale ', accept: true }, { 'user-agent': 'SignerBrowser/2.0' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ signed: true, signer_name: 'Robin Vale', deal_name: deal.deal_name });
    const [signed] = await eventsOf(deal.id, 'DealAgreementSigned');
    const [generated] = await eventsOf(deal.id, 'DealAgreementGenerated');
    const [requested] = await eventsOf(deal.id, 'DealSignatureRequested');
    expect(signed!.data).toMatchObject({
      token_id: requested!.data.token_id,
      agreement_version: 1,
      document_sha256: generated!.data.sha256,
      signer_name: 'Robin Vale',
      ip: expect.stringMatching(/127\.0\.0\.1/),
      user_agent: 'SignerBrowser/2.0',
    });
    expect(Date.parse(signed!.data.signed_at as string)).not.toBeNaN();
    expect((await getDeal(deal.id)).signature_status).toBe('signed');

    const count = await eventCount();
    const again = await sign(token);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(SIGNING_MESSAGES.signed);
    expect((await view(token)).status).toBe(410);
    expect(await eventCount()).toBe(count);
    // Signed: no new agreement, no new link.
    expect((await generate(deal.id)).status).toBe(409);
    expect((await send(deal.id)).status).toBe(409);
  });

  it('signs once when the form is submitted twice at the same moment', async () => {
    const { deal, token } = await sentDeal();
    const answers = await Promise.all([sign(token), sign(token), sign(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    expect(await eventsOf(deal.id, 'DealAgreementSigned')).toHaveLength(1);
  });

  it('refuses a tampered link with a 400, changing nothing', async () => {
    const { deal, token } = await sentDeal();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const i = Math.floor(payload.length / 2);
    const flipped = `${header}.${payload.slice(0, i)}${payload[i] === 'A' ? 'B' : 'A'}${payload.slice(i + 1)}.${signature}`;
    const j = Math.floor(signature.length / 2);
    const badSignature = `${header}.${payload}.${signature.slice(0, j)}${signature[j] === 'A' ? 'B' : 'A'}${signature.slice(j + 1)}`;
    const count = await eventCount();
    for (const bad of [flipped, badSignature, 'not-a-token', w.tokens.admin]) {
      const seen = await view(bad);
      expect(seen.status, bad).toBe(400);
      expect(seen.body.message).toBe(SIGNING_MESSAGES.invalid);
      expect((await sign(bad)).status).toBe(400);
      expect((await fetchBytes(`/api/signing/${bad}/pdf`)).status).toBe(400);
    }
    expect(await eventCount()).toBe(count);
    expect((await getDeal(deal.id)).signature_status).toBe('sent');
  });

  it('refuses an expired link with a 410, changing nothing', async () => {
    const { deal } = await sentDeal();
    const [requested] = await eventsOf(deal.id, 'DealSignatureRequested');
    const data = requested!.data as { token_id: string; agreement_version: number; sha256: string };
    const expired = await w.server.deps.signingLinks.mint({ deal_id: deal.id, token_id: data.token_id, agreement_version: data.agreement_version, sha256: data.sha256, expires_at: new Date(Date.now() - 60_000) });
    const count = await eventCount();
    const seen = await view(expired);
    expect(seen.status).toBe(410);
    expect(seen.body.message).toBe(SIGNING_MESSAGES.expired);
    expect((await sign(expired)).status).toBe(410);
    expect(await eventCount()).toBe(count);
    expect((await getDeal(deal.id)).signature_status).toBe('sent');
  });

  it('refuses a link replaced by a regenerated agreement or by a newer request', async () => {
    const first = await sentDeal();
    expect((await generate(first.deal.id)).status).toBe(200);
    expect((await getDeal(first.deal.id)).signature_status).toBe('not_sent');
    const replaced = await sign(first.token);
    expect(replaced.status).toBe(410);
    expect(replaced.body.message).toBe(SIGNING_MESSAGES.superseded);
    expect((await view(first.token)).status).toBe(410);

    const second = await sentDeal();
    const newer = await send(second.deal.id);
    expect((await sign(second.token)).status).toBe(410);
    expect(await eventsOf(second.deal.id, 'DealAgreementSigned')).toHaveLength(0);
    expect((await sign(tokenOf(newer.body.signing_url))).status).toBe(200);
  });

  it('asks for a typed name and an explicit acceptance', async () => {
    const { deal, token } = await sentDeal();
    const noName = await sign(token, { signer_name: '  ', accept: true });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual([{ field: 'signer_name', message: 'Type your full name to sign' }]);
    const notAccepted = await sign(token, { signer_name: 'Robin Vale', accept: false });
    expect(notAccepted.status).toBe(400);
    expect(notAccepted.body.fields).toEqual([{ field: 'accept', message: 'Tick the box to accept the agreement' }]);
    expect(await eventsOf(deal.id, 'DealAgreementSigned')).toHaveLength(0);
  });

  it('answers unknown public paths like any unknown /api path', async () => {
    expect((await w.api('GET', '/api/signing')).status).toBe(401);
  });
});

describe('signing links in the log', () => {
  it('never writes a link token to the log: request lines show the signing routes with the token redacted', async () => {
    const { token } = await sentDeal();
    const linesBefore = w.server.logs.length;
    expect((await view(token)).status).toBe(200);
    expect((await fetchBytes(`/api/signing/${token}/pdf`)).status).toBe(200);
    expect((await sign(token)).status).toBe(200);
    // Refused links are logged the same way (a tampered one is still most of a good one).
    expect((await view(`${token}x`)).status).toBe(400);
    const lines = w.server.logs.slice(linesBefore);
    const [, payload, mac] = token.split('.') as [string, string, string];
    for (const line of w.server.logs) for (const part of [token, payload, mac]) expect(line).not.toContain(part);
    const paths = lines.map((line) => JSON.parse(line) as { msg: string; path?: string }).filter((l) => l.msg === 'request').map((l) => l.path);
    expect(paths).toEqual(['/api/signing/[redacted]', '/api/signing/[redacted]/pdf', '/api/signing/[redacted]', '/api/signing/[redacted]']);
  });
});
