import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/providers';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { SCREENS } from '@portal/domain/screens';
import { screenDataLoader } from '../src/app/screen-data';
import { findContactsQueryOptions } from '../src/features/contacts/api/find-contacts';
import { fakeJwt, jsonResponse, stubBrowser } from './browser-stubs';

const NO_FILTERS = { q: '', contactType: undefined, gender: undefined };

describe("a screen's first query, started by its route", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let storage: Storage;
  beforeEach(() => {
    ({ localStorage: storage } = stubBrowser());
    fetchMock = vi.fn(async () => jsonResponse(200, { items: [], nextCursor: null }));
    vi.stubGlobal('fetch', fetchMock);
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const screen = (id: string) => SCREENS.find((s) => s.id === id) as (typeof SCREENS)[number];
  const signIn = (roles: string[] = ['ROLE_AAP']) => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 600), refreshToken: 'r' }));
    storage.setItem(STORAGE_KEYS.profile, JSON.stringify({ id: 'u1', username: 'advisor', displayName: 'Advisor', roles, alias: null }));
  };
  const open = (url: string) => screenDataLoader(screen('contacts'))?.({ request: new Request(url) });
  const sentPaths = () => fetchMock.mock.calls.map(([input]) => String(input));

  it('asks for the contact list under the key the list screen reads, before the screen renders', async () => {
    signIn();
    expect(open('http://localhost/home/contact?gender=F')).toBeNull();
    const key = findContactsQueryOptions({ ...NO_FILTERS, gender: 'F' }).queryKey;
    await vi.waitFor(
      () => expect(queryClient.getQueryData(key)).toEqual({ pages: [{ items: [], nextCursor: null }], pageParams: [undefined] }),
      { timeout: 5_000 },
    );
    expect(sentPaths()).toEqual(['/api/contact/v2/find?gender=F&size=20']);
  });

  it('asks for nothing without a valid login, nor for a search the screen may not apply', async () => {
    open('http://localhost/home/contact');
    signIn();
    open('http://localhost/home/contact?q=ab');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for nothing for a role that may not use the screen (it says so instead)', async () => {
    signIn(['ROLE_CAN']);
    open('http://localhost/home/contact');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has a first query only for the screens that declare one', () => {
    expect(screenDataLoader(screen('home'))).toBeTypeOf('function');
    expect(screenDataLoader(screen('contacts'))).toBeTypeOf('function');
    expect(screenDataLoader(screen('profile'))).toBeUndefined();
  });
});
