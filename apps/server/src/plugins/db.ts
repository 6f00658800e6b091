import type { AppConfig } from '../config';
import type { Db, DbHandle } from '../db/client';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (never log it: it holds the JWT secret). */
    config: AppConfig;
    /** Drizzle over PGlite or PostgreSQL; repositories take this. */
    db: Db;
    /** The driver handle: `kind`, raw client, `close()`. */
    dbHandle: DbHandle;
  }
}

export const dbPlugin = fp<{ config: AppConfig; handle: DbHandle; closeOnShutdown: boolean }>(
  async (app, { config, handle, closeOnShutdown }) => {
    app.decorate('config', config);
    app.decorate('db', handle.db);
    app.decorate<DbHandle>('dbHandle', handle);
    if (closeOnShutdown) app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);
