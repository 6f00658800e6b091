/**
 * User provisioning (commands/users-import.ts), with the server's environment (DATABASE_URL, or
 * the PGlite files under DATA_DIR: stop the server first):
 *
 *   npm run users -- import FILE.csv [--json]
 *   npm run users -- create-admin --username U --phone P --name "N" [--name-km "…"] [--email E]
 *                                 [--agency-code C --agency-name "A"]
 *
 * Exit 0 done, 65 the file or the arguments have problems (each listed: line, column, reason;
 * nothing was changed), 64 usage, 1 any other failure.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { createDb } from '../db/client';
import { migrateDb } from '../db/migrate';
import { publicOrigin } from '../modules/candidates/candidate-common';
import { importUsers, type ImportReport } from './users-import';

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function print(report: ImportReport, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  if (!report.ok) {
    process.stderr.write(`Nothing was changed: ${report.errors.length} problem(s).\n`);
    for (const e of report.errors) process.stderr.write(`  line ${e.row}, ${e.column}: ${e.reason}\n`);
    return;
  }
  process.stdout.write(
    `Agencies: ${report.agencies.created} created, ${report.agencies.updated} updated. ` +
      `Users: ${report.users.created} created, ${report.users.updated} updated. ` +
      `Set-password messages queued: ${report.messages}.\n`,
  );
}

async function main(): Promise<number> {
  const [action, ...args] = process.argv.slice(2);
  let text: string;
  if (action === 'import' && args[0] && !args[0].startsWith('--')) {
    text = readFileSync(args[0], 'utf8');
  } else if (action === 'create-admin') {
    const cols = ['username', 'name_en', 'name_km', 'role', 'agency_code', 'agency_name', 'phone', 'email'];
    const values = [
      option(args, 'username') ?? '',
      option(args, 'name') ?? option(args, 'username') ?? '',
      option(args, 'name-km') ?? '',
      'AA',
      option(args, 'agency-code') ?? '',
      option(args, 'agency-name') ?? '',
      option(args, 'phone') ?? '',
      option(args, 'email') ?? '',
    ];
    text = `${cols.join(',')}\n${values.map(csvField).join(',')}\n`;
  } else {
    console.error(
      'usage: npm run users -- import FILE.csv [--json]\n       npm run users -- create-admin --username U --phone P --name "N" [--agency-code C --agency-name "A"]',
    );
    return 64;
  }
  const config = loadConfig();
  const handle = await createDb(config);
  try {
    await migrateDb(handle);
    const report = await importUsers(handle.db, text, { publicOrigin: publicOrigin(config), keepPayload: config.devOutbox });
    print(report, args.includes('--json'));
    return report.ok ? 0 : 65;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`users: ${(error as Error).message}`);
    process.exit(1);
  },
);
