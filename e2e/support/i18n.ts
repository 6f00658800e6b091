// The language files (packages/i18n/locales/<ns>.json: flat key -> { en, km }), read from disk
// so that a test asserts the text a person sees in each language.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGS = ['en', 'km'] as const;
export type Lang = (typeof LANGS)[number];

type LocaleFile = Record<string, Partial<Record<Lang, string>>>;

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'i18n', 'locales');
const files = new Map<string, LocaleFile>();

function localeFile(ns: string): LocaleFile {
  let file = files.get(ns);
  if (!file) {
    file = JSON.parse(readFileSync(join(LOCALES_DIR, `${ns}.json`), 'utf8')) as LocaleFile;
    files.set(ns, file);
  }
  return file;
}

/** The text of `ns:key` in one language; throws when the key or that language is missing. */
export function text(key: string, lang: Lang): string {
  const at = key.indexOf(':');
  if (at <= 0) throw new Error(`"${key}" is not a "namespace:key" text key`);
  const value = localeFile(key.slice(0, at))[key.slice(at + 1)]?.[lang];
  if (!value) throw new Error(`no ${lang} text for "${key}" in packages/i18n/locales/${key.slice(0, at)}.json`);
  return value;
}

/**
 * What to expect on screen for a text: the string itself, or, when it has placeholders such as
 * {name}, a pattern where each placeholder stands for some text.
 */
export function textMatcher(key: string, lang: Lang): string | RegExp {
  const value = text(key, lang).replace(/\s+/g, ' ').trim();
  if (!/\{[\w.]+\}/.test(value)) return value;
  const parts = value.split(/\{[\w.]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}
