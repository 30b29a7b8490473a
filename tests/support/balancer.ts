import { request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';

export interface Balancer {
  /** Where clients connect: http://127.0.0.1:<port>. */
  origin: string;
  /** Connections handed to each backend so far, by its port. */
  handed: Map<number, number>;
  close(): Promise<void>;
}

/** How often each backend's readiness is asked, and how long a connection may wait for a backend. */
const CHECK_EVERY_MS = 100;
const WAIT_FOR_BACKEND_MS = 20_000;

/** One readiness check: true only for a 200 within a second. */
function isReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    // No kept-alive connection: a stopping node must not be held open by its checker.
    const req = request({ host: '127.0.0.1', port, path: '/api/ready', agent: false, timeout: 1_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/**
 * A TCP load balancer in front of several nodes, as a reverse proxy does it: each new connection
 * (an HTTP request, a websocket) goes to the next node, round robin, among those whose
 * `/api/ready` last answered 200. A node that refuses the connection (it stopped listening) is
 * skipped before anything was sent to it, and the next one is tried; with none ready, the
 * connection waits for one. Once connected, bytes pass through untouched: a node that drops a
 * connection drops it for the client too.
 */
export async function startBalancer(backendPorts: number[]): Promise<Balancer> {
  const ready = new Map<number, boolean>(backendPorts.map((port) => [port, false]));
  const handed = new Map<number, number>(backendPorts.map((port) => [port, 0]));
  const open = new Set<Socket>();
  let next = 0;
  let running = true;

  const checking = (async () => {
    while (running) {
      await Promise.all(backendPorts.map(async (port) => ready.set(port, await isReady(port))));
      await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
    }
  })();

  /** The next ready backend after the last one used, skipping those in `refused`. */
  function pick(refused: Set<number>): number | null {
    for (let i = 0; i < backendPorts.length; i++) {
      const port = backendPorts[(next + i) % backendPorts.length]!;
      if (ready.get(port) && !refused.has(port)) {
        next = (next + i + 1) % backendPorts.length;
        return port;
      }
    }
    return null;
  }

  function route(client: Socket) {
    // Held until a backend is connected: what the client sends waits in its socket, unsent.
    client.pause();
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    const since = Date.now();
    const refused = new Set<number>();
    const attempt = () => {
      if (client.destroyed) return;
      const port = pick(refused);
      if (port === null) {
        // Every ready node refused, or none is ready: wait for the checks to find one.
        refused.clear();
        if (Date.now() - since > WAIT_FOR_BACKEND_MS) client.destroy();
        else setTimeout(attempt, CHECK_EVERY_MS / 2);
        return;
      }
      const upstream = connect({ host: '127.0.0.1', port });
      upstream.once('error', () => {
        // Refused before a byte was sent: this node is gone; try another.
        refused.add(port);
        ready.set(port, false);
        attempt();
      });
      upstream.once('connect', () => {
        handed.set(port, (handed.get(port) ?? 0) + 1);
        open.add(upstream);
        upstream.removeAllListeners('error');
        upstream.on('error', () => undefined);
        upstream.on('close', (hadError) => {
          open.delete(upstream);
          // A clean close has ended the client's side through the pipe, after the last byte.
          if (hadError) client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    attempt();
  }

  const server = createServer(route);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    handed,
    async close() {
      running = false;
      await checking;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      });
    },
  };
}
