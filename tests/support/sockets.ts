import { io, type Socket } from 'socket.io-client';
import type { ChangeMessage, ClientToServerEvents, HandshakeAuth, ReadyMessage, ResyncMessage, ServerToClientEvents } from '../../shared/realtime';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Listener {
  socket: TestSocket;
  changes: ChangeMessage[];
  resyncs: ResyncMessage[];
  ready: Promise<ReadyMessage>;
  /** Resolves when `predicate` holds for the changes received so far. */
  until(predicate: (changes: ChangeMessage[]) => boolean, what?: string): Promise<void>;
  close(): void;
}

/** Connects a socket.io client as the app's client does, recording what it receives. */
export function listen(url: string, auth: Partial<HandshakeAuth>): Listener {
  const socket: TestSocket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const changes: ChangeMessage[] = [];
  const resyncs: ResyncMessage[] = [];
  const checks = new Set<() => void>();
  socket.on('change', (message) => {
    changes.push(message);
    for (const check of checks) check();
  });
  socket.on('resync', (message) => resyncs.push(message));
  const ready = new Promise<ReadyMessage>((resolve, reject) => {
    socket.once('ready', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    changes,
    resyncs,
    ready,
    until(predicate, what = 'expected changes') {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          checks.delete(check);
          reject(new Error(`timed out waiting for ${what}; got ${changes.length} changes`));
        }, 15_000);
        const check = () => {
          if (!predicate(changes)) return;
          clearTimeout(timer);
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}

/** Resolves with the connection error's message, or rejects if the socket connects. */
export function connectError(url: string, auth: Partial<HandshakeAuth>): Promise<string> {
  const socket: TestSocket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
    socket.once('connect', () => {
      socket.close();
      reject(new Error('socket connected'));
    });
  });
}
