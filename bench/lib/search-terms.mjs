// Search terms as advisors type them: distinct 3-6 character prefixes of the names the volume
// generator writes (Latin, lower-cased as search_text holds them, and Khmer; a prefix may run on
// into the next name) and of Cambodian mobile numbers, in a fixed shuffled order. A run uses each
// term once, so no answer is ever repeated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './proc.mjs';

const VOLUME_DATA = join(ROOT, 'apps/server/src/commands/volume-data.ts');

/** The `['Latin', 'ខ្មែរ']` name pairs of the volume generator, read from its source. */
function namePairs() {
  const text = readFileSync(VOLUME_DATA, 'utf8');
  return [...text.matchAll(/\['([A-Za-z]+)', '([\u1780-\u17FF]+)'\]/g)].map((m) => [m[1].toLowerCase(), m[2]]);
}

/** Every piece of `text` of 3 to 6 characters (code points) that starts a word and does not end with a space. */
function pieces(text, into) {
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    if (i > 0 && chars[i - 1] !== ' ') continue;
    for (let length = 3; length <= 6 && i + length <= chars.length; length++) {
      const piece = chars.slice(i, i + length).join('');
      if (!piece.endsWith(' ')) into.add(piece);
    }
  }
}

/** The first digits of Cambodian mobile numbers: the operator prefixes. */
const MOBILE_PREFIXES = [
  '010',
  '011',
  '012',
  '015',
  '016',
  '017',
  '061',
  '066',
  '067',
  '068',
  '069',
  '070',
  '071',
  '076',
  '077',
  '078',
  '081',
  '085',
  '086',
  '087',
  '088',
  '089',
  '090',
  '092',
  '093',
  '095',
  '096',
  '097',
  '098',
  '099',
];

/** A deterministic shuffle (mulberry32), so two runs send the same terms in the same order. */
function shuffled(list, seed = 20261125) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * `{ terms, latin, khmer, digits }`: at most `max` distinct terms, taken in turn from the three
 * kinds (Latin name prefixes, Khmer name prefixes, phone prefixes of 3-6 digits), each kind in a
 * shuffled order; when a kind runs out the others go on.
 */
export function searchTerms(max = Infinity) {
  const pairs = namePairs();
  const latin = new Set();
  const khmer = new Set();
  for (const [a, ka] of pairs) {
    pieces(a, latin);
    pieces(ka, khmer);
    for (const [b, kb] of pairs) {
      if (a === b) continue;
      pieces(`${a} ${b}`, latin);
      pieces(`${ka} ${kb}`, khmer);
    }
  }
  const digits = new Set();
  for (const prefix of MOBILE_PREFIXES) {
    digits.add(prefix);
    for (let n = 0; n < 1000; n++) {
      digits.add(`${prefix}${String(n).padStart(3, '0')}`);
      if (n < 100) digits.add(`${prefix}${String(n).padStart(2, '0')}`);
      if (n < 10) digits.add(`${prefix}${n}`);
    }
  }
  const kinds = [shuffled([...latin], 1), shuffled([...khmer], 2), shuffled([...digits], 3)];
  const terms = [];
  for (let i = 0; terms.length < max && kinds.some((k) => i < k.length); i++) {
    for (const kind of kinds) if (i < kind.length && terms.length < max) terms.push(kind[i]);
  }
  return { terms, latin: latin.size, khmer: khmer.size, digits: digits.size };
}

/** `count` distinct volume policy numbers in a fixed random order over the loaded range (V000000001 … V<policies>). */
export function randomPolicyNumbers(count, policies) {
  const numbers = Array.from({ length: policies }, (_, i) => `V${String(i + 1).padStart(9, '0')}`);
  return shuffled(numbers, 7).slice(0, Math.min(count, policies));
}
