import { describe, expect, it } from 'vitest';
import { decodeBase64Url, decodeBase64UrlText, decodeUtf8 } from '@portal/domain/session/base64url';
import { decodeJwtPayload, epochSeconds, isStoredLoginValid, minutesLeft, parseStoredLogin } from '@portal/domain/session/stored-login';

// A test-side encoder, written independently of the decoder under test.
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return bytes;
}
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function base64url(bytes: number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(i, i + 3);
    const n = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => ALPHABET[(n >> shift) & 63]).join('');
    out += chars.slice(0, Math.min(4, bytes.length - i + 1));
  }
  return out;
}
const jwt = (payload: object) => `${base64url(utf8('{"alg":"HS256","typ":"JWT"}'))}.${base64url(utf8(JSON.stringify(payload)))}.signature`;

const EXP = 1_800_000_000;
const stored = { accessToken: jwt({ sub: 'u1', exp: EXP }), refreshToken: 'r1' };

describe('stored login validity (spec §4)', () => {
  it.each([
    ['exp - 1', EXP - 1, true],
    ['exp', EXP, false],
    ['exp + 1', EXP + 1, false],
  ])('at %s: %s', (_name, now, valid) => {
    expect(isStoredLoginValid(stored, now)).toBe(valid);
    expect(isStoredLoginValid(JSON.stringify(stored), now)).toBe(valid);
  });

  it.each([
    ['nothing stored', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['not JSON', '{token'],
    ['no refresh token', { accessToken: stored.accessToken }],
    ['not a JWT', { accessToken: 'abc', refreshToken: 'r' }],
    ['payload not base64url', { accessToken: 'a.%%%.c', refreshToken: 'r' }],
    ['payload not JSON', { accessToken: `a.${base64url(utf8('nope'))}.c`, refreshToken: 'r' }],
    ['payload without exp', { accessToken: jwt({ sub: 'u1' }), refreshToken: 'r' }],
    ['exp not a number', { accessToken: jwt({ exp: String(EXP) }), refreshToken: 'r' }],
  ])('%s is not valid and has 0 minutes left', (_name, value) => {
    expect(isStoredLoginValid(value, EXP - 600)).toBe(false);
    expect(minutesLeft(value, EXP - 600)).toBe(0);
  });
});

describe('minutes left = floor((exp - now) / 60)', () => {
  it.each([
    [EXP - 600, 10],
    [EXP - 659, 10],
    [EXP - 660, 11],
    [EXP - 119, 1],
    [EXP - 60, 1],
    [EXP - 59, 0],
    [EXP - 1, 0],
    [EXP, 0],
    [EXP + 1, 0],
    [EXP + 3600, 0],
  ])('now %d -> %d', (now, minutes) => {
    expect(minutesLeft(stored, now)).toBe(minutes);
  });
});

describe('decoding by hand', () => {
  it('reads a JWT payload, including non-ASCII text', () => {
    const token = jwt({ sub: 'u1', exp: EXP, name: 'សុខ ដារា 😀' });
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', exp: EXP, name: 'សុខ ដារា 😀' });
  });

  it.each([
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['\u00ff\u00fe', 'w7_Dvg'],
  ])('%j from %s', (text, encoded) => {
    expect(decodeBase64UrlText(encoded)).toBe(text);
  });

  it('accepts padding and the standard alphabet', () => {
    expect(decodeBase64UrlText('Zm9vYg==')).toBe('foob');
    expect(decodeBase64UrlText('w7/Dvg==')).toBe('\u00ff\u00fe');
  });

  it.each([['Z'], ['Zm9v!'], ['a b']])('%j is malformed', (encoded) => {
    expect(decodeBase64Url(encoded)).toBeNull();
  });

  it.each([[[0xc3]], [[0x80]], [[0xc0, 0x80]], [[0xed, 0xa0, 0x80]], [[0xf8, 0x80, 0x80, 0x80]]])('malformed UTF-8 %j', (bytes) => {
    expect(decodeUtf8(new Uint8Array(bytes))).toBeNull();
  });

  it('parses the stored record from an object or its JSON', () => {
    expect(parseStoredLogin(JSON.stringify(stored))).toEqual(stored);
    expect(parseStoredLogin(stored)).toEqual(stored);
    expect(parseStoredLogin('null')).toBeNull();
  });

  it('epoch seconds', () => {
    expect(epochSeconds(new Date(1_800_000_000_999))).toBe(1_800_000_000);
  });
});
