import { DEFAULT_LANGUAGE, type Language } from '@portal/domain/codes/languages';

/**
 * Shape of the language files in `locales/<namespace>.json` (decision 001): a flat map from
 * key to both languages' text. Read by the web app's i18next backend and by the server.
 */
export const NAMESPACES = [
  'common',
  'nav',
  'offline',
  'auth',
  'home',
  'contacts',
  'proposals',
  'applications',
  'servicing',
  'recruitment',
  'compliance',
  'agency',
  'profile',
  'validation',
  'errors',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type LocaleEntry = Record<Language, string>;
export type LocaleFile = Record<string, LocaleEntry>;

export function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/** One language's flat resource map; a missing text falls back to English. */
export function pickLanguage(file: LocaleFile, language: Language): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(file)) {
    const text = entry[language] || entry[DEFAULT_LANGUAGE];
    if (text) out[key] = text;
  }
  return out;
}

/** Placeholder names in a text, `{name}` or `{user.name}`, sorted and unique. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([A-Za-z_][\w.]*)\}/g)].map((m) => m[1] as string))].sort();
}
