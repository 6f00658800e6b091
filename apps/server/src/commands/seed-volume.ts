/**
 * Volume data for search and load tests: N contacts (default 100,000) with 1-3 sales
 * activities each for one advisor (default demo.aap), on the configured database (PGlite under
 * DATA_DIR, or DATABASE_URL). Adds only what is missing up to N, in batched multi-row inserts.
 *
 *   npm run seed:volume                                   # 100,000 for demo.aap in ./.data
 *   npm run seed:volume -- --contacts 5000 --advisor demo.bk
 *   DATABASE_URL=postgres://... npm run seed:volume
 *
 * Migrates the database first; with PORTAL_DEMO=1 it also seeds the demo users. The PGlite data
 * directory must not be in use by a running server (its lock refuses a second process).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createDb, type Db } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateDb } from '../db/migrate';
import type { NewContactRow } from '../db/schema/contact.table';
import type { NewSalesActivityRow } from '../db/schema/sales-activity.table';
import { seedDemo } from '../db/seed-demo';
import { ActivitiesRepository } from '../modules/activities/activities.repository';
import { AuthRepository } from '../modules/auth/auth.repository';
import { ContactsRepository } from '../modules/contacts/contacts.repository';
import { seededRandom, VolumeData } from './volume-data';

const BATCH = 1000;

/** Progress goes to stdout (the lint rule keeps console.log out of the server). */
function say(line: string): void {
  process.stdout.write(`[seed-volume] ${line}\n`);
}

function options() {
  const { values } = parseArgs({
    options: {
      contacts: { type: 'string', default: process.env.SEED_VOLUME_CONTACTS ?? '100000' },
      advisor: { type: 'string', default: process.env.SEED_VOLUME_ADVISOR ?? 'demo.aap' },
      seed: { type: 'string', default: '20261121' },
    },
  });
  const contacts = Number(values.contacts);
  if (!Number.isInteger(contacts) || contacts < 0) throw new ConfigError(`--contacts must be a whole number, not ${values.contacts}`);
  return { contacts, advisor: values.advisor.toLowerCase(), seed: Number(values.seed) || 1 };
}

async function main(): Promise<void> {
  const args = options();
  const config = loadConfig();
  const handle = await createDb(config, { poolMax: 2 });
  try {
    await migrateDb(handle);
    if (config.demo) await seedDemo(handle.db);
    const user = await new AuthRepository(handle.db).findUserByUsername(args.advisor);
    if (!user) {
      throw new ConfigError(`No user ${args.advisor}${config.demo ? '' : ' (set PORTAL_DEMO=1 to seed the demo users)'}.`);
    }
    const contacts = new ContactsRepository(handle.db);
    const have = await contacts.countVisible({ ownerUserId: user.id });
    const missing = Math.max(0, args.contacts - have);
    const where = handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
    say(`${args.advisor} has ${have} contacts; adding ${missing} (target ${args.contacts}) on ${where}`);
    if (missing === 0) return;

    // A different stream per run, so a top-up does not repeat the first rows.
    const data = new VolumeData(seededRandom(args.seed + have));
    const now = new Date();
    const started = performance.now();
    let done = 0;
    let activityCount = 0;
    while (done < missing) {
      const size = Math.min(BATCH, missing - done);
      const contactRows: NewContactRow[] = [];
      const activityRows: NewSalesActivityRow[] = [];
      for (let i = 0; i < size; i += 1) {
        const id = randomUUID();
        const c = data.contact(now);
        contactRows.push({ ...c, id, ownerUserId: user.id, agencyId: user.agencyId, createdBy: user.id, modifiedBy: user.id });
        for (let n = data.int(1, 3); n > 0; n -= 1) {
          const a = data.activity(now);
          activityRows.push({
            ...a,
            id: randomUUID(),
            contactId: id,
            ownerUserId: user.id,
            createdDate: c.modifiedDate,
            modifiedDate: c.modifiedDate,
            createdBy: user.id,
            modifiedBy: user.id,
          });
        }
      }
      // One transaction per batch: one commit (and flush) instead of one per statement.
      await handle.db.transaction(async (tx) => {
        await new ContactsRepository(tx as unknown as Db).insertMany(contactRows);
        const activities = new ActivitiesRepository(tx as unknown as Db);
        for (let i = 0; i < activityRows.length; i += BATCH) await activities.insertMany(activityRows.slice(i, i + BATCH));
      });
      done += size;
      activityCount += activityRows.length;
      if (done === missing || done % (BATCH * 10) === 0) {
        const seconds = (performance.now() - started) / 1000;
        say(`${done}/${missing} contacts, ${activityCount} activities (${seconds.toFixed(1)} s, ${Math.round(done / seconds)} contacts/s)`);
      }
    }
    await contacts.vacuumAnalyze();
    say(`vacuumed and analysed (${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
  } finally {
    await handle.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`[seed-volume] ${error.message}`);
    process.exit(78);
  }
  throw error;
}
