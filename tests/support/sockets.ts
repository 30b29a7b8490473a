import { io, type Socket } from 'socket.io-client';
import type {
  ChangeMessage,
  ClientToServerEvents,
  DragMessage,
  HandshakeAuth,
  PresenceMessage,
  ReadyMessage,
  ResyncMessage,
  RowsMessage,
  ServerToClientEvents,
} from '@shared/realtime';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Listener {
  socket: TestSocket;
  changes: ChangeMessage[];
  resyncs: ResyncMessage[];
  /** Every `presence` message received, in order. */
  presence: PresenceMessage[];
  /** Every `dragging` message received, in order. */
  drags: DragMessage[];
  /** Every `rows` message (rows outside the log) received, in order. */
  rows: RowsMessage[];
  ready: Promise<ReadyMessage>;
  /** Resolves when `predicate` holds for the changes received so far. */
  until(predicate: (changes: ChangeMessage[]) => boolean, what?: string): Promise<void>;
  /** Resolves when `predicate` holds for the presence messages received so far. */
  untilPresence(predicate: (presence: PresenceMessage[]) => boolean, what?: string): Promise<void>;
  /** Resolves when `predicate` holds for the `rows` messages received so far. */
  untilRows(predicate: (rows: RowsMessage[]) => boolean, what?: string): Promise<void>;
  /** Resolves when `predicate` holds for the drag messages received so far. */
  untilDrags(predicate: (drags: DragMessage[]) => boolean, what?: string): Promise<void>;
  /** Sends a drag announcement; `unknown` so tests can send what a browser never would. */
  drag(message: unknown): void;
  /** Sends a presence announcement; `unknown` so tests can send what a browser never would. */
  announce(message: unknown): void;
  close(): void;
}

/** Waits for a predicate over a growing list; `notify` re-checks after each arrival. */
function waiter<T>(items: T[], kind: string) {
  const checks = new Set<() => void>();
  return {
    notify() {
      for (const check of checks) check();
    },
    until(predicate: (items: T[]) => boolean, what: string): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          checks.delete(check);
          reject(new Error(`timed out waiting for ${what}; got ${items.length} ${kind}`));
        }, 15_000);
        const check = () => {
          if (!predicate(items)) return;
          clearTimeout(timer);
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      });
    },
  };
}

/** Connects a socket.io client as the app's client does, recording what it receives. */
export function listen(url: string, auth: Partial<HandshakeAuth>): Listener {
  const socket: TestSocket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const changes: ChangeMessage[] = [];
  const resyncs: ResyncMessage[] = [];
  const presence: PresenceMessage[] = [];
  const changeWaiter = waiter(changes, 'changes');
  const presenceWaiter = waiter(presence, 'presence messages');
  const drags: DragMessage[] = [];
  const dragWaiter = waiter(drags, 'drag messages');
  socket.on('dragging', (message) => {
    drags.push(message);
    dragWaiter.notify();
  });
  const rows: RowsMessage[] = [];
  const rowsWaiter = waiter(rows, 'rows messages');
  socket.on('rows', (message) => {
    rows.push(message);
    rowsWaiter.notify();
  });
  socket.on('change', (message) => {
    changes.push(message);
    changeWaiter.notify();
  });
  socket.on('presence', (message) => {
    presence.push(message);
    presenceWaiter.notify();
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
    presence,
    drags,
    rows,
    ready,
    until: (predicate, what = 'expected changes') => changeWaiter.until(predicate, what),
    untilPresence: (predicate, what = 'expected presence') => presenceWaiter.until(predicate, what),
    announce: (message) => socket.emit('presence', message as never),
    untilDrags: (predicate, what = 'expected drags') => dragWaiter.until(predicate, what),
    untilRows: (predicate, what = 'expected rows') => rowsWaiter.until(predicate, what),
    drag: (message) => socket.emit('dragging', message as never),
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
