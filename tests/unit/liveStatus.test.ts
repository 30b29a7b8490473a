import { describe, expect, it } from 'vitest';
import { TOO_MANY_TABS } from '@shared/realtime';
import { closedHint, statusAfterDrop } from '../../client/src/live/liveStatus';

describe('the live status once the socket dropped', () => {
  it('is closed, not reconnecting, when the server closed the tab for good and said why', () => {
    expect(statusAfterDrop(TOO_MANY_TABS, true)).toBe('closed');
    expect(statusAfterDrop(TOO_MANY_TABS, false)).toBe('closed');
  });

  it('follows the network otherwise', () => {
    expect(statusAfterDrop(null, true)).toBe('reconnecting');
    expect(statusAfterDrop(null, false)).toBe('offline');
  });

  it("says the server's reason and the way back", () => {
    expect(closedHint(TOO_MANY_TABS)).toBe('Too many open tabs: this one stopped updating. Reload the page to see changes as they happen again.');
    expect(closedHint('Your account was removed.')).toBe('Your account was removed. Reload the page to see changes as they happen again.');
  });
});
