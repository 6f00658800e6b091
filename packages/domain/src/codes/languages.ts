/**
 * Languages of spec §1/§9: English (default, code en) and Khmer (km). The chosen language is
 * kept in the client store under `currentLang` (see storage-keys.ts).
 */
export const LANGUAGES = ['en', 'km'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, written in that language (shown as-is in a language switcher). */
export const LANGUAGE_NATIVE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  km: 'ខ្មែរ',
};

/** BCP 47 tags, for `<html lang>` and Intl APIs. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  en: 'en',
  km: 'km-KH',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or requested value, or the default when it is not one of ours. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}
