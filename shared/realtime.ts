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

/** Read-model rows by entity name. Later areas add their own entries. */
export interface LiveRows {
  locations: Location;
  users: User;
  offices: Office;
  members: Member;
}
export type LiveEntity = keyof LiveRows;

/** One row as it stands after an event; `row: null` means it no longer exists. */
export type RowChange = {
  [E in LiveEntity]: { entity: E; id: string; row: LiveRows[E] | null };
}[LiveEntity];

export interface ChangeMessage {
  position: number;
  event_type: string;
  stream_id: string;
  at: string;
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

export interface ServerToClientEvents {
  change: (message: ChangeMessage) => void;
  ready: (message: ReadyMessage) => void;
  resync: (message: ResyncMessage) => void;
  presence: (message: PresenceMessage) => void;
}

export interface ClientToServerEvents {
  presence: (message: PresenceAnnouncement) => void;
}

/** Longest screen key the server accepts in a presence announcement. */
export const MAX_SCREEN_LENGTH = 200;

/** What the client sends in the handshake's `auth` field. */
export interface HandshakeAuth {
  token: string;
  /** The last position the client applied; absent on a first connection. */
  since?: number;
}

/** How many missed events a reconnecting client may be sent before it is told to reload. */
export const MAX_CATCH_UP_EVENTS = 5000;
