import type { LiveStatus } from './liveState';

/**
 * Whether a change of the live status means the server can be reached again: the socket became
 * live after being anything else (reconnecting, offline, paused while the database was away, or
 * still connecting when the load failed). Staying live is no news, and a closed tab never comes back.
 */
export function cameBackLive(previous: LiveStatus, next: LiveStatus): boolean {
  return next === 'live' && previous !== 'live';
}
