import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, HandshakeAuth, ServerToClientEvents } from '@shared/realtime';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** First pause before coming back after the server closed the connection, and the longest. */
export const RETRY_MIN_MS = 500;
export const RETRY_MAX_MS = 15_000;

/**
 * The next pause: doubling from RETRY_MIN_MS up to RETRY_MAX_MS, each a random point in its
 * upper half, so hundreds of tabs dropped by one restart do not return in the same instant.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface LiveSocketOptions {
  /** The handshake, asked anew on every connection (so `since` is the position reached by then). */
  auth: () => HandshakeAuth;
  /** Called when the server refuses the token: the session is over, do not come back. */
  onUnauthorized: () => void;
  /** Called when the server closes for good (too many tabs, account removed), with its reason. */
  onClosed?: (reason: string) => void;
}

/**
 * A socket.io connection that always comes back. socket.io reconnects by itself after a network
 * drop, but not when the server closes the socket (every graceful restart does): then this
 * reconnects with backoff and jitter, unless the server said not to.
 */
export function openLiveSocket(origin: string, options: LiveSocketOptions): { socket: LiveSocket; stop: () => void } {
  const socket: LiveSocket = io(origin, {
    auth: (cb) => cb(options.auth()),
    transports: ['websocket', 'polling'],
    reconnectionDelay: RETRY_MIN_MS,
    // While a node restarts its tabs knock about once a second (0.5-1.5 s, jittered): a refused
    // connection costs nothing, and they are back within a second or two of it being ready.
    reconnectionDelayMax: 1000,
    randomizationFactor: 0.5,
  });
  let attempt = 0;
  let comeBack = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  socket.on('connect', () => {
    attempt = 0;
    comeBack = true;
  });
  socket.on('closing', ({ reason, reconnect }) => {
    comeBack = reconnect;
    if (!reconnect) options.onClosed?.(reason);
  });
  socket.on('disconnect', (reason) => {
    // socket.io retries every other kind of drop itself.
    if (reason !== 'io server disconnect' || !comeBack) return;
    clearTimeout(timer);
    timer = setTimeout(() => socket.connect(), retryDelay(attempt++));
  });
  socket.on('connect_error', (error) => {
    if (error.message === 'Unauthorized') {
      socket.disconnect();
      options.onUnauthorized();
      return;
    }
    // A refusal in the handshake middleware (e.g. the database briefly down) ends socket.io's own
    // retries; try again later ourselves.
    if (!socket.active) {
      clearTimeout(timer);
      timer = setTimeout(() => socket.connect(), retryDelay(attempt++));
    }
  });
  return {
    socket,
    stop() {
      clearTimeout(timer);
      comeBack = false;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
