import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb } from '../../src/db/client';
import { appUser } from '../../src/db/schema/app-user.table';
import { outbox } from '../../src/db/schema/outbox.table';
import { findRepoRoot } from '../../src/lib/repo-root';
import { tempDir } from '../helpers/test-app';

const root = findRepoRoot();
const tsx = join(root, 'node_modules/.bin/tsx');
const E2E_PORT = 3171;

describe('the first agency admin', () => {
  const data = tempDir('portal-first-admin-');
  const env = { ...process.env, DATA_DIR: data.path, DATABASE_URL: '', PORTAL_DEMO: '', PORTAL_DEV_OUTBOX: '', NODE_ENV: 'test' as const };
  afterAll(() => data.remove());

  it('npm start says how to create it while there is none; users create-admin creates it', async () => {
    // The server on an empty database: its start log names the command.
    const server = spawn(tsx, [join(root, 'apps/server/src/server.ts')], {
      cwd: root,
      env: { ...env, PORT: String(E2E_PORT), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    try {
      const end = Date.now() + 110_000;
      while (!output.includes('advisor portal API ready') && Date.now() < end && server.exitCode === null)
        await new Promise((r) => setTimeout(r, 200));
      expect(output).toContain('no agency admin exists yet; create the first one with: npm run users -- create-admin --username');
    } finally {
      server.kill('SIGTERM');
      await exited;
    }

    const made = spawnSync(
      tsx,
      [
        join(root, 'apps/server/src/commands/users.ts'),
        'create-admin',
        '--username',
        'first.admin',
        '--phone',
        '012 777 001',
        '--name',
        'First Admin',
        '--agency-code',
        'HQ',
        '--agency-name',
        'Head Office',
      ],
      { cwd: root, env, encoding: 'utf8', timeout: 120_000 },
    );
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Users: 1 created, 0 updated');

    const handle = await createDb({ databaseUrl: undefined, dataDir: data.path });
    try {
      const [admin] = await handle.db.select().from(appUser).where(eq(appUser.username, 'first.admin'));
      expect(admin).toMatchObject({ roles: ['ROLE_AA'], phone: '+85512777001', displayName: 'First Admin' });
      const messages = await handle.db.select().from(outbox).where(eq(outbox.username, 'first.admin'));
      expect(messages.map((m) => [m.channel, m.purpose])).toEqual([['sms', 'set-password']]);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
