import { SignJWT } from 'jose';
import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNING_LINK_TTL_DAYS, agreementTermsRefusal } from '@shared/domain/agreement';
import { splitOfferedPrice, termEnd } from '../../server/signing/agreementTerms';
import { loadConfig } from '../../server/config';
import { HttpError } from '../../server/httpError';
import { createSigningLinks } from '../../server/signing/signingLinks';
import { memoryLimits } from '../../server/limits/limiterStore';
import { signingThrottle } from '../../server/signing/signingThrottle';

const key = new TextEncoder().encode('k'.repeat(48));
const claims = {
  deal_id: '11111111-1b2c-4d5e-8f90-123456789abc',
  token_id: '55555555-1b2c-4d5e-8f90-123456789abc',
  agreement_version: 2,
  sha256: 'c'.repeat(64),
};

describe('signing links', () => {
  const links = createSigningLinks(key, { ttlDays: 14 });

  it('name the deal, the request and the agreement they are bound to', async () => {
    const expires_at = links.expiry(new Date());
    const verified = await links.verify(await links.mint({ ...claims, expires_at }));
    expect(verified).toEqual({ ok: true, claims: { ...claims, expires_at } });
  });
  it('expire after the configured days, in whole seconds as the token holds them', () => {
    const now = new Date('2030-01-01T10:00:00.750Z');
    expect(links.expiry(now).toISOString()).toBe('2030-01-15T10:00:00.000Z');
    expect(createSigningLinks(key, { ttlDays: 0.5 }).expiry(now).toISOString()).toBe('2030-01-01T22:00:00.000Z');
  });
  it('tell an expired link from one that is not valid', async () => {
    expect(await links.verify(await links.mint({ ...claims, expires_at: new Date(Date.now() - 1000) }))).toEqual({ ok: false, reason: 'expired' });
    const token = await links.mint({ ...claims, expires_at: links.expiry(new Date()) });
    const [header, payload, mac] = token.split('.') as [string, string, string];
    const at = Math.floor(payload.length / 2);
    expect(await links.verify(`${header}.${payload.slice(0, at)}${payload[at] === 'x' ? 'y' : 'x'}${payload.slice(at + 1)}.${mac}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await createSigningLinks(new TextEncoder().encode('o'.repeat(48)), { ttlDays: 1 }).verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });
  it('refuse a token of the same key meant for something else (a session token has no signing audience)', async () => {
    const session = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.deal_id).setIssuer('flexspace-operations').setExpirationTime('1h').sign(key);
    expect(await links.verify(session)).toEqual({ ok: false, reason: 'invalid' });
  });
  it('refuse a correctly signed link issued in the future or lasting longer than links are sent for', async () => {
    const now = Math.floor(Date.now() / 1000);
    const DAY = 24 * 3600;
    const minted = (iat: number | null, exp: number) => {
      const jwt = new SignJWT({ ver: claims.agreement_version, sha: claims.sha256 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('flexspace-operations')
        .setAudience('deal-signing')
        .setSubject(claims.deal_id)
        .setJti(claims.token_id)
        .setExpirationTime(exp);
      return (iat === null ? jwt : jwt.setIssuedAt(iat)).sign(key);
    };
    for (const [what, token] of [
      ['issued next year', await minted(now + 365 * DAY, now + 366 * DAY)],
      ['issued in an hour', await minted(now + 3600, now + 3600 + DAY)],
      ['lasting ten years', await minted(now, now + 3650 * DAY)],
      ['lasting 15 days of a 14-day lifetime', await minted(now, now + 15 * DAY)],
      ['no issue time', await minted(null, now + DAY)],
    ] as const) {
      expect(await links.verify(token), what).toEqual({ ok: false, reason: 'invalid' });
    }
    // A little clock skew between nodes is fine, and so is the whole configured lifetime.
    for (const token of [await minted(now + 20, now + 20 + 14 * DAY), await minted(now, now + 14 * DAY)]) {
      expect((await links.verify(token)).ok).toBe(true);
    }
  });
  it('point at the public signing page, under PUBLIC_URL when set', () => {
    expect(links.pageUrl('abc', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/sign/abc');
    expect(createSigningLinks(key, { ttlDays: 1, publicUrl: 'https://ops.example.com/' }).pageUrl('abc', 'http://internal:3000')).toBe('https://ops.example.com/sign/abc');
  });
  it('last SIGNING_LINK_TTL_DAYS days, 14 unless configured', () => {
    expect(loadConfig({}).signingLinkTtlDays).toBe(DEFAULT_SIGNING_LINK_TTL_DAYS);
    expect(DEFAULT_SIGNING_LINK_TTL_DAYS).toBe(14);
    expect(loadConfig({ SIGNING_LINK_TTL_DAYS: '3' }).signingLinkTtlDays).toBe(3);
    expect(() => loadConfig({ SIGNING_LINK_TTL_DAYS: '0' })).toThrow(/SIGNING_LINK_TTL_DAYS/);
  });
});

describe('the public signing routes\' throttle', () => {
  it('refuses an address over its budget with a 429 and Retry-After, other addresses unaffected', async () => {
    const throttle = signingThrottle(memoryLimits, { points: 2, durationSeconds: 60 });
    const ctxOf = (ip: string) => ({ ip }) as Context;
    const next = async () => undefined;
    await throttle(ctxOf('203.0.113.1'), next);
    await throttle(ctxOf('203.0.113.1'), next);
    const refused = await throttle(ctxOf('203.0.113.1'), next).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect(Number((refused as HttpError).headers?.['Retry-After'])).toBeGreaterThan(0);
    await expect(throttle(ctxOf('203.0.113.2'), next)).resolves.toBeUndefined();
  });
});

describe('agreement terms', () => {
  it('split the offered price across offices by their marketed rates, to the cent', () => {
    expect(splitOfferedPrice(3600, [3000, 1000])).toEqual([2700, 900]);
    expect(splitOfferedPrice(1000, [1, 1, 1])).toEqual([333.33, 333.33, 333.34]);
    expect(splitOfferedPrice(1000, [0, 0])).toEqual([500, 500]);
  });
  it('end the term after its months and days', () => {
    expect(termEnd('2031-01-31', 1, null)).toBe('2031-02-28');
    expect(termEnd('2031-03-01', 6, 15)).toBe('2031-09-16');
  });
  it('need offices, a start date and a term', () => {
    expect(agreementTermsRefusal({ office_ids: ['x'], start_date: '2031-03-01', term_months: null, term_days: 45 })).toBeNull();
    expect(agreementTermsRefusal({ office_ids: [], start_date: '2031-03-01', term_months: 12, term_days: null })).toBe('Add an office before generating the agreement');
  });
});
