/**
 * base64url and UTF-8 decoding by hand: the domain package has no DOM or Node APIs (no atob,
 * Buffer or TextDecoder), and a JWT payload may hold non-ASCII text such as a Khmer name.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES: ReadonlyMap<string, number> = new Map([...ALPHABET].map((char, index) => [char, index]));

/** Bytes of a base64url (or standard base64) string, padding optional; null when malformed. */
export function decodeBase64Url(input: string): Uint8Array | null {
  const text = input.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = VALUES.get(char);
    if (value === undefined) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index] = (buffer >> bits) & 0xff;
      index += 1;
    }
  }
  return bytes;
}

/** UTF-8 bytes to a string; null on a malformed sequence. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  let result = '';
  let i = 0;
  while (i < bytes.length) {
    const first = bytes[i] ?? 0;
    const length = first < 0x80 ? 1 : first >= 0xf0 && first < 0xf8 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
    if (length === 0 || i + length > bytes.length) return null;
    let codePoint = length === 1 ? first : first & (0xff >> (length + 1));
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return null;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    const tooSmall = [0, 0, 0x80, 0x800, 0x10000][length] ?? 0;
    if (codePoint < tooSmall || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return null;
    result += String.fromCodePoint(codePoint);
    i += length;
  }
  return result;
}

/** A base64url string holding UTF-8 text, decoded; null when either layer is malformed. */
export function decodeBase64UrlText(input: string): string | null {
  const bytes = decodeBase64Url(input);
  return bytes === null ? null : decodeUtf8(bytes);
}
