import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../client/src/api/client';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe("The session check index.html's boot script started early", () => {
  const fetched = vi.fn<(url: string) => Response>();
  let boot: Record<string, Promise<Response>>;
  beforeEach(() => {
    fetched.mockClear();
    boot = { '/auth/me': Promise.resolve(json({ id: 'early' })) };
    vi.stubGlobal('window', { location: { origin: 'https://ops.example.com', pathname: '/offices' }, __flexspaceBoot: boot });
    vi.stubGlobal('localStorage', { getItem: () => 'token', setItem: () => undefined, removeItem: () => undefined });
    vi.stubGlobal('fetch', async (url: string) => fetched(url));
    fetched.mockImplementation(() => json({ id: 'asked' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given an early answer, when the client asks for it, then it takes that answer once and asks the server the next time', async () => {
    expect(await api('GET', '/auth/me')).toEqual({ id: 'early' });
    expect(fetched).not.toHaveBeenCalled();
    expect(await api('GET', '/auth/me')).toEqual({ id: 'asked' });
    expect(fetched).toHaveBeenCalledWith('https://ops.example.com/api/auth/me');
  });

  it('given an early request that failed on the network, when the client asks, then it asks the server itself', async () => {
    boot['/auth/me'] = Promise.reject(new TypeError('Failed to fetch'));
    expect(await api('GET', '/auth/me')).toEqual({ id: 'asked' });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('given an early answer for one path, when another is asked for, then the server answers it', async () => {
    expect(await api('GET', '/locations')).toEqual({ id: 'asked' });
    expect(Object.keys(boot)).toEqual(['/auth/me']);
  });
});
