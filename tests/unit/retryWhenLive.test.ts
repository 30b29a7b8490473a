import { describe, expect, it } from 'vitest';
import type { LiveStatus } from '../../client/src/live/liveState';
import { cameBackLive } from '../../client/src/live/retryWhenLive';

const AWAY: LiveStatus[] = ['connecting', 'reconnecting', 'paused', 'offline'];

describe('when a failed load retries by itself', () => {
  it('retries when the socket becomes live again, whatever kept it away', () => {
    for (const previous of AWAY) expect(cameBackLive(previous, 'live'), previous).toBe(true);
  });

  it('does not retry while the socket stays live: the failure was not the connection, and retrying would loop', () => {
    expect(cameBackLive('live', 'live')).toBe(false);
  });

  it('does not retry while the connection is still away, or on a tab the server closed for good', () => {
    for (const previous of ['live', ...AWAY] as LiveStatus[]) {
      for (const next of [...AWAY, 'closed'] as LiveStatus[]) expect(cameBackLive(previous, next), `${previous} -> ${next}`).toBe(false);
    }
  });
});
