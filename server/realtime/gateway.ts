import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { Pool, StoredEvent } from '../../events/store/types';
import type { ChangeFeed } from '../../projections/engine/changeFeed';
import { dealWhereabouts } from '../../projections/deals/queries';
import { PREPARED } from '../../events/store/connect';
import { getUser } from '../../projections/users/queries';
import {
  BOARD_SCREEN,
  BOOKINGS_SCREEN,
  MAX_SOCKETS_PER_USER,
  TOO_MANY_TABS,
  type ChangeMessage,
  type ClosingMessage,
  type ClientToServerEvents,
  type HandshakeAuth,
  type RowChange,
  type ServerToClientEvents,
} from '@shared/realtime';
import type { User } from '@shared/schemas/auth';
import { canSee } from '@shared/visibility';
import type { TokenService } from '../auth/tokens';
import type { ClusterLink, InterServerEvents } from './cluster';
import { createCatchUps, DATABASE_LOST } from './catchUp';
import { serial } from './limit';
import { createDealPlaces } from './dealPlaces';
import { createDragPresence } from './dragPresence';
import { createMeetings, type MeetingLink } from './meetings';
import { createBookingDragPresence } from './bookingDragPresence';
import { createPresence, isScreenRoom, screenRoom, type PresenceLink } from './presence';
import { EVERYONE_ROOM, roomsFor, roomsForScope, userRoom } from './rooms';
import { beyondScope, roomsBeyondScope, viewFor, viewKey } from './views';

export interface SocketData {
  user: User;
  connectedAt: number;
}
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface Gateway {
  io: GatewayServer;
  /** The last log position pushed to sockets. */
  position(): number;
  /** Resolves once every event up to `position` has been pushed. */
  waitFor(position: number): Promise<void>;
  /** Rows kept outside the log changed: each goes to this node's sockets whose users may see it. */
  pushRows(changes: RowChange[]): void;
  /**
   * The node is stopping: tells every socket to reconnect (to another node, where it catches up
   * from its position) and closes it; refuses new sockets from now on.
   */
  release(): void;
  close(): Promise<void>;
}

export interface GatewayOptions {
  /** How long a meeting waits for its presenter to come back (MEETING_GRACE_MS unless set, e.g. by a test). */
  meetingGraceMs?: number;
}

/** PostgreSQL's "invalid text representation": a token naming a user id that is not a UUID. */
const INVALID_TEXT = '22P02';

const access = (user: User) => `${user.role}|${[...user.locations].sort().join(',')}`;

/**
 * The live gateway: authenticates sockets with the same JWT as the API, and pushes each event's
 * changed rows (from the server's change feed) to every socket whose user could see the event,
 * each as that user's GET would answer it (views.ts). A socket that reconnects with `since`
 * receives the rows changed while it was away, as they stand now, or is told to reload when it
 * is too far behind; catch-ups run beside the live path, never in its queue.
 */
