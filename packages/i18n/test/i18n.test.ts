import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, HTTP_ERROR_KEYS, SYSTEM_ERROR_KEY } from '@portal/domain/errors/error-catalogue';
import { DOCUMENT_ERROR_KEYS, FORM_ERROR_KEYS } from '@portal/domain/errors/error-keys';
import { LANGUAGES } from '@portal/domain/codes/languages';
import { NAMESPACES, placeholdersOf, type LocaleFile } from '../src/locale-file';

const here = dirname(fileURLToPath(import.meta.url));
const localesDir = resolve(here, '../locales');
const repoRoot = resolve(here, '../../..');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/domain/src'];
const KHMER = /[\u1780-\u17FF]/;

function loadLocales(): Map<string, LocaleFile> {
  const files = new Map<string, LocaleFile>();
  for (const ns of NAMESPACES) {
    files.set(ns, JSON.parse(readFileSync(join(localesDir, `${ns}.json`), 'utf8')) as LocaleFile);
  }
  return files;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|js|mjs|jsx)$/.test(name)) out.push(path);
  }
  return out;
}

const locales = loadLocales();
const defined = new Set<string>();
for (const [ns, file] of locales) for (const key of Object.keys(file)) defined.add(`${ns}:${key}`);

describe('language files', () => {
  it('has exactly one file per namespace', () => {
    const onDisk = readdirSync(localesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(onDisk).toEqual([...NAMESPACES].sort());
  });

  it.each([...NAMESPACES])('%s: every key has real English and Khmer text with the same placeholders', (ns) => {
    const problems: string[] = [];
    for (const [key, entry] of Object.entries(locales.get(ns) ?? {})) {
      if (!/^[A-Za-z0-9_.-]+$/.test(key)) problems.push(`${key}: bad key name`);
      if (typeof entry !== 'object' || entry === null) {
        problems.push(`${key}: not an object`);
        continue;
      }
      const extra = Object.keys(entry).filter((l) => !(LANGUAGES as readonly string[]).includes(l));
      if (extra.length) problems.push(`${key}: unknown languages ${extra.join(',')}`);
      const en = typeof entry.en === 'string' ? entry.en.trim() : '';
      const km = typeof entry.km === 'string' ? entry.km.trim() : '';
      if (!en) problems.push(`${key}: English text missing`);
      if (!km) problems.push(`${key}: Khmer text missing`);
      else if (!KHMER.test(km)) problems.push(`${key}: Khmer text has no Khmer script`);
      if (en && /^(todo|tbd|fixme|xxx)\b/i.test(en)) problems.push(`${key}: English text is a placeholder`);
      if (en && km && placeholdersOf(en).join() !== placeholdersOf(km).join()) {
        problems.push(`${key}: placeholders differ (en ${placeholdersOf(en).join()} / km ${placeholdersOf(km).join()})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('keys used by the code', () => {
  it('defines every message key of the error catalogue and the HTTP errors', () => {
    const keys = [...Object.values(ERROR_CATALOGUE), ...Object.values(HTTP_ERROR_KEYS), SYSTEM_ERROR_KEY];
    expect(keys.filter((k) => !defined.has(`errors:${k}`))).toEqual([]);
  });

  it('defines every form error key and document error key', () => {
    const keys = [...FORM_ERROR_KEYS, ...Object.values(DOCUMENT_ERROR_KEYS)];
    expect(keys.filter((k) => !defined.has(`validation:${k}`))).toEqual([]);
  });

  it("defines every '<namespace>:<key>' literal in the sources", () => {
    const literal = new RegExp(`(['"\`])((?:${NAMESPACES.join('|')}):[A-Za-z0-9_.-]+)\\1`, 'g');
    const missing: string[] = [];
    let scanned = 0;
    for (const dir of SOURCE_DIRS) {
      for (const file of sourceFiles(join(repoRoot, dir))) {
        scanned += 1;
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(literal)) {
          const key = match[2] as string;
          if (!defined.has(key)) missing.push(`${relative(repoRoot, file)}: ${key}`);
        }
      }
    }
    expect(scanned).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
