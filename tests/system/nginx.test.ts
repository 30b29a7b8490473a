import { request } from 'node:https';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosingMessage } from '@shared/realtime';
import { freePort } from '../support/globalSetup';
import { failTimeoutMs, nginxBinary, opensslBinary, readmeNginxSite, rewriteSite, startNginx, type Nginx } from '../support/nginx';
import { demoCredentials } from '../support/server';
import type { TestSocket } from '../support/sockets';
import { startTwoNodes, type Node, type TwoNodes } from '../support/twoNodes';

/**
 * The README's nginx site, as an operator installs it, in front of two nodes of the real entry
 * point with TRUST_PROXY=true (and no PUBLIC_URL): what a browser gets through it, and a rolling
 * restart behind it done as the README says (each node ready, then nginx's fail_timeout, before
 * the next one).
 */
const installed = nginxBinary() !== null && opensslBinary() !== null;
if (!installed) {
  console.warn('tests/system/nginx.test.ts skipped: nginx (and openssl) not installed; on Debian: apt-get install -y nginx openssl');
}

let twoNodes: TwoNodes;
let site: string;
let nginx: Nginx;
let nodes: Node[] = [];
const sockets: TestSocket[] = [];

interface Answer {
  status: number;
  body: any;
  text: string;
}

/**
 * One HTTPS request to nginx on a connection of its own, from `from` (a loopback address: the
 * client address nginx sees), never retried.
 */
