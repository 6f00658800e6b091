import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { contactBody } from '../helpers/security-fixtures';
import { Balancer, BACKEND_HEADER, haproxyAvailable } from './balancer';
import { recordFigure } from './figures';
import {
  answerProblems,
  Client,
  letters,
  PgCluster,
  postgresAvailable,
  provisionAdvisors,
  ServerProcess,
  sleep,
  TRIAL_PASSWORD,
  type HttpAnswer,
} from './harness';

/**
 * A rolling restart: three built servers on PostgreSQL 15 behind HAProxy, advisors saving and
 * reading contacts without a pause, and each server in turn stopped with SIGTERM and started
 * again (the next one only once the balancer has the restarted one back). Nothing acknowledged
 * is lost, and no answer is a 5xx other than the documented 503 with Retry-After and the error
 * envelope (a client that gets one retries after Retry-After; a create retries with its
 * Idempotency-Key).
 */
const PROCESSES = 3;
const WORKERS = 8;
const SETTLE_MS = 1_000;
const MAX_RETRIES = 20;

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Ack {
  /** The worker (and advisor) that wrote it. */
  owner: number;
  id: string;
  lastName: string;
  version: number;
  occupation: string;
  /** An update sent whose answer never came: it may or may not be stored. */
  maybe?: { version: number; occupation: string };
}

interface Tally {
  answers: number;
  unavailable: number;
  byBackend: Map<string, number>;
  problems: string[];
  /** Acknowledged writes while each server was restarting (index = server). */
  writesDuringRestart: number[];
}

