import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceCookies } from '../../server/auth/deviceCookie';

describe('device cookies', () => {
  const devices = createDeviceCookies(randomBytes(32));

  it('verifies a cookie for the e-mail it was issued for, in any letter case, and names its device', () => {
    const cookie = devices.issue('Owner@Example.com');
    const nonce = devices.verify(cookie, 'owner@example.com');
    expect(nonce).toBe(cookie.split('.')[0]);
  });

  it('refuses it for another e-mail, from another key, altered, or malformed', () => {
    const cookie = devices.issue('owner@example.com');
    expect(devices.verify(cookie, 'other@example.com')).toBeNull();
    expect(createDeviceCookies(randomBytes(32)).verify(cookie, 'owner@example.com')).toBeNull();
    const [nonce, signature] = cookie.split('.');
    expect(devices.verify(`${nonce}x.${signature}`, 'owner@example.com')).toBeNull();
    expect(devices.verify(`${nonce}.${signature!.slice(0, -2)}`, 'owner@example.com')).toBeNull();
    for (const bad of [undefined, '', '.', 'abc', `${cookie}.more`, `${'n'.repeat(65)}.${signature}`]) {
      expect(devices.verify(bad, 'owner@example.com')).toBeNull();
    }
  });
});
