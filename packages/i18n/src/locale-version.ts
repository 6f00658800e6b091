import { createHash } from 'node:crypto';

/**
 * The version of a language file as its URL carries it (`/locales/<namespace>.<version>.json`):
 * the start of the SHA-256 of its bytes. The web build writes the versions of the files it was
 * built with into the app; the server answers a URL whose version is the file's own with a
 * year-long immutable cache, so a deploy that changes a file changes its URL.
 */
export function localeVersion(body: Uint8Array | string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}