export async function startGateway(
  httpServer: HttpServer,
  sql: Pool,
  feed: ChangeFeed,
  tokens: TokenService,
  logger: Logger,
  cluster?: ClusterLink,
  options: GatewayOptions = {},
): Promise<Gateway> {
  const io: GatewayServer = new Server(httpServer, {
    serveClient: false,
    cors: { origin: false },
    ...(cluster ? { adapter: cluster.adapter } : {}),
  });
  const inOrder = serial();
  const node = randomUUID();
  const link: PresenceLink | undefined = cluster && {
    node,
    send: (event, ...args) => void io.serverSideEmit(event, ...args),
    on: (event, listener) => void io.on(event, listener as never),
  };
  const presence = createPresence(io, logger, link);

  let released = false;
  const catchUps = createCatchUps({ sql, feed, logger, released: () => released });

  // Nothing a client sends may stop the server: every failure here refuses the one socket.
  io.use(async (socket, next) => {
    // Stopping: the client tries again later, through the proxy, which sends it elsewhere.
    if (released) return next(new Error('Service unavailable'));
    try {
      const auth = (socket.handshake.auth ?? {}) as Partial<HandshakeAuth>;
      const userId = await tokens.verify(typeof auth.token === 'string' ? auth.token : null);
      const user = userId ? await getUser(sql, userId) : null;
      if (!user) return next(new Error('Unauthorized'));
      socket.data.user = user;
      socket.data.connectedAt = Date.now();
      next();
    } catch (error) {
      if ((error as { code?: string }).code === INVALID_TEXT) return next(new Error('Unauthorized'));
      logger.warn({ err: error }, 'live gateway could not authenticate a socket');
      next(new Error('Service unavailable'));
    }
  });

  /** Tells the client why before closing, so it knows whether to come back. */
  function close(socket: GatewaySocket, message: ClosingMessage) {
    socket.emit('closing', message);
    socket.disconnect(true);
  }

  /** Sockets of this process in any of `rooms`. */
  function socketsIn(rooms: string[]): GatewaySocket[] {
    const ids = new Set<string>();
    for (const room of rooms) for (const id of io.sockets.adapter.rooms.get(room) ?? []) ids.add(id);
    return [...ids].map((id) => io.sockets.sockets.get(id)).filter((s): s is GatewaySocket => !!s);
  }

  /** This node's sockets on the deal board that may see rows of `locationId`. */
  const boardSockets = (locationId: string) =>
    socketsIn(roomsForScope({ locations: [locationId] })).filter((socket) => socket.rooms.has(screenRoom(BOARD_SCREEN)));
  const places = createDealPlaces((dealId) => dealWhereabouts(sql, dealId));
  const drags = createDragPresence({
    locate: places.locate,
    boardSockets,
    forward: link && ((locationId, message) => link.send('drag', { locationId, message })),
    logger,
  });
  /** This node's sockets on the bookings calendar that may see rows of `locationId`. */
  const calendarSockets = (locationId: string) =>
    socketsIn(roomsForScope({ locations: [locationId] })).filter((socket) => socket.rooms.has(screenRoom(BOOKINGS_SCREEN)));
  const bookingDrags = createBookingDragPresence({
    locateRoom: async (roomId) => (await sql.unsafe<{ location_id: string }[]>('SELECT location_id FROM offices WHERE id = $1', [roomId], PREPARED))[0]?.location_id ?? null,
    calendarSockets,
    forward: link && ((locationId, message) => link.send('bookingDrag', { locationId, message })),
    logger,
  });
  link?.on('bookingDrag', ({ locationId, message }) => {
    for (const socket of calendarSockets(locationId)) if (socket.data.user.id !== message.user_id) socket.volatile.emit('bookingDragging', message);
  });
  // Another node's drag, for this node's board sockets (never the dragger's own tabs).
  link?.on('drag', ({ locationId, message }) => {
    for (const socket of boardSockets(locationId)) if (socket.data.user.id !== message.user_id) socket.volatile.emit('dragging', message);
  });

  const meetingLink: MeetingLink | undefined = link && { node, send: link.send as MeetingLink['send'] };
  const meetings = createMeetings({
    boardSockets: () => socketsIn([screenRoom(BOARD_SCREEN)]),
    // This node's sockets only (every node delivers to its own); socket.io encodes a broadcast once.
    broadcast: (ids, event, message, volatile) => {
      const to = io.local.to(ids);
      (volatile ? to.volatile : to).emit(event, ...([message] as Parameters<ServerToClientEvents[typeof event]>));
    },
    locate: places.locate,
    link: meetingLink,
    node,
    logger,
    ...(options.meetingGraceMs !== undefined ? { graceMs: options.meetingGraceMs } : {}),
  });
  link?.on('meeting:state', ({ meeting }) => meetings.heardState(meeting));
  link?.on('meeting:end', (message) => meetings.heardEnd(message));
  link?.on('meeting:pointers', (message) => meetings.heardPointers(message));
  link?.on('meeting:hello', () => meetings.heardHello());

  /**
   * Sends `message` to `sockets`, each as its user may see it (`view`, viewFor unless told;
   * nothing when it answers null): one view computed and encoded per kind of user (socket.io
   * encodes a broadcast once).
   */
  function deliver(sockets: GatewaySocket[], message: ChangeMessage, view: (user: User) => ChangeMessage | null = (user) => viewFor(user, message)) {
    const groups = new Map<string, { user: User; ids: string[] }>();
    for (const socket of sockets) {
      const { user } = socket.data;
      const key = viewKey(user, message);
      const group = groups.get(key);
      if (group) group.ids.push(socket.id);
      else groups.set(key, { user, ids: [socket.id] });
    }
    for (const { user, ids } of groups.values()) {
      const seen = view(user);
      // This node's sockets only: every node follows the log and pushes to its own.
      if (seen) io.local.to(ids).emit('change', seen);
    }
  }

  /**
   * A user's record changed: move its sockets to the rooms it may now see (keeping each one's
   * screen room: presence is not a permission). When what it may see changed, its screens must
   * reload (rows it lost are not in any event). Republish presence, in case its name changed.
   */
  async function refreshUserSockets(userId: string) {
    const user = await getUser(sql, userId);
    for (const socket of socketsIn([userRoom(userId)])) {
      if (!user) {
        close(socket, { reason: 'Your account was removed', reconnect: false });
        continue;
      }
      const changedAccess = access(user) !== access(socket.data.user);
      socket.data.user = user;
      for (const room of socket.rooms) if (room !== socket.id && !isScreenRoom(room)) socket.leave(room);
      socket.join(roomsFor(user));
      if (changedAccess) socket.emit('resync', { position: feed.position(), reason: 'Your access changed' });
    }
    presence.userChanged(userId);
  }

  /**
   * Each event's changes go to the sockets its scope names; rows beyond that scope (rows everyone
   * reads, a row at another location showing the changed one) go, alone, to the other sockets
   * that may see them.
   */
  function pushOne(event: StoredEvent, message: ChangeMessage) {
    const { scope } = event.metadata;
    const scoped = socketsIn(roomsForScope(scope));
    deliver(scoped, message);
    let sockets = scoped.length;
    const beyond = roomsBeyondScope(scope, message);
    if (beyond.length > 0) {
      const reached = new Set(scoped.map((s) => s.id));
      const others = socketsIn(beyond).filter((s) => !reached.has(s.id));
      deliver(others, message, (user) => {
        const part = beyondScope(user, scope, message);
        return part && viewFor(user, part);
      });
      sockets += others.length;
    }
    // Joins the request's log line (same correlation id) to what this node pushed of it.
    logger.info({ correlation_id: event.metadata.correlation_id, position: Number(event.position), event_type: event.type, sockets }, 'pushed');
  }

  /**
   * A user's sockets move to their new rooms right after the event that changed the user, before
   * the next event of the batch: a demoted user's socket never receives a later change of a
   * location it just lost, nor a deleted user's anything.
   */
  async function push(events: StoredEvent[], messages: ChangeMessage[]) {
    for (const [i, message] of messages.entries()) {
      const event = events[i]!;
      places.heard(message);
      pushOne(event, message);
      if (event.stream_type === 'user') await refreshUserSockets(event.stream_id.slice('user-'.length));
    }
  }

  feed.listen((events, messages) => inOrder(() => push(events, messages)));

  /**
   * One user may hold MAX_SOCKETS_PER_USER sockets on this node; a new one closes the oldest
   * beyond that, telling it why. Per node on purpose: counting across nodes would put a round
   * trip through PostgreSQL in every connection, in the crowd of reconnections after a restart,
   * and wait on nodes that are gone. Logged, so an operator sees who hits it and on which node.
   */
  function capSockets(user: User) {
    const sockets = socketsIn([userRoom(user.id)]).sort((a, b) => a.data.connectedAt - b.data.connectedAt);
    const oldest = sockets.slice(0, Math.max(0, sockets.length - MAX_SOCKETS_PER_USER));
    if (oldest.length === 0) return;
    logger.warn({ user_id: user.id, sockets: sockets.length, limit: MAX_SOCKETS_PER_USER, closed: oldest.length, node }, 'too many open tabs: closed the oldest');
    for (const socket of oldest) close(socket, { reason: TOO_MANY_TABS, reconnect: false });
  }

  io.on('connection', (socket) => {
    socket.on('presence', (message) => {
      presence.announce(socket, message);
      meetings.screenChanged(socket, socket.rooms.has(screenRoom(BOARD_SCREEN)));
    });
    socket.on('dragging', (message) => drags.announce(socket, message));
    socket.on('meeting:start', (message) => meetings.start(socket, message));
    socket.on('meeting:view', (message) => meetings.view(socket, message));
    socket.on('meeting:join', (message) => meetings.join(socket, message));
    socket.on('meeting:leave', (message) => meetings.leave(socket, message));
    socket.on('meeting:lead', (message) => meetings.lead(socket, message));
    socket.on('meeting:end', (message) => meetings.end(socket, message));
    socket.on('meeting:pointer', (message) => meetings.pointer(socket, message));
    socket.on('bookingDragging', (message) => bookingDrags.announce(socket, message));
    socket.on('disconnect', () => {
      presence.disconnected(socket);
      drags.disconnected(socket);
      meetings.disconnected(socket);
      bookingDrags.disconnected(socket);
    });
    // Live pushes flow from now on; a catch-up row loaded later is never older than a pushed one
    // (rows merge by version, removals carry theirs), so the two need no common queue.
    const position = feed.position();
    socket.join(roomsFor(socket.data.user));
    capSockets(socket.data.user);
    const since = (socket.handshake.auth as Partial<HandshakeAuth>).since;
    const resume = typeof since === 'number' && Number.isInteger(since) && since >= 0;
    void catchUps.resume(socket, resume ? since : null, position);
  });

  /**
   * The database went away or came back, as the change feed found when it looked at the log:
   * every socket of this node is told. They stay connected: once the feed follows the log again it
   * resumes from its position, and pushes what was committed meanwhile (by other nodes too) as usual.
   */
  feed.onStatus((status) => {
    if (status.following) {
      logger.info({ position: feed.position() }, 'live gateway: the database is back; following the log again');
    } else {
      logger.warn({ reason: status.reason }, 'live gateway: the database is out of reach');
    }
    io.local.emit('database', { available: status.following, reason: status.following ? null : DATABASE_LOST, position: feed.position() });
  });

  /**
   * Rows outside the log (the Slack delivery log) as they stand now, to this node's sockets, each
   * socket only the rows its user may see (`canSee`, as the GET); sockets that see the same rows
   * share one encoded message. Nothing goes to a socket that sees none of them.
   */
  function pushRows(changes: RowChange[]) {
    const groups = new Map<string, { changes: RowChange[]; ids: string[] }>();
    for (const socket of socketsIn([EVERYONE_ROOM])) {
      const seen = changes.filter((change) => change.row !== null && canSee(socket.data.user, change.entity, change.row));
      if (seen.length === 0) continue;
      const key = seen.map((change) => `${change.entity}:${change.id}`).join(' ');
      const group = groups.get(key);
      if (group) group.ids.push(socket.id);
      else groups.set(key, { changes: seen, ids: [socket.id] });
    }
    for (const { changes: seen, ids } of groups.values()) io.local.to(ids).emit('rows', { changes: seen });
  }

  function release() {
    released = true;
    for (const socket of io.sockets.sockets.values()) close(socket, { reason: 'The server is restarting', reconnect: true });
  }

  return {
    io,
    position: () => feed.position(),
    waitFor: (position) => feed.waitFor(position),
    pushRows,
    release,
    async close() {
      presence.close();
      meetings.close();
      release();
      catchUps.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await cluster?.close();
    },
  };
}
