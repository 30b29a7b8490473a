import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('configuration', () => {
  it('trusts X-Forwarded-For only when TRUST_PROXY is set', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('drains a stopping node for the times set, or the defaults', () => {
    expect(loadConfig({}).drain).toEqual({ delayMs: 0, timeoutMs: 20_000 });
    expect(loadConfig({ DRAIN_DELAY_MS: '1500', DRAIN_TIMEOUT_MS: '5000' }).drain).toEqual({ delayMs: 1500, timeoutMs: 5000 });
    expect(() => loadConfig({ DRAIN_DELAY_MS: '-1' })).toThrow(/DRAIN_DELAY_MS/);
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: 'soon' })).toThrow(/DRAIN_TIMEOUT_MS/);
  });
});
