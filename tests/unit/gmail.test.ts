import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/src/api/client';
import { CALLBACK_MESSAGES, callbackFailure, readCallback } from '../../client/src/screens/gmail/callbackOutcome';
import { emailDate } from '../../client/src/screens/gmail/emailDate';
import { gmailDecider } from '../../events/gmail/decider';
import type { GmailEvent } from '../../events/gmail/events';
import type { HandleCommand } from '../../events/handleCommand';
import type { Pool } from '../../events/store/types';
import { emailQuery, MAX_ADDRESSES } from '../../server/gmail/emailQuery';
import { GOOGLE_DEFAULTS } from '../../server/gmail/googleConfig';
import { gmailService } from '../../server/gmail/gmailService';
import { openTokens, sealTokens } from '../../server/gmail/tokenBox';
import { createSecretBox } from '../../server/settings/secretBox';
import { loadConfig } from '../../server/config';
import { specFor } from '../support/givenWhenThen';

const given = specFor(gmailDecider);
const connected: GmailEvent = { type: 'GmailConnected', data: { gmail_address: 'desk@flex.example', ciphertext: 'v1.sealed' } };

describe('the Gmail connection decider', () => {
  it('connects, and connecting again replaces the connection', () => {
    given([]).when({ type: 'ConnectGmail', gmail_address: 'desk@flex.example', ciphertext: 'v1.sealed' }).then([connected]);
    given([connected])
      .when({ type: 'ConnectGmail', gmail_address: 'other@flex.example', ciphertext: 'v1.other' })
      .then([{ type: 'GmailConnected', data: { gmail_address: 'other@flex.example', ciphertext: 'v1.other' } }]);
  });

  it('disconnects what is connected, and records nothing otherwise', () => {
    given([connected]).when({ type: 'DisconnectGmail' }).then([{ type: 'GmailDisconnected', data: {} }]);
    given([]).when({ type: 'DisconnectGmail' }).then([]);
    given([connected, { type: 'GmailDisconnected', data: {} }]).when({ type: 'DisconnectGmail' }).then([]);
  });
});

describe('the Gmail search', () => {
  it('asks for messages from or to each address once, whatever its case', () => {
    expect(emailQuery(['Dana@Harbor.example', 'lee@harbor.example', 'dana@harbor.example'])).toBe(
      'from:dana@harbor.example OR to:dana@harbor.example OR from:lee@harbor.example OR to:lee@harbor.example',
    );
  });

  it('asks nothing without an address, leaves out anything that would change the search, and caps the addresses', () => {
    expect(emailQuery([])).toBeNull();
    expect(emailQuery(['not an address', 'x@y.example OR in:anywhere', 'a"b@c.example'])).toBeNull();
    const many = Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) => `p${i}@co.example`);
    expect(emailQuery(many)!.split(' OR ')).toHaveLength(MAX_ADDRESSES * 2);
  });
});

describe('sealed Gmail tokens', () => {
  const box = createSecretBox(randomBytes(32));
  const tokens = { access_token: 'ya29.clear-access', refresh_token: '1//clear-refresh', expires_at: '2030-01-01T00:00:00.000Z' };

  it('open for the user they were sealed for, and for no other user or key', () => {
    const sealed = sealTokens(box, 'user-a', tokens);
    expect(sealed).not.toContain('clear');
    expect(openTokens(box, 'user-a', sealed)).toEqual(tokens);
    expect(openTokens(box, 'user-b', sealed)).toBeNull();
    expect(openTokens(createSecretBox(randomBytes(32)), 'user-a', sealed)).toBeNull();
  });
});

describe('Gmail configuration', () => {
  it('defaults to Google’s own endpoints and reads the client from the environment', () => {
    expect(loadConfig({}).google).toEqual({ clientId: undefined, clientSecret: undefined, authUrl: GOOGLE_DEFAULTS.authUrl, tokenUrl: GOOGLE_DEFAULTS.tokenUrl, gmailApiUrl: GOOGLE_DEFAULTS.gmailApiUrl, revokeUrl: GOOGLE_DEFAULTS.revokeUrl });
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GMAIL_API_URL: 'http://127.0.0.1:9/' }).google).toMatchObject({ clientId: 'id', clientSecret: 'secret', gmailApiUrl: 'http://127.0.0.1:9/' });
    expect(() => loadConfig({ GOOGLE_TOKEN_URL: 'not a url' })).toThrow(/GOOGLE_TOKEN_URL/);
  });

  it('without a client, connecting is refused with the variables to set, before anything is stored', async () => {
    const service = gmailService({} as Pool, {} as HandleCommand, createSecretBox(randomBytes(32)), { ...GOOGLE_DEFAULTS, clientId: 'only-the-id' });
    await expect(service.start('user', 'http://127.0.0.1/auth/callback')).rejects.toMatchObject({
      status: 409,
      message: 'Gmail is not set up on this server: set GOOGLE_CLIENT_SECRET (a Google OAuth client) and restart it.',
    });
  });
});

describe('the e-mail dates', () => {
  const now = new Date(2025, 4, 15, 16, 30); // a Thursday afternoon, local time
  const at = (days: number, hour = 9) => new Date(2025, 4, 15 - days, hour, 5).toISOString();

  it('read as the time today, Yesterday, the weekday within 7 days, then month and day', () => {
    expect(emailDate(at(0), now)).toBe('9:05 AM');
    expect(emailDate(at(1, 23), now)).toBe('Yesterday');
    expect(emailDate(at(2), now)).toBe('Tuesday');
    expect(emailDate(at(6), now)).toBe('Friday');
    expect(emailDate(at(7), now)).toBe('May 8');
    expect(emailDate(at(40), now)).toBe('Apr 5');
  });
});

describe('the callback page', () => {
  it('reads Google’s error, a missing code, or the code and state', () => {
    expect(readCallback(new URLSearchParams('error=access_denied&state=s'))).toEqual({ kind: 'refused', message: 'OAuth error: access_denied' });
    expect(readCallback(new URLSearchParams('state=s'))).toEqual({ kind: 'refused', message: CALLBACK_MESSAGES.noCode });
    expect(readCallback(new URLSearchParams('code=c&state=s'))).toEqual({ kind: 'exchange', code: 'c', state: 's' });
  });

  it('says the server’s detail, else that connecting failed, else that it could not complete', () => {
    expect(callbackFailure(new ApiError(400, 'The state has expired'))).toBe('The state has expired');
    expect(callbackFailure(new ApiError(502, ''))).toBe(CALLBACK_MESSAGES.failed);
    expect(callbackFailure(new ApiError(0, 'offline'))).toBe(CALLBACK_MESSAGES.incomplete);
    expect(callbackFailure(new TypeError('Failed to fetch'))).toBe(CALLBACK_MESSAGES.incomplete);
  });
});
