import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Below this many bytes an answer goes out as it is (the headers would cost more than the saving). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Answers that carry tokens or one-time codes (sign-in, refresh, OTP, secure links, the dev
 * outbox) are never compressed: compression next to attacker-chosen text leaks secrets through
 * the compressed size (BREACH).
 */
export function carriesSecrets(url: string): boolean {
  return (
    url.startsWith('/api/auth/') ||
    url.startsWith('/api/dev/') ||
    url.startsWith('/secure-link') ||
    url.startsWith('/api/candidate/v1/form/link')
  ); // the secure link's OTP answers with a session token
}

/**
 * Compressed answers for clients that accept it (advisors on 3G): brotli, else gzip,
 * for JSON, text, HTML, JS, CSS and SVG over COMPRESS_THRESHOLD bytes. Built web assets are
 * compressed once at build time (apps/web/vite.config.ts writes .br and .gz beside them) and
 * served as they are (static-files.ts `preCompressed`); this hook compresses the rest (API
 * answers, language files) on the fly, at a brotli quality that costs little CPU. Request
 * bodies are never decompressed (a small zip could expand past the body limit).
 */
export const compressionPlugin = fp(
  async (app) => {
    // Before @fastify/compress's own onRoute hook reads `compress`.
    app.addHook('onRoute', (route) => {
      if (carriesSecrets(route.url)) (route as { compress?: false }).compress = false;
    });
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
