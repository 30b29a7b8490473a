import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { loggablePath } from '../../server/middleware/loggablePath';
import { durationSeconds, tokenTimesProblem } from '../../server/auth/tokenTimes';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMTExIn0.c2lnbmF0dXJlLWJ5dGVz';

describe('paths in the log', () => {
  it('given a signing route, when its path is logged, then the token is not in it', () => {
    expect(loggablePath(`/api/signing/${TOKEN}`)).toBe('/api/signing/[redacted]');
    expect(loggablePath(`/api/signing/${TOKEN}/pdf`)).toBe('/api/signing/[redacted]/pdf');
    expect(loggablePath(`/API/Signing/${TOKEN}`)).toBe('/API/Signing/[redacted]');
    expect(loggablePath('/api/signing/not-even-a-jwt')).toBe('/api/signing/[redacted]');
  });
  it('a JWT anywhere else in a path is redacted too; ordinary paths are kept', () => {
    expect(loggablePath(`/api/deals/${TOKEN}`)).toBe('/api/deals/[redacted]');
    expect(loggablePath('/api/deals/11111111-1b2c-4d5e-8f90-123456789abc/stage')).toBe('/api/deals/11111111-1b2c-4d5e-8f90-123456789abc/stage');
  });
});

describe('the logger', () => {
  it('redacts credentials wherever a logged object carries them', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger('info', sink);
    logger.info({ signing_url: `https://ops.example/sign/${TOKEN}`, body: { token: TOKEN, webhook_url: 'https://hooks.slack.com/services/T/B/secret' }, headers: { authorization: `Bearer ${TOKEN}` } }, 'oops');
    const text = lines.join('');
    expect(text).toContain('oops');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('services/T/B/secret');
  });
});

describe('token times', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const at = now.getTime() / 1000;
  it('a token issued now for its lifetime is fine; issued in the future, or lasting longer, is not', () => {
    expect(tokenTimesProblem({ iat: at, exp: at + 3600 }, 3600, now)).toBeNull();
    expect(tokenTimesProblem({ iat: at + 30, exp: at + 3630 }, 3600, now)).toBeNull();
    expect(tokenTimesProblem({ iat: at + 3600, exp: at + 7200 }, 3600, now)).toBe('issued in the future');
    expect(tokenTimesProblem({ iat: at, exp: at + 10 * 365 * 86_400 }, 3600, now)).toBe('lasts longer than this server issues tokens for');
    expect(tokenTimesProblem({ exp: at + 60 }, 3600, now)).toBe('no issue time');
  });
  it('reads lifetimes as jose does', () => {
    expect(durationSeconds('12h')).toBe(43_200);
    expect(durationSeconds('30 minutes')).toBe(1800);
    expect(durationSeconds('1.5d')).toBe(129_600);
    expect(() => durationSeconds('forever')).toThrow(/duration/);
  });
});
