/**
 * The socket.io contract, typed once for both ends. Wire names live here and nowhere else.
 *
 * The server pushes read-model rows, not "please refetch" signals: each `change` carries the
 * rows an event touched as they stand after it, tagged with the event's global log position.
 * A client keeps the highest position it has applied and sends it back when it reconnects.
 */
import type { Location } from './schemas/locations';
import type { User } from './schemas/auth';
import type { Member } from './schemas/members';
import type { Office } from './schemas/offices';
import type { Deal } from './schemas/deals';
import type { Company, Contact } from './schemas/crm';
import type { Template } from './schemas/templates';
import type { Task } from './schemas/tasks';
import type { Resource } from './schemas/resources';
import type { CompanySettings } from './schemas/settings';
import type { GmailConnection } from './schemas/gmail';
import type { SlackConfig, SlackDelivery, SlackWorkflows } from './schemas/slack';
import type { DealStage } from './domain/deals';
import type { FloorBackgroundRow, FloorPlacement } from './schemas/floorPlans';

/** Read-model rows by entity name. Later areas add their own entries. */
export interface LiveRows {
  locations: Location;
  users: User;
  offices: Office;
  members: Member;
  deals: Deal;
  contacts: Contact;
  companies: Company;
  templates: Template;
  tasks: Task;
  resources: Resource;
  company_settings: CompanySettings;
  /** One user's own mail connection (id: the user's id), pushed to that user alone. */
  gmail_status: GmailConnection;
  slack_config: SlackConfig;
  slack_workflows: SlackWorkflows;
  /** The Slack delivery log: rows outside the event log, pushed in `rows` messages. */
  slack_deliveries: SlackDelivery;
  /** An office's box on its floor's plan (id: its placement's, one per office; `office_id` names the office). */
  floor_placements: FloorPlacement;
  /** A floor's background image (id: the floor's id). */
  floor_backgrounds: FloorBackgroundRow;
}
export type LiveEntity = keyof LiveRows;

/**
 * Where a row stood when it left a user's view: a later row (higher version, or the same version
 * changed later) may bring it back; an older one arriving late may not.
 */
export interface RemovedAt {
  version: number;
  updated_at: string;
  /**
   * The name of the location the row now stands at, when it left the user's view by moving
   * there (an office an administrator moved to a location the user does not manage): screens
   * say where it went. Only the name, never the row.
   */
  moved_to?: string;
}

/**
 * One row as the receiving user's GET would answer it after an event: the row, or `row: null`
 * when the user may not (or no longer) see it. `removed_at` is set when the row still exists but
 * left the user's scope; absent, the row is gone for good (ids are never reused).
 */
export type RowChange = {
  [E in LiveEntity]: { entity: E; id: string; row: LiveRows[E] | null; removed_at?: RemovedAt };
}[LiveEntity];

export interface ChangeMessage {
  position: number;
  event_type: string;
  stream_id: string;
  at: string;
  /** The command's correlation id: a client recognises the echo of its own change by it. */
  correlation_id: string;
  /** Who made the change (null: the system). */
  user_name: string | null;
  changes: RowChange[];
}

/**
 * Rows kept outside the event log (the Slack delivery log), as they stand after a change, each
 * to the users who may see it. They have no log position and no catch-up: a client reloads such
 * lists whenever it connects again.
 */
export interface RowsMessage {
  changes: RowChange[];
}

/** Sent once per connection after any catch-up: the position the client is now current to. */
export interface ReadyMessage {
  position: number;
  caught_up: number;
}

/** The client is too far behind (or ahead of a rebuilt log) to catch up: reload every view. */
export interface ResyncMessage {
  position: number;
  reason: string;
}

/**
 * The server lost its database (`available: false`: nothing can be saved, no change arrives), or
 * has it back and follows the log again from where it was: whatever changed meanwhile arrives as
 * usual, from `position` on.
 */
export interface DatabaseMessage {
  available: boolean;
  reason: string | null;
  position: number;
}

/** Someone looking at a screen right now. Presence is ephemeral: never in the event log. */
export interface PresenceViewer {
  user_id: string;
  name: string;
}

/** Everyone on `screen` now (each user once, however many tabs), sent whenever that changes. */
export interface PresenceMessage {
  screen: string;
  viewers: PresenceViewer[];
}

/** The screen a tab shows now (its path, e.g. '/offices'); null when it shows none. */
export interface PresenceAnnouncement {
  screen: string | null;
}

/**
 * The server is about to close this socket. `reconnect: true` (a restart): come back after a
 * pause; false (too many tabs, the account was removed): stay disconnected.
 */
export interface ClosingMessage {
  reason: string;
  reconnect: boolean;
}

/**
 * The deal a tab's user is dragging now and the column it is over, or `deal_id: null` when they
 * let go. Ephemeral like presence: never in the event log.
 */
export type DragAnnouncement = { deal_id: string; stage: DealStage } | { deal_id: null };

/** Someone else's drag, sent to the board's sockets that may see the deal. `stage: null`: let go. */
export interface DragMessage {
  deal_id: string;
  user_id: string;
  name: string;
  stage: DealStage | null;
}

/** A tab sends at most one drag update per this many ms (about 10 per second). */
export const DRAG_INTERVAL_MS = 100;
/** A drag not heard of for this long is over (its tab went away without saying so). */
export const DRAG_EXPIRES_MS = 5_000;

/** The deal board is one screen for presence, whichever of its two paths a tab shows. */
export const BOARD_SCREEN = '/crm/deals';
/** The presence key of one floor's plan is this prefix, the location's id, '/' and the floor: who else looks at that floor. */
export const FLOOR_SCREEN_PREFIX = '/offices/floor-plan/';
const SCREEN_ALIASES: Record<string, string> = { '/crm': BOARD_SCREEN };
/** The presence key of a path: the path, except for aliases of one screen. */
export const screenOf = (pathname: string) => SCREEN_ALIASES[pathname] ?? pathname;

export interface ServerToClientEvents {
  change: (message: ChangeMessage) => void;
  rows: (message: RowsMessage) => void;
  closing: (message: ClosingMessage) => void;
  ready: (message: ReadyMessage) => void;
  resync: (message: ResyncMessage) => void;
  database: (message: DatabaseMessage) => void;
  presence: (message: PresenceMessage) => void;
  dragging: (message: DragMessage) => void;
}

export interface ClientToServerEvents {
  presence: (message: PresenceAnnouncement) => void;
  dragging: (message: DragAnnouncement) => void;
}

/** Longest screen key the server accepts in a presence announcement. */
export const MAX_SCREEN_LENGTH = 200;

/** What the client sends in the handshake's `auth` field. */
export interface HandshakeAuth {
  token: string;
  /** The last position the client applied; absent on a first connection. */
  since?: number;
}

/**
 * How far (in log positions) a reconnecting client may be behind and still catch up row by row;
 * further behind, it is told to reload its views, which costs one GET per screen instead of a
 * scan of the log.
 */
export const MAX_CATCH_UP_EVENTS = 2000;

/**
 * Open sockets one user may hold on one node (tabs, devices); the oldest is closed when a new one
 * exceeds it, told why in a `closing` message with TOO_MANY_TABS.
 */
export const MAX_SOCKETS_PER_USER = 12;
export const TOO_MANY_TABS = 'Too many open tabs: this one stopped updating';

/** The header a client sets on a mutation so the pushed change carries it back. */
export const CORRELATION_HEADER = 'X-Correlation-Id';
