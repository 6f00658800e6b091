import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { PRODUCT_LABELS } from '@portal/domain/codes/product-labels';
import type { LocaleFile } from '../src/locale-file';

const common = JSON.parse(readFileSync(new URL('../locales/common.json', import.meta.url), 'utf8')) as LocaleFile;

describe('product names', () => {
  it("are the catalogue's names, in English and Khmer, wherever a screen names a product or rider", () => {
    const catalogue = SEED_CATALOGUES[SEED_CATALOGUES.length - 1];
    if (!catalogue) throw new Error('no seed catalogue');
    const items = [...catalogue.products, ...catalogue.riders];
    const known = Object.entries(PRODUCT_LABELS).filter(([code]) => items.some((item) => item.code === code));
    // Every base product of the catalogue has a label, and every label of a catalogue item says what the catalogue says.
    expect(catalogue.products.map((p) => p.code).filter((code) => !PRODUCT_LABELS[code])).toEqual([]);
    for (const [code, key] of known) {
      const item = items.find((x) => x.code === code);
      const text = common[key.replace(/^common:/, '')];
      expect({ code, en: text?.en, km: text?.km }).toEqual({ code, en: item?.name, km: item?.nameKh });
    }
  });
});