function send(method: string, route: string, o: { token?: string; body?: unknown; raw?: Buffer; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = o.raw ?? (o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body)));
    const req = request(
      `${nginx.origin}${route}`,
      {
        method,
        agent: false,
        ca: nginx.ca,
        localAddress: o.from ?? '127.0.0.1',
        headers: {
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(payload && !o.raw ? { 'content-type': 'application/json' } : {}),
          ...(payload ? { 'content-length': String(payload.length) } : {}),
          ...o.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectStatus(answer: Promise<Answer>, status: number): Promise<any> {
  const res = await answer;
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  return res.body;
}

async function signInAs(user: keyof typeof demoCredentials, from?: string): Promise<string> {
  return (await expectStatus(send('POST', '/api/auth/login', { body: demoCredentials[user], from }), 200)).access_token;
}

async function until(what: string, check: () => boolean | Promise<boolean>, detail?: () => string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}${detail ? `: ${detail()}` : ''}`);
}

/**
 * A browser tab's socket through nginx, websocket only: it comes back when a node closes it for a
 * restart (as client/src/live/liveSocket.ts does), and keeps every task id pushed to it.
 */
function openTab(token: string) {
  const tab = { connects: 0, transports: new Set<string>(), tasks: new Set<string>(), closing: [] as ClosingMessage[] };
  const socket: TestSocket = io(nginx.origin, { auth: { token }, transports: ['websocket'], ca: nginx.ca, reconnectionDelay: 100, reconnectionDelayMax: 500 });
  sockets.push(socket);
  socket.on('ready', () => {
    tab.connects++;
    tab.transports.add(socket.io.engine.transport.name);
  });
  socket.on('change', (message) => message.changes.forEach((c) => c.entity === 'tasks' && tab.tasks.add(c.id)));
  socket.on('closing', (message) => tab.closing.push(message));
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && tab.closing.at(-1)?.reconnect) setTimeout(() => socket.connect(), 100);
  });
  return tab;
}

const isReady = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;
  } catch {
    return false;
  }
};

let locationId: string;
/** The administrator's token, signed in once through nginx. */
let admin: string;

async function newTask(token: string, title: string): Promise<{ id: string; version: number }> {
  return expectStatus(send('POST', '/api/tasks', { token, body: { title, description: 'Behind nginx', location_id: locationId } }), 201);
}

beforeAll(async () => {
  if (!installed) return;
  // As the README has it behind nginx: the proxy's address is not the client's; no PUBLIC_URL.
  twoNodes = await startTwoNodes('nginx-nodes', { TRUST_PROXY: 'true' });
  nodes = twoNodes.nodes;
  await until('both nodes ready', async () => (await Promise.all(nodes.map((n) => isReady(n.port)))).every(Boolean));
  site = await readmeNginxSite();
  const [tlsPort, httpPort] = [await freePort(), await freePort()];
  nginx = await startNginx({ tlsPort, site: (files) => rewriteSite(site, { upstreamPorts: nodes.map((n) => n.port), tlsPort, httpPort, ...files }) });
  admin = await signInAs('admin');
  const locations = await expectStatus(send('GET', '/api/locations', { token: admin }), 200);
  locationId = (locations as { id: string; name: string }[]).find((l) => l.name === '55 Broadway')!.id;
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await nginx?.stop();
  await twoNodes?.stop();
});

describe.skipIf(!installed)("the README's nginx site in front of two nodes", () => {
  it("names the browser's address in a signing link, and records the client's address, not nginx's", async () => {
    // Signed in from an address of its own: what nginx forwards is that one.
    const sender = await signInAs('admin', '127.0.0.2');
    const office = await expectStatus(send('POST', '/api/offices', { token: sender, body: { office_number: 'NGX-1', location_id: locationId, desks: 4 } }), 201);
    const deal = await expectStatus(
      send('POST', '/api/deals', {
        token: sender,
        body: {
          deal_name: 'Proxy Expansion',
          company_name: 'Proxy Analytics',
          contact: { name: 'Robin Vale', email: 'robin@proxy.example', title: 'COO' },
          location_id: locationId,
          offered_price: 3600,
          office_ids: [office.id],
          start_date: '2031-03-01',
          term_months: 12,
          notice_by: '60 days',
        },
      }),
      201,
    );
    await expectStatus(send('PATCH', `/api/deals/${deal.id}/stage`, { token: sender, body: { stage: 'tour_completed' } }), 200);
    await expectStatus(send('POST', `/api/deals/${deal.id}/agreement`, { token: sender, body: {} }), 200);
    const sent = await expectStatus(send('POST', `/api/deals/${deal.id}/signature`, { token: sender, body: {} }), 200);

    // The address the browser used (scheme, host and port), not the upstream's http://flexspace.
    expect(sent.signing_url).toMatch(new RegExp(`^${nginx.origin.replace(/\./g, '\\.')}/sign/[\\w.-]+$`));

    // The signer opens it from another address, with a forged header nginx appends to.
    const token = sent.signing_url.slice(sent.signing_url.lastIndexOf('/') + 1);
    await expectStatus(send('GET', `/api/signing/${token}`, { from: '127.0.0.3', headers: { 'x-forwarded-for': '203.0.113.66' } }), 200);
    const viewed = await twoNodes.database.sql<{ ip: string }[]>`
      SELECT data->>'ip' AS ip FROM events WHERE stream_id = ${`deal-${deal.id}`} AND type = 'DealSignatureViewed'`;
    expect(viewed).toEqual([{ ip: '127.0.0.3' }]);
  });

  it('passes a 15 MB document upload to the node', async () => {
    const boundary = 'flexspace-nginx-test';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const file = Buffer.alloc(15 * 1024 * 1024, 'All hands handbook, behind nginx.\n');
    const body = Buffer.concat([
      Buffer.from(field('name', 'Large handbook') + field('category', 'Payroll Information') + field('description', 'Through the proxy')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="handbook.txt"\r\nContent-Type: text/plain\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await expectStatus(
      send('POST', '/api/resources', { token: admin, raw: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }),
      201,
    );
    expect(uploaded).toMatchObject({ name: 'Large handbook', size: file.length });
  });

  it('carries a websocket that receives pushes', async () => {
    const tab = openTab(admin);
    await until('the socket to be ready', () => tab.connects > 0);
    expect([...tab.transports]).toEqual(['websocket']);
    const task = await newTask(admin, 'Pushed through nginx');
    await until('the task to be pushed', () => tab.tasks.has(task.id));
  });

  it('loses no acknowledged request while the nodes restart one by one, as the README says', async () => {
    const tabs = [openTab(admin), openTab(await signInAs('manager'))];
    await until('the tabs to be ready', () => tabs.every((t) => t.connects > 0));

    const acknowledged: { id: string; version: number }[] = [];
    const failures: string[] = [];
    let stopped = false;
    let phase = 'before the restart';
    const writers = Array.from({ length: 3 }, async (_, n) => {
      for (let i = 0; !stopped; i++) {
        try {
          const res = await send('POST', '/api/tasks', { token: admin, body: { title: `Writer ${n} task ${i}`, description: 'Rolling restart', location_id: locationId } });
          if (res.status === 201) acknowledged.push(res.body);
          else failures.push(`POST /api/tasks answered ${res.status} (${phase}): ${res.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`POST /api/tasks failed (${phase}): ${(error as Error).message}`);
        }
      }
    });
    const moreWrites = async (what: string) => {
      const target = acknowledged.length + 10;
      await until(what, () => acknowledged.length >= target || failures.length > 0, () => failures.join('; '));
    };

    await moreWrites('writes before the restart');
    for (const node of nodes) {
      phase = `stopping node on ${node.port}`;
      await node.process.stop('SIGTERM');
      phase = `starting node on ${node.port}`;
      await node.process.start();
      await until('the restarted node to be ready', () => isReady(node.port));
      // nginx marked the node failed when it refused; it tries it again after fail_timeout.
      phase = `waiting fail_timeout after restarting node on ${node.port}`;
      await new Promise((resolve) => setTimeout(resolve, failTimeoutMs(site) + 500));
      await moreWrites('writes after the restart');
    }
    stopped = true;
    await Promise.all(writers);
    // The one refusal nginx cannot avoid: a POST sent on a connection the stopping node had not yet
    // accepted when it closed its socket is reset, and nginx does not resend a non-idempotent request
    // it has sent (README, "Failures"). It is a 502 the client sees, never a lost acknowledged write;
    // nothing else may fail.
    expect(failures.filter((f) => !/^POST \/api\/tasks answered 502 \(stopping node on \d+\)/.test(f))).toEqual([]);

    // Every acknowledged write is in the log.
    const logged = await twoNodes.database.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM events WHERE type = 'TaskCreated' AND stream_id = ANY(${acknowledged.map((a) => `task-${a.id}`)})`;
    expect(logged[0]!.n).toBe(acknowledged.length);

    // Each tab was moved by the restarts, came back through nginx, and is pushed to again.
    const last = await newTask(admin, 'After the rolling restart');
    await until('the tabs to receive the last task', () => tabs.every((t) => t.tasks.has(last.id)));
    for (const tab of tabs) {
      expect(tab.connects).toBeGreaterThanOrEqual(2);
      expect(tab.closing.every((c) => c.reconnect)).toBe(true);
    }
  }, 150_000);
});
