import { describe, expect, it } from 'vitest';
import { isolate } from './bidi';

describe('isolate', () => {
  it('wraps a name in a first-strong isolate, so an override inside it ends with it', () => {
    const name = 'Dara \u202Ekeo';
    const sentence = `Sent by ${isolate(name)} today`;
    expect(sentence).toBe('Sent by \u2068Dara \u202Ekeo\u2069 today');
    // The override's scope closes at the isolate's end: what follows is outside it.
    expect(sentence.indexOf('\u2069')).toBeLessThan(sentence.indexOf(' today'));
  });
});
