import type { AppConfig } from '../config';
import { asOneArrival, type Arrival } from '../db/arrival-queue';
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
    // Each request is one arrival at the database's queue (db/arrival-queue.ts): its statements keep
    // the place it took. Entered again after the body is read (stream events lose the context).
    const arrivalOf = new WeakMap<object, Arrival>();
    app.addHook('onRequest', (request, _reply, done) => {
      const arrival: Arrival = {};
      arrivalOf.set(request, arrival);
      asOneArrival(done, arrival);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      asOneArrival(done, arrivalOf.get(request) ?? {});
    });
  },
  { name: 'db' },
);
