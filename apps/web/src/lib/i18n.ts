import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_TAGS, toLanguage, type Language } from '@portal/domain/codes/languages';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import commonFile from '@portal/i18n/common.json';
import { pickLanguage, type LocaleFile } from '@portal/i18n/locale-file';

/**
 * i18next set up as decisions 001 and 012 say: one file per namespace holding both languages;
 * `common` comes with the entry, the others are fetched once at
 * /locales/<ns>.<version>.json (cached for a year) as the route table asks for them, or come with
 * an area's chunk (`addLocaleFiles`); `{name}` placeholders; the choice kept in localStorage
 * `currentLang` and mirrored on <html lang>.
 */

const files = new Map<string, Promise<LocaleFile>>();
const versions: Readonly<Record<string, string>> = import.meta.env.PORTAL_LOCALE_VERSIONS ?? {};

/** The URL of a namespace's file: with the version this build was made with, when it knows one. */
export function localeUrl(namespace: string, known: Readonly<Record<string, string>> = versions): string {
  const version = known[namespace];
  return `/locales/${encodeURIComponent(namespace)}${version ? `.${version}` : ''}.json`;
}

/** GETs a namespace file once; a failed fetch is forgotten so the next attempt tries again. */
export function loadLocaleFile(namespace: string, fetcher: typeof fetch = fetch): Promise<LocaleFile> {
  let file = files.get(namespace);
  if (!file) {
    file = fetcher(localeUrl(namespace), { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`locale ${namespace}: HTTP ${response.status}`);
      return response.json() as Promise<LocaleFile>;
    });
    file.catch(() => files.delete(namespace));
    files.set(namespace, file);
  }
  return file;
}

export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadLocaleFile(namespace).then(
      (file) => callback(null, pickLanguage(file, toLanguage(language))),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function storedLanguage(): Language {
  try {
    return toLanguage(localStorage.getItem(STORAGE_KEYS.currentLang));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string): void {
  const lang = toLanguage(language);
  document.documentElement.lang = LANGUAGE_TAGS[lang];
  try {
    localStorage.setItem(STORAGE_KEYS.currentLang, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

export const i18n = i18next.createInstance();

/** Both languages of each file, as i18next's resources. */
function resourcesOf(namespaces: Readonly<Record<string, LocaleFile>>): Record<string, Record<string, Record<string, string>>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(Object.entries(namespaces).map(([namespace, file]) => [namespace, pickLanguage(file, language)])),
    ]),
  );
}

/**
 * Language files that came inside a chunk (the sign-in screens carry theirs): added in both
 * languages, so neither the screen nor a change of language fetches them.
 */
export function addLocaleFiles(namespaces: Readonly<Record<string, LocaleFile>>): void {
  for (const [language, bundles] of Object.entries(resourcesOf(namespaces))) {
    for (const [namespace, bundle] of Object.entries(bundles)) {
      if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
    }
  }
}

export function initI18n(): Promise<unknown> {
  const lng = storedLanguage();
  applyLanguage(lng);
  i18n.on('languageChanged', applyLanguage);
  return i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      // `common` (every screen's frame) is part of the entry: the first screen never waits for it.
      resources: resourcesOf({ common: commonFile as LocaleFile }),
      partialBundledLanguages: true,
      // Keys are flat (`detail_title`); `:` separates the namespace.
      keySeparator: false,
      nsSeparator: ':',
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
      returnNull: false,
      react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
    });
}

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Whether a language was chosen in this browser: kept from an earlier visit, or picked since the
 * page loaded. A sign-in applies the account's saved language only when none was (a person who
 * picks Khmer on the sign-in page stays in Khmer).
 */
let chosenHere = (() => {
  try {
    return localStorage.getItem(STORAGE_KEYS.currentLang) !== null;
  } catch {
    return false;
  }
})();

export function languageChosenHere(): boolean {
  return chosenHere;
}

export function changeLanguage(language: Language): Promise<unknown> {
  chosenHere = true;
  return i18n.changeLanguage(language);
}

const LAST_RESORT_KEY = 'common:error_generic';

/**
 * Translates a key that arrives at run time (a server `messageKey`, a form error key) and falls
 * back to a known key instead of ever showing a raw key. The namespaces involved must be loaded
 * by the calling screen (`useTranslation(['errors', 'validation'])`).
 */
export function translateKey(key: string, fallback: string, values?: Record<string, unknown>): string {
  for (const candidate of [key, fallback, LAST_RESORT_KEY]) {
    if (i18n.exists(candidate)) return i18n.t(candidate, values ?? {});
  }
  return '';
}

/** A server message key (`user_not_found`) in the `errors` namespace. */
export function translateErrorKey(messageKey: string, values?: Record<string, unknown>): string {
  return translateKey(`errors:${messageKey}`, 'errors:system_error', values);
}

/** A form error key (`required`, `maxlength`) in the `validation` namespace. */
export function translateFormError(key: string | undefined, values?: Record<string, unknown>): string {
  return translateKey(`validation:${key ?? 'invalid'}`, 'validation:invalid', values);
}
