import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The font family PDF templates use: Noto Sans Khmer (its Latin subsets included). */
export const PDF_FONT_FAMILY = "'Noto Sans Khmer'";

const WEIGHTS = [400, 700] as const;

let cached: string | undefined;

/**
 * `@font-face` rules for Noto Sans Khmer (400 and 700; Khmer, Latin and Latin-extended subsets),
 * read from the installed @fontsource/noto-sans-khmer CSS with every woff2 file inlined as a
 * data: URL, so the browser needs no network and no file access. Built once per process (~100 KB).
 */
export function khmerFontFaceCss(): string {
  if (cached !== undefined) return cached;
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('@fontsource/noto-sans-khmer/package.json'));
  const rules: string[] = [];
  for (const weight of WEIGHTS) {
    const css = readFileSync(join(packageDir, `${weight}.css`), 'utf8');
    rules.push(
      css
        .replace(
          /src:\s*url\(\.\/files\/([A-Za-z0-9._-]+\.woff2)\)\s*format\('woff2'\)(?:,\s*url\([^)]*\)\s*format\('woff'\))?/g,
          (_match, file: string) => {
            const data = readFileSync(join(packageDir, 'files', file)).toString('base64');
            return `src: url(data:font/woff2;base64,${data}) format('woff2')`;
          },
        )
        .replace(/font-display:\s*swap;/g, 'font-display: block;'),
    );
  }
  const result = rules.join('\n');
  if (/url\(\.\//.test(result)) throw new Error('khmerFontFaceCss: a font file was left as a relative URL');
  cached = result;
  return result;
}
