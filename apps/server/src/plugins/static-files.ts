import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { AppError } from '../lib/app-error';
import fp from 'fastify-plugin';
import { localeVersion } from '@portal/i18n/locale-version';
import { sendError } from './error-handler';
import { isApiPath } from './security-headers';

/** `<namespace>.json`, or `<namespace>.<version>.json` as the web app asks for it. */
const LOCALE_FILE = /^([a-z][a-z0-9-]{0,63})(?:\.([0-9a-f]{16}))?\.json$/;
const LOCALE_MAX_AGE_S = 300;
const ASSET_CACHE = 'public, max-age=31536000, immutable';

interface CachedLocale {
  mtimeMs: number;
  body: Buffer;
  etag: string;
  version: string;
}

/**
 * The cache of a language file's answer. Its own version in the URL: the URL names these bytes
 * for ever (a new deploy's file has another version), so a year, immutable. Another version (a
 * page built before a deploy asking for a file that has changed since): today's file, never
 * stored without asking again. No version: a short max-age, for tools and old pages.
 */
function localeCacheControl(asked: string | undefined, entry: CachedLocale): string {
  if (asked === undefined) return `public, max-age=${LOCALE_MAX_AGE_S}, must-revalidate`;
  return asked === entry.version ? ASSET_CACHE : 'no-cache';
}

/** GET /locales/<namespace>[.<version>].json from packages/i18n/locales, with an ETag. */
function localesRoute(localesDir: string) {
  const cache = new Map<string, CachedLocale>();
  return async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const match = LOCALE_FILE.exec(request.params.file);
    if (!match) throw AppError.http(404);
    const path = join(localesDir, `${match[1]}.json`);
    let info;
    try {
      info = await stat(path);
    } catch {
      throw AppError.http(404);
    }
    if (!info.isFile()) throw AppError.http(404);
    let entry = cache.get(path);
    if (!entry || entry.mtimeMs !== info.mtimeMs) {
      const body = await readFile(path);
      entry = {
        mtimeMs: info.mtimeMs,
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        version: localeVersion(body),
      };
      cache.set(path, entry);
    }
    reply.header('etag', entry.etag).header('cache-control', localeCacheControl(match[2], entry));
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((t) => t.trim() === entry.etag)) {
      return reply.status(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(entry.body);
  };
}

const WEB_MISSING_TEXT = (webDist: string) =>
  'The advisor portal web app has not been built, so there is nothing to show here yet.\n\n' +
  `Build it with "npm run build -w @portal/web" (expected ${join(webDist, 'index.html')}), or set WEB_DIST.\n` +
  'The API is up: see /api/health and /api/docs.\n';

/**
 * Language files, the built SPA (long cache for hashed /assets/*, no-cache for index.html) and
 * the one not-found handler: a non-API GET falls back to index.html (client-side routes), any
 * other miss is the 404 envelope. Without a web build, a clear 503 text instead of a crash.
 */
export const staticFilesPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.get('/locales/:file', { config: { roles: 'public' }, schema: { hide: true } }, localesRoute(config.localesDir));

    const hasWeb = existsSync(join(config.webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: config.webDist,
        prefix: '/',
        wildcard: true,
        index: 'index.html',
        cacheControl: false,
        // The .br/.gz files the web build writes beside each asset (apps/web/vite.config.ts).
        preCompressed: true,
        dotfiles: 'ignore',
        allowedPath: (pathName) => !isApiPath(pathName),
        setHeaders: (reply, path) => {
          const rel = path.slice(config.webDist.length).replaceAll('\\', '/');
          reply.header('cache-control', rel.startsWith('/assets/') ? ASSET_CACHE : 'no-cache');
        },
      });
    } else {
      app.log.warn({ webDist: config.webDist }, 'web build not found: non-API pages answer 503 until it is built');
    }

    // Misses count against the general per-address limit like any request (plugins/rate-limit.ts):
    // a scanner walking paths is throttled too.
    app.setNotFoundHandler(async (request, reply) => {
      // A missing hashed asset must not come back as HTML (the browser would run it as a script).
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !request.url.startsWith('/assets/');
      if (!isPage) return sendError(AppError.http(404), request, reply);
      if (!hasWeb) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(WEB_MISSING_TEXT(config.webDist));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'static-files' },
);
