import type { Language } from '@portal/domain/codes/languages';
import type { LocaleFile } from '@portal/i18n/locale-file';
import applicationsText from '@portal/i18n/applications.json';
import proposalsText from '@portal/i18n/proposals.json';

/** The language files the application form takes its code labels from (the screens' own texts). */
const FILES: Readonly<Record<string, LocaleFile>> = {
  applications: applicationsText as LocaleFile,
  proposals: proposalsText as LocaleFile,
};

/**
 * The text of a `'<namespace>:<key>'` label (@portal/domain/codes/application-labels) in `lang`
 * — English when the Khmer is missing — with its `{name}` placeholders filled; null when the key
 * is unknown, so the caller can fall back to the code itself.
 */
export function labelText(key: string | undefined, lang: Language, values: Readonly<Record<string, string>> = {}): string | null {
  if (!key) return null;
  const [namespace, name] = key.split(':');
  const entry = namespace && name ? FILES[namespace]?.[name] : undefined;
  const text = entry ? entry[lang] || entry.en : undefined;
  if (!text) return null;
  return text.replace(/\{([A-Za-z_][\w.]*)\}/g, (whole, placeholder: string) => values[placeholder] ?? whole);
}

/** A code's label, or the code itself when it has none (never an empty cell for a filled field). */
export function codeLabel(
  labels: Readonly<Record<string, string>>,
  code: string | null | undefined,
  lang: Language,
  values?: Readonly<Record<string, string>>,
): string {
  if (!code) return '';
  return (Object.hasOwn(labels, code) ? labelText(labels[code], lang, values) : null) ?? code;
}
