import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: request codes, refresh tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function randomOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** How opaque bearer values (request codes, refresh tokens) are kept: SHA-256, hex. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * A key for one purpose derived from the server's secret (HKDF-SHA256), so the JWT key and the
 * OTP key are never the same bytes.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `advisor-portal:${purpose}`, 32));
}

export function hmacHex(key: Buffer, ...parts: string[]): string {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(`${part.length}:${part};`, 'utf8');
  return mac.digest('hex');
}

/** Constant-time comparison of two hex digests (or any two strings). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
