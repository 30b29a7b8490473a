import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Logger } from 'pino';
import type { BookingDragMessage, DragMessage, MeetingEndReason, MeetingPointerMessage, PresenceViewer } from '@shared/realtime';
import type { MeetingState } from './meetingScope';

/**
 * What the nodes of one deployment tell each other (never the browsers): through socket.io's
 * PostgreSQL adapter, i.e. LISTEN/NOTIFY on the one database every node already uses. Changes
 * of the log need none of this: every node follows the log itself and pushes to its own
 * sockets. Only what is not in the log travels here: who is on which screen, who drags which card.
 */
export interface InterServerEvents {
  /** One node's viewers of one screen changed. */
  'presence:screen': (message: { node: string; screen: string; viewers: PresenceViewer[] }) => void;
  /** One node's whole presence, sent every few seconds: this is what it holds. */
  'presence:state': (message: { node: string; screens: Record<string, PresenceViewer[]> }) => void;
  /** A node is alive, every NODE_BEAT_MS; a few bytes, so it can be sent often. */
  'presence:beat': (message: { node: string }) => void;
  /** A node started: the others send their state at once rather than at their next beat. */
  'presence:hello': (message: { node: string }) => void;
  /** A drag seen on one node, for the board's sockets of the others. */
  drag: (message: { locationId: string; message: DragMessage }) => void;
  /** A meeting on the deal board as its owner (the presenter's node) holds it. */
  'meeting:state': (message: { meeting: MeetingState }) => void;
  'meeting:end': (message: { meeting_id: string; reason: MeetingEndReason; ended_at: string }) => void;
  /** Pointers in meetings (each person's latest), with the location of the card each is over (for each node's scoping). */
  'meeting:pointers': (message: { pointers: { message: MeetingPointerMessage; card_location: string | null }[] }) => void;
  /** A node started: the others send the meetings they own. */
  'meeting:hello': (message: { node: string }) => void;
  /** A calendar drag seen on one node, for the calendar's sockets of the others. */
  bookingDrag: (message: { locationId: string; message: BookingDragMessage }) => void;
}

export interface ClusterLink {
  /** Adapter factory for `io.adapter(...)`. */
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/** How often a node says it is alive. */
export const NODE_BEAT_MS = 500;
/**
 * A node silent for this long is gone (4 beats missed), for presence and the adapter alike. A
 * node killed outright thus leaves the others' presence lists within NODE_EXPIRES_MS + one
 * check (NODE_BEAT_MS) of its last beat: 2.5 s at most, not a stall of a live node's beats.
 */
export const NODE_EXPIRES_MS = 2_000;

/** The adapter's own table, for messages over NOTIFY's 8,000-byte limit (created by migration 0003). */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';

/** The link's sessions in pg_stat_activity: what an operator (or a test) finds them by. */
export const LINK_APPLICATION_NAME = 'flexspace-node-link';

/**
 * The socket.io adapter that links the nodes sharing `databaseUrl`.
 *
 * The adapter checks one connection out of its pool for its LISTEN and keeps it; when that
 * connection ends (a restart of the database, a failover, the session terminated) it opens
 * another, every 1-3 s until one succeeds. node-postgres's pool hears the errors of idle
 * connections only, and an 'error' nobody listens to ends the process; nor does it ever free a
 * checked-out connection that died. So the LISTEN gets a pool of its own, whose connection is
 * given an error listener and handed back (dropped) when it ends, and the NOTIFYs another.
 */
export function linkNodes(databaseUrl: string, logger: Logger): ClusterLink {
  // While the database is out of reach a NOTIFY waits at most 5 s for a connection, not for ever.
  const options = { connectionString: databaseUrl, max: 1, application_name: LINK_APPLICATION_NAME, connectionTimeoutMillis: 5_000 };
  const listening = new pg.Pool(options);
  const notifying = new pg.Pool(options);
  // The message alone: node-postgres's errors carry their whole client.
  const brief = (error: Error & { code?: string }) => ({ message: error.message, code: error.code });
  const lost = (error: Error) => logger.warn({ error: brief(error) }, 'node link: database connection lost; reconnecting');
  for (const pool of [listening, notifying]) pool.on('error', lost);
  // The LISTEN connections now open: the adapter checks one out and keeps it, and one it checks
  // out while reconnecting as the server closes is never handed back, so pool.end(), which waits
  // for every checked-out connection, would wait for ever. Closing ends them itself.
  const open = new Set<pg.PoolClient>();
  listening.on('connect', (client) => {
    open.add(client as pg.PoolClient);
    client.on('error', lost);
    client.once('end', () => {
      open.delete(client as pg.PoolClient);
      try {
        client.release(new Error('connection ended'));
      } catch {
        // Already handed back (the link is closing).
      }
    });
  });
  // The adapter declares a whole pg.Pool but calls only these two: LISTEN on a checked-out
  // connection, NOTIFY through query. Splitting them over two pools needs a stand-in.
  const pool = {
    connect: () => listening.connect(),
    query: (text: string, values?: unknown[]) => notifying.query(text, values),
  } as unknown as pg.Pool;
  const adapter = createAdapter(pool, {
    tableName: ATTACHMENTS_TABLE,
    // Presence's beats keep the adapter's own heartbeat quiet; both forget a node alike.
    heartbeatInterval: NODE_BEAT_MS,
    heartbeatTimeout: NODE_EXPIRES_MS,
    errorHandler: (error) => logger.warn({ error: brief(error as Error) }, 'node link failed'),
  });
  let closing: Promise<void> | undefined;
  const close = async () => {
    const ended = Promise.all([listening.end(), notifying.end()]);
    for (const client of open) void (client as unknown as pg.Client).end().catch(() => undefined);
    await ended;
  };
  // A second close (a stop retried after one that timed out) waits for the first, never ends a pool twice.
  return { adapter, close: () => (closing ??= close()) };
}
