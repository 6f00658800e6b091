import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addLocaleFiles,
  i18n,
  loadLocaleFile,
  localeBackend,
  localeUrl,
  translateErrorKey,
  translateFormError,
  translateKey,
} from '../src/lib/i18n';
import { stubBrowser } from './browser-stubs';

const files: Record<string, unknown> = {
  common: { error_generic: { en: 'Something went wrong.', km: 'មានបញ្ហា។' }, hello: { en: 'Hello {user.name}', km: 'សួស្តី {user.name}' } },
  errors: { system_error: { en: 'System error', km: 'កំហុសប្រព័ន្ធ' }, user_not_found: { en: 'No account', km: 'គ្មានគណនី' } },
  validation: { invalid: { en: 'Invalid', km: 'មិនត្រឹមត្រូវ' }, required: { en: 'Required', km: 'ត្រូវបំពេញ' } },
};

describe('i18n', () => {
  beforeAll(async () => {
    stubBrowser();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const ns = /\/locales\/(\w+)\.json$/.exec(url)?.[1] ?? '';
        return files[ns] ? new Response(JSON.stringify(files[ns])) : new Response('nope', { status: 404 });
      }),
    );
    await i18n.use(localeBackend).init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['common', 'errors', 'validation'],
      defaultNS: 'common',
      keySeparator: false,
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    });
  });
  afterEach(() => undefined);

  it('fetches each namespace file once and picks the language', async () => {
    const fetchMock = fetch as unknown as ReturnType<typeof vi.fn>;
    expect(fetchMock.mock.calls.filter(([url]) => url === '/locales/common.json')).toHaveLength(1);
    await i18n.changeLanguage('km');
    expect(i18n.t('common:hello', { user: { name: 'Dara' } })).toBe('សួស្តី Dara');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/locales/common.json')).toHaveLength(1);
    await i18n.changeLanguage('en');
    expect(i18n.t('common:hello', { user: { name: 'Dara' } })).toBe('Hello Dara');
  });

  it('never shows a raw key for run-time keys', () => {
    expect(translateErrorKey('user_not_found')).toBe('No account');
    expect(translateErrorKey('no_such_key')).toBe('System error');
    expect(translateFormError('required')).toBe('Required');
    expect(translateFormError('whatever')).toBe('Invalid');
    expect(translateFormError(undefined)).toBe('Invalid');
    expect(translateKey('nav:missing', 'home:missing')).toBe('Something went wrong.');
  });

  it('forgets a failed fetch so the next attempt tries again', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('{}'));
    await expect(loadLocaleFile('retry-test', fetcher)).rejects.toThrow('offline');
    await expect(loadLocaleFile('retry-test', fetcher)).resolves.toEqual({});
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('asks for a file by the version the build knows, and by its bare name otherwise', () => {
    expect(localeUrl('nav', { nav: '0123456789abcdef' })).toBe('/locales/nav.0123456789abcdef.json');
    expect(localeUrl('nav', { common: '0123456789abcdef' })).toBe('/locales/nav.json');
  });

  it('never fetches a file that came inside a chunk, in either language', async () => {
    const fetchMock = fetch as unknown as ReturnType<typeof vi.fn>;
    fetchMock.mockClear();
    addLocaleFiles({ carried: { greeting: { en: 'Welcome', km: 'សូមស្វាគមន៍' } } });
    await i18n.loadNamespaces('carried');
    expect(i18n.t('carried:greeting')).toBe('Welcome');
    await i18n.changeLanguage('km');
    expect(i18n.t('carried:greeting')).toBe('សូមស្វាគមន៍');
    await i18n.changeLanguage('en');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
