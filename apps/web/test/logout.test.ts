import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { logout } from '../src/features/auth/api/logout';
import { fakeJwt, jsonResponse, stubBrowser } from './browser-stubs';

const now = () => Math.floor(Date.now() / 1000);

describe('signing out', () => {
  let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
  let storage: Storage;

  beforeEach(() => {
    ({ localStorage: storage } = stubBrowser({ cookie: 'XSRF-TOKEN=x1' }));
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  const call = (index: number) => {
    const [url, init] = fetchMock.mock.calls[index] ?? [];
    return { url, init, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) as unknown };
  };

  it('clears the stored login before the server answers, and revokes the session with the tokens read before', async () => {
    const access = fakeJwt(now() + 600);
    storage.setItem('token', JSON.stringify({ accessToken: access, refreshToken: 'r1' }));
    storage.setItem('profile', JSON.stringify({ username: 'dara', roles: ['ADVISOR'] }));
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));

    const signingOut = logout();

    // A tab closed now is signed out: nothing of the login is left while the call is on its way.
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('profile')).toBeNull();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const sent = call(0);
    expect(sent.url).toBe('/api/auth/v1/logout');
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(sent.headers.get('X-XSRF-TOKEN')).toBe('x1');
    expect(sent.body).toEqual({ refreshToken: 'r1' });
    expect(sent.init?.keepalive).toBe(true);

    answer(jsonResponse(200, { ok: true }));
    await signingOut;
    expect(storage.getItem('token')).toBeNull();
  });

  it('renews an expired access token for the call, and keeps nothing of the new pair', async () => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(now() - 60), refreshToken: 'r1' }));
    const renewed = fakeJwt(now() + 900);
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/v1/refresh'
        ? jsonResponse(200, { accessToken: renewed, refreshToken: 'r2', expiresIn: 900, scopes: [], user: {} })
        : jsonResponse(200, { ok: true }),
    );

    await logout();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/v1/refresh', '/api/auth/v1/logout']);
    expect(call(0).body).toEqual({ refreshToken: 'r1' });
    expect(call(1).headers.get('Authorization')).toBe(`Bearer ${renewed}`);
    expect(call(1).body).toEqual({ refreshToken: 'r2' });
    expect(storage.getItem('token')).toBeNull();
  });

  it('signs out on the phone when the server cannot be reached', async () => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(now() + 600), refreshToken: 'r1' }));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(logout()).resolves.toBeUndefined();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(storage.getItem('token')).toBeNull();
  });
});
