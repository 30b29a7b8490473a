import { io, type Socket } from 'socket.io-client';
import type { ChangeMessage, ClientToServerEvents, HandshakeAuth, ServerToClientEvents } from '@shared/realtime';
import { apiBase } from '../api/client';
import { appStore } from '../state/jotai';
import { applyRow } from './collection';
import { collectionFor } from './registry';
import { liveEpochAtom, liveStatusAtom, presenceAtom } from './liveState';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The tab's one socket. It authenticates with the session token, applies pushed rows to the
 * registered collections, remembers the last log position it applied, and on every reconnect
 * sends that position so the server replays exactly what was missed.
 */
class LiveConnection {
  private socket: LiveSocket | null = null;
  private position: number | null = null;
  private screen: string | null = null;

  connect(token: string, onUnauthorized: () => void) {
    this.disconnect();
    const origin = apiBase().replace(/\/api$/, '');
    const socket: LiveSocket = io(origin, {
      // A function, so each reconnect sends the position reached by then.
      auth: (cb) => cb({ token, ...(this.position !== null ? { since: this.position } : {}) } satisfies HandshakeAuth),
      transports: ['websocket', 'polling'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
    });
    this.socket = socket;
    appStore.set(liveStatusAtom, 'connecting');

    socket.on('ready', ({ position }) => {
      const caughtUp = this.position !== null;
      this.position = Math.max(this.position ?? 0, position);
      appStore.set(liveStatusAtom, 'live');
      // A first connection has nothing to catch up from: views load now, from REST.
      if (!caughtUp) appStore.set(liveEpochAtom, (n) => n + 1);
      if (this.screen) socket.emit('presence', { screen: this.screen });
    });
    socket.on('resync', ({ position }) => {
      this.position = position;
      appStore.set(liveEpochAtom, (n) => n + 1);
    });
    socket.on('change', (message) => this.apply(message));
    socket.on('presence', (message) => {
      if (message.screen === this.screen) appStore.set(presenceAtom, { screen: message.screen, viewers: message.viewers });
    });
    socket.on('disconnect', () => {
      appStore.set(liveStatusAtom, navigator.onLine ? 'reconnecting' : 'offline');
    });
    socket.on('connect_error', (error) => {
      if (error.message === 'Unauthorized') {
        this.disconnect();
        onUnauthorized();
        return;
      }
      appStore.set(liveStatusAtom, navigator.onLine ? 'reconnecting' : 'offline');
    });
    window.addEventListener('offline', this.wentOffline);
    window.addEventListener('online', this.cameOnline);
  }

  private wentOffline = () => {
    if (appStore.get(liveStatusAtom) !== 'live') appStore.set(liveStatusAtom, 'offline');
  };

  private cameOnline = () => {
    if (this.socket && !this.socket.connected) {
      appStore.set(liveStatusAtom, 'reconnecting');
      this.socket.connect();
    }
  };

  private apply(message: ChangeMessage) {
    // Repeated or late messages are harmless (rows merge by version), but never move the position back.
    this.position = Math.max(this.position ?? 0, message.position);
    const at = Date.now();
    for (const change of message.changes) {
      const target = collectionFor(change.entity);
      if (target) appStore.set(target, (collection) => applyRow(collection, change.id, change.row, at));
    }
  }

  /** Tells the server which screen this tab shows, for presence. */
  announce(screen: string | null) {
    if (screen === this.screen) return;
    this.screen = screen;
    appStore.set(presenceAtom, { screen, viewers: [] });
    if (this.socket?.connected) this.socket.emit('presence', { screen });
  }

  disconnect() {
    window.removeEventListener('offline', this.wentOffline);
    window.removeEventListener('online', this.cameOnline);
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.position = null;
  }
}

export const live = new LiveConnection();
