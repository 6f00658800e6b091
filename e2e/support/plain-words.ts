// Plain words, never codes: what a screen shows is checked for raw codes (products, plans, riders,
// banks, enum values, translation keys, `undefined`) and, on a Khmer screen, for English words
// left untranslated. An English word is one of the portal's own English texts (the English side
// of every locale string, the catalogue's English names) that its Khmer texts never use: a
// customer's name or address typed in Latin letters is not flagged, an untranslated label is.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CATALOGUE_2026_1 } from '../../packages/domain/src/catalogue/catalogue-2026-1';
import type { Lang } from './i18n';

const LOCALES = new URL('../../packages/i18n/locales/', import.meta.url);
const NAMESPACES = readdirSync(LOCALES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

const catalogue = CATALOGUE_2026_1;
/** Codes a person should never read: product, rider and plan codes, plan keys, bank codes. */
const CODES = new Set<string>([
  ...catalogue.products.map((p) => p.code),
  ...catalogue.products.flatMap((p) => p.plans.flatMap((plan) => [plan.planKey, plan.planCode])),
  ...catalogue.riders.map((r) => r.code),
  'BAANZ',
  'BAMAY',
  'BAABA',
  'BAFTB',
  'BACIM',
  'BASPN',
]);
const I18N_KEY = new RegExp(`\\b(?:${NAMESPACES.join('|')}):[a-z][A-Za-z0-9_]*`);
/** An enum value or key shown as it is stored: `itc_assigned`, `payment_requested`. */
const SNAKE = /\b[a-z]+_[a-z0-9_]+\b/;
const JS_LEAKS = /\b(?:undefined|null|NaN)\b|\[object Object\]/;

const words = (text: string) => text.match(/[A-Za-z]{3,}/g) ?? [];

/** The English words of the portal's own texts that its Khmer texts never use. */
const ENGLISH_WORDS: ReadonlySet<string> = (() => {
  const en = new Set<string>();
  const keptInKhmer = new Set<string>();
  for (const ns of NAMESPACES) {
    const table = JSON.parse(readFileSync(new URL(`${ns}.json`, LOCALES), 'utf8')) as Record<string, { en: string; km: string }>;
    for (const { en: english, km } of Object.values(table)) {
      // Interpolation names ({file}, {{count}}) are not words a person reads.
      for (const w of words(english.replace(/\{+[^}]*\}+/g, ''))) en.add(w);
      for (const w of words(km.replace(/\{+[^}]*\}+/g, ''))) keptInKhmer.add(w);
    }
  }
  for (const p of catalogue.products)
    for (const text of [p.name, ...p.plans.map((plan) => plan.name)]) for (const w of words(text)) en.add(w);
  for (const r of catalogue.riders) for (const w of words(r.name)) en.add(w);
  for (const w of keptInKhmer) en.delete(w);
  // The language switch names each language in itself.
  en.delete('English');
  return en;
})();

/**
 * Problems of the page as shown (document text, every option of every select included), one line
 * each: raw codes, translation keys, JavaScript leaks, and on a Khmer page English words. `typed`:
 * texts the test itself entered (people's names, addresses), which may be in Latin letters.
 */
export async function plainWordProblems(page: Page, lang: Lang, typed: readonly string[] = []): Promise<string[]> {
  // What is marked translate="no" (an agency's or a person's own name) is the data's, not ours.
  const text = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[translate="no"]').forEach((el) => el.remove());
    copy.style.position = 'absolute';
    copy.style.left = '-10000px';
    document.documentElement.append(copy);
    const shown = copy.innerText;
    copy.remove();
    return shown;
  });
  const problems: string[] = [];
  for (const token of text.match(/[A-Z][A-Z0-9-]{2,}/g) ?? []) if (CODES.has(token)) problems.push(`code ${token}`);
  for (const pattern of [I18N_KEY, SNAKE, JS_LEAKS]) {
    const found = pattern.exec(text);
    if (found) problems.push(`raw value "${found[0]}"`);
  }
  if (lang === 'km') {
    const allowed = new Set(typed.flatMap((t) => words(t)));
    // E-mail addresses and usernames (demo.trainee) are the person's, not words of the portal.
    const english = words(text.replace(/\S+@\S+|\b[a-z0-9]+\.[a-z0-9.]+\b/g, '')).filter((w) => ENGLISH_WORDS.has(w) && !allowed.has(w));
    if (english.length > 0) problems.push(`English on a Khmer screen: ${[...new Set(english)].join(', ')}`);
  }
  return [...new Set(problems)];
}
