import type { PresenceViewer } from '@shared/realtime';
import { atom } from '../state/jotai';

/**
 * Live: connected and caught up. Reconnecting: dropped, trying again. Paused: connected, but the
 * server's database is out of reach (nothing saves, nothing arrives until it is back). Offline: no
 * network. Closed: the server closed the socket for good and said why (liveClosedAtom); no coming back.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'paused' | 'offline' | 'closed';

export const liveStatusAtom = atom<LiveStatus>('connecting');

/**
 * Bumped whenever views must (re)load from REST: on the first connection, and when the server
 * says the client is too far behind to catch up. A reconnect that caught up does not bump it.
 */
export const liveEpochAtom = atom(0);

/** Why the server closed this tab's socket for good (too many tabs, account removed); null while open. */
export const liveClosedAtom = atom<string | null>(null);

/** Who else is on the screen this tab shows. */
export const presenceAtom = atom<{ screen: string | null; viewers: PresenceViewer[] }>({ screen: null, viewers: [] });

/** The last log position whose changes this tab received: views that add rows up (the dashboard) reload when it moves. */
export const liveChangeAtom = atom(0);

/**
 * Bumped each time the socket is current again (every connection, every reconnection): lists kept
 * outside the log (the Slack delivery log), which no catch-up replays, reload then.
 */
export const liveConnectionsAtom = atom(0);
