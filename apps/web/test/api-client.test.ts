import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api, setSignedOutHandler } from '../src/lib/api-client';
import { fakeJwt, jsonResponse, stubBrowser } from './browser-stubs';

const future = () => Math.floor(Date.now() / 1000) + 600;

describe('api client', () => {
  let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
  let storage: Storage;

  beforeEach(() => {
    ({ localStorage: storage } = stubBrowser({ cookie: 'other=1; XSRF-TOKEN=xsrf%3D42' }));
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    setSignedOutHandler(null);
    vi.unstubAllGlobals();
  });

  const sentHeaders = (call: number) => new Headers((fetchMock.mock.calls[call]?.[1] as RequestInit).headers);

  it('sends the bearer token, and the XSRF header only on non-GET calls', async () => {
    const access = fakeJwt(future());
    storage.setItem('token', JSON.stringify({ accessToken: access, refreshToken: 'r1' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true })).mockResolvedValueOnce(jsonResponse(200, { ok: true }));

    await api.get('/api/user/v1/profile');
    await api.post('/api/contact/v1/create', { firstName: 'Dara' });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/v1/profile');
    expect(sentHeaders(0).get('Authorization')).toBe(`Bearer ${access}`);
    expect(sentHeaders(0).get('X-XSRF-TOKEN')).toBeNull();
    expect(sentHeaders(1).get('X-XSRF-TOKEN')).toBe('xsrf=42');
    expect(sentHeaders(1).get('Content-Type')).toBe('application/json');
    expect((fetchMock.mock.calls[1]?.[1] as RequestInit).body).toBe('{"firstName":"Dara"}');
  });

  it('turns the error envelope into an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { code: 429, messageKey: 'account_locked', retryAfter: 600 }));
    const error = await api.post('/api/auth/v1/login', { username: 'a', password: 'b' }, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 429, messageKey: 'account_locked', retryAfter: 600 });
  });

  it('falls back to the HTTP status key when the body is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 503 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 503, messageKey: 'unavailable' });
  });

  it('reports a network failure as status 0 / network_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, messageKey: 'network_error' });
  });

  it('refreshes once on 401 (single flight for parallel calls) and retries', async () => {
    const renewed = fakeJwt(future() + 60);
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(future()), refreshToken: 'r1' }));
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/v1/refresh') {
        return jsonResponse(200, { accessToken: renewed, refreshToken: 'r2', expiresIn: 900, scopes: [], user: {} });
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === `Bearer ${renewed}` ? jsonResponse(200, { url }) : jsonResponse(401, { code: 401, messageKey: 'unauthenticated' });
    });

    const results = await Promise.all([api.get('/api/a'), api.get('/api/b')]);

    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/v1/refresh')).toHaveLength(1);
    const refreshBody = fetchMock.mock.calls.find(([url]) => url === '/api/auth/v1/refresh')?.[1] as RequestInit;
    expect(JSON.parse(String(refreshBody.body))).toEqual({ refreshToken: 'r1' });
    expect(JSON.parse(storage.getItem('token') ?? '{}')).toEqual({ accessToken: renewed, refreshToken: 'r2' });
  });

  it('clears the stored login and signals sign-out when the refresh is refused', async () => {
    const signedOut = vi.fn();
    setSignedOutHandler(signedOut);
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(future()), refreshToken: 'r1' }));
    storage.setItem('profile', JSON.stringify({ username: 'demo.aap', roles: [] }));
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 401, messageKey: 'unauthenticated' }));

    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('profile')).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for calls made without the stored login (sign-in)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 1024, messageKey: 'invalid_credentials' }));
    await expect(api.post('/api/auth/v1/login', {}, { auth: false })).rejects.toMatchObject({ status: 401, code: 1024 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
