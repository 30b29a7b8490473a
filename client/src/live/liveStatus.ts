import type { LiveStatus } from './liveState';

/** What to show once the socket dropped: closed for good when the server said why, else by the network. */
export function statusAfterDrop(closedReason: string | null, online: boolean): LiveStatus {
  if (closedReason !== null) return 'closed';
  return online ? 'reconnecting' : 'offline';
}

/** What to do about a tab the server closed for good: the server's reason, then the way back. */
export const RELOAD_TO_GO_LIVE = 'Reload the page to see changes as they happen again.';
export const closedHint = (reason: string) => `${reason.replace(/[.\s]+$/, '')}. ${RELOAD_TO_GO_LIVE}`;