describe('rolling restart', () => {
  it(
    'restarts three servers one after another under steady reads and writes: no acknowledged write lost, no 5xx but 503 + Retry-After',
    async () => {
      expect(postgresAvailable(), 'PostgreSQL 15 binaries').toBe(true);
      expect(haproxyAvailable(), 'haproxy (apt-get install haproxy)').toBe(true);
      const pg = await new PgCluster().init();
      cleanups.push(() => pg.dispose());
      const env = { PORTAL_DEMO: '0', RATE_LIMIT_MAX: '0' };
      const servers = [await new ServerProcess({ kind: 'postgres', url: pg.url }, env).start()];
      const more = Array.from({ length: PROCESSES - 1 }, () => new ServerProcess({ kind: 'postgres', url: pg.url }, env));
      await Promise.all(more.map((s) => s.start()));
      servers.push(...more);
      cleanups.push(() => Promise.all(servers.map((s) => s.stop())).then(() => undefined));
      const usernames = Array.from({ length: WORKERS }, (_, i) => `roll.w${i}`);
      await provisionAdvisors(pg.url, usernames);
      const balancer = await new Balancer(servers).start();
      cleanups.push(() => balancer.stop());
      const clients = await Promise.all(usernames.map((u) => new Client(balancer.base).signIn(u, TRIAL_PASSWORD)));

      const tally: Tally = { answers: 0, unavailable: 0, byBackend: new Map(), problems: [], writesDuringRestart: [] };
      let restarting = -1;
      const acks: Ack[] = [];

      /** One call, retried as the SPA retries: after Retry-After on a 503, with the same body and headers. */
      const call = async (client: Client, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
        for (let attempt = 0; attempt < MAX_RETRIES; attempt += 1) {
          let res: HttpAnswer;
          try {
            res = await client.request(method, path, body, headers);
          } catch (error) {
            tally.problems.push(`${method} ${path}: no answer (${String((error as Error).cause ?? error)})`);
            return undefined;
          }
          tally.answers += 1;
          const backend = res.headers.get(BACKEND_HEADER) ?? '(balancer)';
          tally.byBackend.set(backend, (tally.byBackend.get(backend) ?? 0) + 1);
          tally.problems.push(...answerProblems(res).map((p) => `${method} ${path.split('/').slice(0, 5).join('/')}: ${p}`));
          if (res.status !== 503) return res;
          tally.unavailable += 1;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        }
        tally.problems.push(`${method} ${path}: still 503 after ${MAX_RETRIES} tries`);
        return undefined;
      };

      let running = true;
      let seq = 0;
      const worker = async (client: Client, owner: number) => {
        while (running) {
          seq += 1;
          const n = seq;
          const lastName = `Roll${letters(n)}`;
          const created = await call(
            client,
            'POST',
            '/api/contact/v1/create',
            { ...contactBody(letters(n)), lastName, occupation: `Job ${n}` },
            {
              'idempotency-key': randomUUID(),
            },
          );
          if (created?.status !== 201) {
            if (created) tally.problems.push(`create: ${created.status} ${created.text.slice(0, 100)}`);
            continue;
          }
          const c = created.json<{ id: string; version: number; occupation: string }>();
          const ack: Ack = { owner, id: c.id, lastName, version: c.version, occupation: c.occupation };
          acks.push(ack);
          if (restarting >= 0) tally.writesDuringRestart[restarting] = (tally.writesDuringRestart[restarting] ?? 0) + 1;

          const read = await call(client, 'GET', `/api/contact/v1/find/${c.id}`);
          if (read?.status !== 200 || read.json<{ occupation: string }>().occupation !== ack.occupation)
            tally.problems.push(`read after create of ${c.id}: ${read?.status} ${read?.text.slice(0, 100)}`);

          const next = { version: ack.version + 1, occupation: `Updated ${n}` };
          ack.maybe = next;
          const updated = await call(client, 'POST', `/api/contact/v1/update/${c.id}`, {
            ...contactBody(letters(n)),
            lastName,
            occupation: next.occupation,
            version: ack.version,
          });
          if (updated?.status === 200) {
            const u = updated.json<{ version: number; occupation: string }>();
            ack.version = u.version;
            ack.occupation = u.occupation;
            delete ack.maybe;
          } else if (updated) tally.problems.push(`update of ${c.id}: ${updated.status} ${updated.text.slice(0, 100)}`);
          const list = await call(client, 'GET', '/api/contact/v1/page?page=0&size=20');
          if (list?.status !== 200) tally.problems.push(`contact list: ${list?.status}`);
        }
      };
      const workers = clients.map((client, owner) => worker(client, owner));

      const restartMs: number[] = [];
      const phases: { exitMs: number; startMs: number }[] = [];
      await sleep(SETTLE_MS);
      for (const [i, server] of servers.entries()) {
        restarting = i;
        const began = Date.now();
        server.kill('SIGTERM');
        const exit = await server.waitExit(30_000);
        expect(exit.code, `server p${i + 1} exit after SIGTERM:\n${server.log.slice(-1500)}`).toBe(0);
        const exited = Date.now();
        await server.start();
        phases.push({ exitMs: exited - began, startMs: Date.now() - exited });
        // Back in the balancer's rotation before the next one stops.
        const deadline = Date.now() + 30_000;
        while (!(await balancer.backendsSeen(PROCESSES * 2)).has(`p${i + 1}`)) {
          expect(Date.now(), `p${i + 1} back behind the balancer`).toBeLessThan(deadline);
          await sleep(200);
        }
        restarting = -1;
        restartMs.push(Date.now() - began);
        await sleep(SETTLE_MS);
      }
      running = false;
      await Promise.all(workers);

      // Every acknowledged write, as acknowledged (or with the update whose answer never came).
      const lost: string[] = [];
      const check = async (ack: Ack) => {
        const res = await clients[ack.owner]!.get(`/api/contact/v1/find/${ack.id}`);
        if (res.status !== 200) {
          lost.push(`contact ${ack.id} (${ack.lastName}) acknowledged, answered ${res.status}`);
          return;
        }
        const stored = res.json<{ lastName: string; version: number; occupation: string }>();
        const same = (s?: { version: number; occupation: string }) =>
          s !== undefined && stored.version === s.version && stored.occupation === s.occupation;
        if (stored.lastName !== ack.lastName || !(same(ack) || same(ack.maybe)))
          lost.push(`contact ${ack.id}: stored ${stored.version}/${stored.occupation}, acknowledged ${ack.version}/${ack.occupation}`);
      };
      // Each advisor reads back their own, the advisors side by side.
      await Promise.all(
        clients.map(async (_client, owner) => {
          for (const ack of acks.filter((a) => a.owner === owner)) await check(ack);
        }),
      );

      const figures = {
        processes: PROCESSES,
        workers: WORKERS,
        answers: tally.answers,
        acknowledgedCreates: acks.length,
        writesDuringRestart: tally.writesDuringRestart,
        /** SIGTERM to back in the balancer's rotation, per server. */
        restartMs,
        phases,
        unavailable503: tally.unavailable,
        byBackend: Object.fromEntries(tally.byBackend),
      };
      recordFigure('rolling-restart', figures);
      console.warn(`[rolling restart] ${JSON.stringify(figures)}`);
      expect(tally.problems.slice(0, 20)).toEqual([]);
      expect(lost.slice(0, 20)).toEqual([]);
      expect(acks.length).toBeGreaterThan(0);
      // The load went on while each server restarted.
      for (let i = 0; i < PROCESSES; i += 1)
        expect(tally.writesDuringRestart[i] ?? 0, `writes while p${i + 1} restarted`).toBeGreaterThan(0);
    },
    10 * 60_000,
  );
});
