import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_TAGS, toLanguage, type Language } from '@portal/domain/codes/languages';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { pickLanguage, type LocaleFile } from '@portal/i18n/locale-file';

/**
 * i18next set up as decision 001 says: one file per namespace at /locales/<ns>.json holding both
 * languages, fetched once when a screen first needs the namespace; `{name}` placeholders; the
 * choice kept in localStorage `currentLang` and mirrored on <html lang>.
 */

const files = new Map<string, Promise<LocaleFile>>();

/** GETs a namespace file once; a failed fetch is forgotten so the next attempt tries again. */
export function loadLocaleFile(namespace: string, fetcher: typeof fetch = fetch): Promise<LocaleFile> {
  let file = files.get(namespace);
  if (!file) {
    file = fetcher(`/locales/${encodeURIComponent(namespace)}.json`, { credentials: 'same-origin' }).then((response) => {
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
