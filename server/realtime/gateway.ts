import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { readAll } from '../../events/store/append';
import type { Pool, StoredEvent } from '../../events/store/types';
import type { ChangeFeed } from '../../projections/changeFeed';
import { changesFor } from '../../projections/changes';
import { getUser } from '../../projections/users/queries';
import type { ChangeMessage } from '@shared/realtime';
import {
  MAX_CATCH_UP_EVENTS,
  type ClientToServerEvents,
  type HandshakeAuth,
  type ServerToClientEvents,
} from '@shared/realtime';
import type { User } from '@shared/schemas/auth';
import type { TokenService } from '../auth/tokens';
import { createPresence, isScreenRoom } from './presence';
import { roomsFor, roomsForScope, userRoom } from './rooms';

export interface SocketData {
  user: User;
}
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Gateway {
  io: GatewayServer;
  /** The last log position pushed to sockets. */
  position(): number;
  /** Resolves once every event up to `position` has been pushed. */
  waitFor(position: number): Promise<void>;
  close(): Promise<void>;
}

/** Runs tasks one at a time, so a reconnecting socket's catch-up never interleaves with a live batch. */
function serial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * The live gateway: authenticates sockets with the same JWT as the API, joins each to the rooms
 * its user may see, and pushes each event's changed rows (from the server's change feed) to the
 * rooms of the event's scope. A socket that reconnects with `since` first receives what it
 * missed, in order, or is told to reload when it is too far behind.
 */
export async function startGateway(
  httpServer: HttpServer,
  sql: Pool,
  feed: ChangeFeed,
  tokens: TokenService,
  logger: Logger,
): Promise<Gateway> {
  const io: GatewayServer = new Server(httpServer, {
    serveClient: false,
    cors: { origin: false },
  });
  const inOrder = serial();
  const presence = createPresence(io, logger);

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
    const userId = await tokens.verify(typeof auth.token === 'string' ? auth.token : null);
    const user = userId ? await getUser(sql, userId) : null;
    if (!user) return next(new Error('Unauthorized'));
    socket.data.user = user;
    next();
  });

  const visibleTo = (socket: GatewaySocket, event: StoredEvent) => {
    const mine = new Set(roomsFor(socket.data.user));
    return roomsForScope(event.metadata.scope).some((room) => mine.has(room));
  };

  /**
   * A user's record changed: move its sockets to the rooms it may now see (keeping each one's
   * screen room: presence is not a permission), and republish the screens it is on, in case its
   * name changed.
   */
  async function refreshUserSockets(userId: string) {
    const user = await getUser(sql, userId);
    for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
      const live = io.sockets.sockets.get(socket.id);
      if (!live) continue;
      if (!user) {
        live.disconnect(true);
        continue;
      }
      live.data.user = user;
      for (const room of live.rooms) if (room !== live.id && !isScreenRoom(room)) live.leave(room);
      live.join(roomsFor(user));
    }
    presence.userChanged(userId);
  }

  async function push(events: StoredEvent[], messages: ChangeMessage[]) {
    messages.forEach((message, i) => io.to(roomsForScope(events[i]!.metadata.scope)).emit('change', message));
    const users = new Set(events.filter((e) => e.stream_type === 'user').map((e) => e.stream_id.slice('user-'.length)));
    for (const userId of users) await refreshUserSockets(userId);
  }

  feed.listen((events, messages) => inOrder(() => push(events, messages)));

  async function catchUp(socket: GatewaySocket, since: number): Promise<number | 'resync'> {
    const until = feed.position();
    if (since > until) return 'resync';
    let from = since;
    let sent = 0;
    const missed: StoredEvent[] = [];
    while (from < until) {
      const batch = (await readAll(sql, from, 1000)).filter((e) => e.position <= until);
      if (batch.length === 0) break;
      missed.push(...batch.filter((e) => visibleTo(socket, e)));
      if (missed.length > MAX_CATCH_UP_EVENTS) return 'resync';
      from = batch[batch.length - 1]!.position;
    }
    for (const message of await changesFor(sql, missed)) {
      socket.emit('change', message);
      sent++;
    }
    return sent;
  }

  io.on('connection', (socket) => {
    // Presence needs only the user, known since the handshake: it does not wait for catch-up.
    socket.on('presence', (message) => presence.announce(socket, message));
    socket.on('disconnect', () => presence.disconnected(socket));
    void inOrder(async () => {
      if (!socket.connected) return;
      const since = (socket.handshake.auth as Partial<HandshakeAuth>).since;
      const position = feed.position();
      let caughtUp = 0;
      if (typeof since === 'number' && Number.isInteger(since) && since >= 0) {
        const result = await catchUp(socket, since);
        if (result === 'resync') socket.emit('resync', { position, reason: 'Too much changed while you were away' });
        else caughtUp = result;
      }
      socket.join(roomsFor(socket.data.user));
      socket.emit('ready', { position, caught_up: caughtUp });
    }).catch((error) => {
      logger.error({ err: error }, 'live gateway failed to set up a socket');
      socket.disconnect(true);
    });
  });

  return {
    io,
    position: () => feed.position(),
    waitFor: (position) => feed.waitFor(position),
    async close() {
      presence.close();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
