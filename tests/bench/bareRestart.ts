import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { openLiveSocket } from '../../client/src/live/liveSocket';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime';

/**
 * The reference for a node restart's catch-up: a bare socket.io server with `sockets` clients
 * (the browser's own socket code, so the same reconnection policy) closes them as a stopping node
 * does ('closing', then a server disconnect), stays away `downMs`, and listens again on the same
 * port. Measured: from listening again until every client is connected and has its first message
 * (a `ready` the server sends on connection). No log, no catch-up: what reconnecting alone costs.
 */
export async function benchBareRestart(sockets: number, downMs: number, progress: (line: string) => void): Promise<number> {
  let greeted = 0;
  const open = async (port: number) => {
    const http: HttpServer = createServer();
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { serveClient: false, cors: { origin: false } });
    io.on('connection', (socket) => socket.emit('ready', { position: 0, caught_up: 0 }));
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    return { io, port: (http.address() as AddressInfo).port };
  };
  let server = await open(0);
  const origin = `http://127.0.0.1:${server.port}`;
  const tabs: { stop(): void }[] = [];
  try {
    progress(`bare socket.io: ${sockets} clients, the server closed and listening again ${(downMs / 1000).toFixed(1)} s later`);
    for (let i = 0; i < sockets; i++) {
      const tab = openLiveSocket(origin, { auth: () => ({ token: 'bare' }), onUnauthorized: () => undefined });
      tab.socket.on('ready', () => void greeted++);
      tabs.push(tab);
    }
    await until(() => greeted >= sockets);
    greeted = 0;
    for (const socket of server.io.sockets.sockets.values()) {
      socket.emit('closing', { reason: 'The server is restarting', reconnect: true });
      socket.disconnect(true);
    }
    await new Promise<void>((resolve) => server.io.close(() => resolve()));
    await new Promise((resolve) => setTimeout(resolve, downMs));
    server = await open(server.port);
    const listening = performance.now();
    return ((await until(() => greeted >= sockets)) - listening) / 1000;
  } finally {
    for (const tab of tabs) tab.stop();
    await new Promise<void>((resolve) => server.io.close(() => resolve()));
  }
}

async function until(check: () => boolean, limitMs = 60_000): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > limitMs) throw new Error('bare restart bench: the clients did not come back');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now();
}
