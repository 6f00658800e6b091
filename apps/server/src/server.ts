import { buildApp, type AppInstance } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createDb, type DbHandle } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateDb } from './db/migrate';
import { seedDemo } from './db/seed-demo';
import { importDemoPolicies } from './importers/demo-policies';
import { CREATE_ADMIN_HINT, hasAgencyAdmin } from './commands/users-import';

const SHUTDOWN_GRACE_MS = 10_000;

/** Start: config, database (migrated, demo-seeded when PORTAL_DEMO=1), then listen. */
async function start(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  let handle: DbHandle;
  try {
    handle = await createDb(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(75); // EX_TEMPFAIL
    }
    throw error;
  }

  let app: AppInstance | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`[server] ${signal} again: exiting now`);
      process.exit(130);
    }
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      console.error('[server] shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Drain: app.close() stops accepting, lets requests in flight finish, then runs the onClose
    // hooks. A keep-alive connection whose request finished after the close began would hold it
    // open for the whole keep-alive timeout (72 s): close such idle connections as they appear.
    const sweep = setInterval(() => app?.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app?.close();
    } finally {
      clearInterval(sweep);
      // Always close the database: PGlite must flush its files and drop the DATA_DIR lock.
      await handle.close();
      clearTimeout(force);
    }
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  try {
    await migrateDb(handle);
    app = await buildApp(config, { db: handle });
    for (const warning of config.warnings) app.log.warn(warning);
    if (config.demo) {
      const seeded = await seedDemo(handle.db);
      app.log.info(seeded, 'demo data seeded (PORTAL_DEMO=1)');
      // The demo policies, through the same importer as a real feed (idempotent; dates rebased to today).
      const policies = await importDemoPolicies(handle.db);
      app.log.info({ policies: policies && { ...policies, rejections: policies.rejections.slice(0, 5) } }, 'demo policy feed imported');
    }
    // Ops: a new installation has nobody to sign in as; say how to create the first agency admin.
    if (!(await hasAgencyAdmin(handle.db)))
      app.log.warn({ command: CREATE_ADMIN_HINT }, `no agency admin exists yet; create the first one with: ${CREATE_ADMIN_HINT}`);
    await app.listen({ port: config.port, host: config.host });
    app.log.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined }, 'advisor portal API ready');
  } catch (error) {
    if (app) app.log.fatal({ err: error }, 'start failed');
    else console.error('[server] start failed:', error);
    await app?.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    process.exit(1);
  }
}

await start();
