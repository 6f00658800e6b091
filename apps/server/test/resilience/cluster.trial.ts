import { createHash, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactBody, multipartBody, pdfFile } from '../helpers/security-fixtures';
import { Balancer, BACKEND_HEADER, haproxyAvailable } from './balancer';
import {
  Client,
  letters,
  PgCluster,
  postgresAvailable,
  metricSum,
  provisionAdvisors,
  quoteBody,
  seedDemoData,
  ServerProcess,
  sleep,
  TRIAL_PASSWORD,
  DEMO_PASSWORD,
  type HttpAnswer,
} from './harness';
import { recordFigure } from './figures';
import { createDb } from '../../src/db/client';
import { REVOCATION_CACHE_TTL_MS } from '../../src/modules/auth/revocation-cache';

/**
 * Several API servers on one PostgreSQL: three built servers on PostgreSQL 15 behind HAProxy
 * (round robin), and the journeys of the portal through the balancer, each call of a journey
 * answered by a different process than the one before (the balancer names the process in
 * `x-portal-backend`, and the tests check it). What protects an account (wrong passwords, wrong
 * OTPs, OTP sends) is counted in PostgreSQL, so it holds across the processes; the coarse
 * per-address request limit is per process by design (plugins/rate-limit.ts) and is on here at
 * its deployed settings.
 */
const PROCESSES = 3;
/** The trial's own advisors (never the demo users). */
const USERS = {
  signIn: 'cluster.signin',
  refresh: 'cluster.refresh',
  locked: 'cluster.locked',
  otpSends: 'cluster.otpsends',
  otpGuess: 'cluster.otpguess',
  advisor: 'cluster.advisor',
} as const;

const METRICS_TOKEN = 'cluster-trial-metrics-token-0123456789';
/** The retention sweep's interval here (an hour when deployed): many due times in one trial. */
const SWEEP_EVERY_MS = 2_000;

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let pg: PgCluster;
const servers: ServerProcess[] = [];
let balancer: Balancer;

const backendOf = (res: HttpAnswer): string => res.headers.get(BACKEND_HEADER) ?? '(none)';

/** The process names of a sequence of answers: each must differ from the one before. */
function expectEachOnAnotherProcess(answers: HttpAnswer[]): void {
  const names = answers.map(backendOf);
  for (const name of names) expect(name).toMatch(/^p\d$/);
  for (let i = 1; i < names.length; i += 1) expect(names[i], `call ${i + 1} of ${names.join(' → ')}`).not.toBe(names[i - 1]);
}

async function outbox(client: Client, to: string): Promise<{ purpose: string; otp?: string; link?: string }[]> {
  const res = await client.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=100`);
  expect(res.status, res.text).toBe(200);
  return res.json();
}

async function newestOtp(client: Client, to: string, purpose: string): Promise<string> {
  const otp = (await outbox(client, to)).find((m) => m.otp && m.purpose === purpose)?.otp;
  if (!otp) throw new Error(`no ${purpose} OTP for ${to}`);
  return otp;
}

interface Session {
  accessToken: string;
  refreshToken: string;
}

/** Password then OTP, as two calls that must land on two processes. */
async function signIn(username: string): Promise<{ session: Session; answers: HttpAnswer[] }> {
  const client = new Client(balancer.base);
  const login = await client.post('/api/auth/v1/login', { username, password: TRIAL_PASSWORD });
  expect(login.status, login.text).toBe(200);
  const otp = await newestOtp(client, username, 'login');
  const mfa = await client.post('/api/auth/v1/login/mfa', { requestCode: login.json<{ requestCode: string }>().requestCode, otp });
  expect(mfa.status, mfa.text).toBe(200);
  return { session: mfa.json<Session>(), answers: [login, mfa] };
}

describe('several API servers on one PostgreSQL, behind HAProxy', () => {
  beforeAll(async () => {
    expect(postgresAvailable(), 'PostgreSQL 15 binaries').toBe(true);
    expect(haproxyAvailable(), 'haproxy (apt-get install haproxy)').toBe(true);
    pg = await new PgCluster().init();
    cleanups.push(() => pg.dispose());
    const env = {
      CHROMIUM_PATH: '/usr/bin/chromium',
      RATE_LIMIT_MAX: '1000',
      PORTAL_DEMO: '0',
      METRICS_TOKEN,
      RETENTION_SWEEP_EVERY_MS: String(SWEEP_EVERY_MS),
      // The servers' own account of each sweep ('scheduled job ran'), beside the job_run rows.
      LOG_LEVEL: 'info',
      LOG_REQUESTS: 'problems',
    };
    // The first one migrates an empty database; the others start together on the migrated one.
    servers.push(await new ServerProcess({ kind: 'postgres', url: pg.url }, env).start());
    const more = Array.from({ length: PROCESSES - 1 }, () => new ServerProcess({ kind: 'postgres', url: pg.url }, env));
    await Promise.all(more.map((s) => s.start()));
    servers.push(...more);
    cleanups.push(() => Promise.all(servers.map((s) => s.stop())).then(() => undefined));
    await provisionAdvisors(pg.url, Object.values(USERS));
    await seedDemoData(pg.url);
    balancer = await new Balancer(servers).start();
    cleanups.push(() => balancer.stop());
  }, 300_000);

  it('spreads consecutive calls over every process, round robin', async () => {
    const client = new Client(balancer.base);
    const answers: HttpAnswer[] = [];
    for (let i = 0; i < PROCESSES * 2; i += 1) answers.push(await client.get('/api/health/ready'));
    for (const a of answers) expect(a.status).toBe(200);
    expectEachOnAnotherProcess(answers);
    expect(new Set(answers.map(backendOf)).size).toBe(PROCESSES);
  });

  it('signs in with the password on one process and the OTP on another; the session works on all', async () => {
    const { session, answers } = await signIn(USERS.signIn);
    const client = new Client(balancer.base, session.accessToken);
    for (let i = 0; i < PROCESSES; i += 1) {
      const profile = await client.get('/api/user/v1/profile');
      expect(profile.status, profile.text).toBe(200);
      answers.push(profile);
    }
    expectEachOnAnotherProcess(answers);
  });

  it('rotates refresh tokens across processes; a replayed one ends the family on every process', async () => {
    const { session: first } = await signIn(USERS.refresh);
    const client = new Client(balancer.base);
    const rotated = await client.post('/api/auth/v1/refresh', { refreshToken: first.refreshToken });
    expect(rotated.status, rotated.text).toBe(200);
    const second = rotated.json<Session>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const replay = await client.post('/api/auth/v1/refresh', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    const newer = await client.post('/api/auth/v1/refresh', { refreshToken: second.refreshToken });
    expect(newer.status).toBe(401);
    expectEachOnAnotherProcess([rotated, replay, newer]);
    // The access token of the family: refused by every process, at the latest once a process's
    // cache of live sessions (REVOCATION_CACHE_TTL_MS) has let go of it.
    await sleep(REVOCATION_CACHE_TTL_MS + 500);
    const reader = new Client(balancer.base, second.accessToken);
    const reads: HttpAnswer[] = [];
    for (let i = 0; i < PROCESSES; i += 1) reads.push(await reader.get('/api/user/v1/profile'));
    expect(reads.map((r) => r.status)).toEqual(Array(PROCESSES).fill(401));
    expect(new Set(reads.map(backendOf)).size).toBe(PROCESSES);
  });

  it('locks an account after 10 wrong passwords spread over the processes, on every process', async () => {
    const client = new Client(balancer.base);
    const wrong: HttpAnswer[] = [];
    for (let i = 1; i <= 10; i += 1) {
      wrong.push(await client.post('/api/auth/v1/login', { username: USERS.locked, password: `Wrong-password-${i}` }));
    }
    expect(wrong.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(new Set(wrong.map(backendOf)).size).toBe(PROCESSES);
    const right: HttpAnswer[] = [];
    for (let i = 0; i < PROCESSES; i += 1)
      right.push(await client.post('/api/auth/v1/login', { username: USERS.locked, password: TRIAL_PASSWORD }));
    for (const r of right) {
      expect(r.status).toBe(429);
      expect(r.json()).toMatchObject({ code: 'account_locked', messageKey: 'account_locked' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(800);
    }
    expect(new Set(right.map(backendOf)).size).toBe(PROCESSES);
  });

  it('counts OTP sends per hour across processes: the sixth sign-in of the hour sends nothing', async () => {
    const client = new Client(balancer.base);
    const logins: HttpAnswer[] = [];
    for (let i = 0; i < 6; i += 1)
      logins.push(await client.post('/api/auth/v1/login', { username: USERS.otpSends, password: TRIAL_PASSWORD }));
    expect(logins.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(logins.slice(0, 5).map(backendOf)).size).toBe(PROCESSES);
    expect(logins[5]!.status).toBe(429);
    expect(logins[5]!.json()).toMatchObject({ code: 'otp_send_limit', messageKey: 'otp_send_limit' });
    expect((await outbox(client, USERS.otpSends)).filter((m) => m.purpose === 'login')).toHaveLength(5);
  });

  it('kills a sign-in after 5 wrong OTPs spread over the processes; the right OTP then fails everywhere', async () => {
    const client = new Client(balancer.base);
    const login = await client.post('/api/auth/v1/login', { username: USERS.otpGuess, password: TRIAL_PASSWORD });
    expect(login.status, login.text).toBe(200);
    const { requestCode } = login.json<{ requestCode: string }>();
    const otp = await newestOtp(client, USERS.otpGuess, 'login');
    const wrongOtp = String((Number(otp) + 1) % 10 ** otp.length).padStart(otp.length, '0');
    const guesses: HttpAnswer[] = [];
    for (let i = 0; i < 5; i += 1) guesses.push(await client.post('/api/auth/v1/login/mfa', { requestCode, otp: wrongOtp }));
    expect(guesses.slice(0, 4).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(guesses[4]!.status).toBe(429);
    expect(guesses[4]!.json()).toMatchObject({ messageKey: 'otp_locked' });
    expect(new Set(guesses.map(backendOf)).size).toBe(PROCESSES);
    for (let i = 0; i < PROCESSES; i += 1) {
      expect((await client.post('/api/auth/v1/login/mfa', { requestCode, otp })).status).not.toBe(200);
    }
  });

  describe('as a signed-in advisor', () => {
    let advisor: Client;
    beforeAll(async () => {
      const { session } = await signIn(USERS.advisor);
      advisor = new Client(balancer.base, session.accessToken);
    });

    it('creates once for one Idempotency-Key, whichever processes the retries reach, and at the same moment', async () => {
      const key = randomUUID();
      const body = { ...contactBody('Idem'), lastName: `Idem${letters(1)}` };
      const first = await advisor.post('/api/contact/v1/create', body, { 'idempotency-key': key });
      const retry = await advisor.post('/api/contact/v1/create', body, { 'idempotency-key': key });
      expect(first.status, first.text).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
      expectEachOnAnotherProcess([first, retry]);

      // Three copies of one request at once: they reach three processes; one record.
      const together = { ...contactBody('Same'), lastName: `Same${letters(2)}` };
      const sameKey = randomUUID();
      const copies = await Promise.all(
        Array.from({ length: PROCESSES }, () => advisor.post('/api/contact/v1/create', together, { 'idempotency-key': sameKey })),
      );
      expect(copies.map((c) => c.status)).toEqual(Array(PROCESSES).fill(201));
      expect(new Set(copies.map((c) => c.json<{ id: string }>().id)).size).toBe(1);
      expect(new Set(copies.map(backendOf)).size).toBe(PROCESSES);
      const found = await advisor.get(`/api/contact/v2/find?q=${together.lastName}`);
      expect(found.json<{ items: unknown[] }>().items).toHaveLength(1);
    });

    it('refuses a stale version with 409 on another process than the one that saved', async () => {
      const created = await advisor.post('/api/contact/v1/create', { ...contactBody('Lock'), lastName: `Lock${letters(3)}` });
      expect(created.status, created.text).toBe(201);
      const c = created.json<{ id: string; version: number }>();
      const body = { ...contactBody('Lock'), lastName: `Lock${letters(3)}`, version: c.version };
      const saved = await advisor.post(`/api/contact/v1/update/${c.id}`, { ...body, occupation: 'Teacher' });
      const stale = await advisor.post(`/api/contact/v1/update/${c.id}`, { ...body, occupation: 'Farmer' });
      expect(saved.status, saved.text).toBe(200);
      expect(stale.status).toBe(409);
      expectEachOnAnotherProcess([created, saved, stale]);
      const read = await advisor.get(`/api/contact/v1/find/${c.id}`);
      expect(read.json<{ occupation: string }>().occupation).toBe('Teacher');
    });

    it('shows a new contact in the dashboard figures at once, on the next process', async () => {
      const figure = (res: HttpAnswer) =>
        res
          .json<{ groups: { id: string; figures: { id: string; value: number }[] }[] }>()
          .groups.find((g) => g.id === 'contacts')
          ?.figures.find((f) => f.id === 'newContacts')?.value;
      const before = await advisor.get('/api/user/v1/dashboard');
      expect(before.status, before.text).toBe(200);
      const created = await advisor.post('/api/contact/v1/create', { ...contactBody('Dash'), lastName: `Dash${letters(4)}` });
      expect(created.status).toBe(201);
      const after = await advisor.get('/api/user/v1/dashboard');
      expect(figure(after)).toBe((figure(before) ?? Number.NaN) + 1);
      expectEachOnAnotherProcess([before, created, after]);
    });

    it('renders a proposal PDF on one process and serves the stored copy from the others', async () => {
      const contact = await advisor.post('/api/contact/v1/create', { ...contactBody('Pdf'), lastName: `Pdf${letters(5)}` });
      const proposal = await advisor.post('/api/proposal/v1/create', quoteBody(contact.json<{ id: string }>().id));
      expect(proposal.status, proposal.text).toBe(201);
      const path = `/api/proposal/v1/find/report/${proposal.json<{ id: string }>().id}?lang=km`;
      const downloads: { answer: HttpAnswer; bytes: Buffer }[] = [];
      for (let i = 0; i < PROCESSES; i += 1) {
        const res = await fetch(`${balancer.base}${path}`, { headers: { authorization: `Bearer ${advisor.token}` } });
        const bytes = Buffer.from(await res.arrayBuffer());
        downloads.push({ answer: { status: res.status, headers: res.headers, text: '', json: () => ({}) as never }, bytes });
      }
      for (const d of downloads) {
        expect(d.answer.status).toBe(200);
        expect(d.answer.headers.get('content-type')).toContain('application/pdf');
        expect(d.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      }
      expectEachOnAnotherProcess(downloads.map((d) => d.answer));
      const hashes = downloads.map((d) => createHash('sha256').update(d.bytes).digest('hex'));
      expect(new Set(hashes).size).toBe(1);
    }, 120_000);

    it('sends a candidate a secure link; the candidate opens it, uploads and reads back a document across processes', async () => {
      const phone = `017${String(randomInt(200000, 900000))}`;
      const link = await advisor.post('/api/candidate/v1/form/link', {
        firstName: 'Sophea',
        lastName: 'Noun',
        phone,
        idNumber: String(randomInt(100000000, 999999999)),
      });
      expect(link.status, link.text).toBe(201);
      const { candidateId, candidateNumber } = link.json<{ candidateId: string; candidateNumber: string }>();
      const messages = await outbox(advisor, `+855${phone.slice(1)}`);
      const token = decodeURIComponent(messages.find((m) => m.purpose === 'secure-link')?.link?.split('#token=')[1] ?? '');
      expect(token.length).toBeGreaterThan(20);

      const candidate = new Client(balancer.base);
      const otpRequest = await candidate.post('/api/candidate/v1/form/link/otp', { token });
      expect(otpRequest.status, otpRequest.text).toBe(200);
      // The candidate's sign-in name is `cnl.<candidate number>`; the outbox lists newest first.
      const otp = (await outbox(advisor, `cnl.${candidateNumber.toLowerCase()}`)).find((m) => m.otp)?.otp;
      expect(otp, 'the candidate OTP').toBeTruthy();
      const verify = await candidate.post('/api/candidate/v1/form/link/otp/verify', {
        token,
        requestCode: otpRequest.json<{ requestCode: string }>().requestCode,
        otp: otp!,
      });
      expect(verify.status, verify.text).toBe(200);
      candidate.token = verify.json<{ accessToken: string }>().accessToken;

      const data = pdfFile({ text: 'Diploma across processes', padTo: 64 * 1024 });
      const form = multipartBody(
        { candidateId, documentType: 'diploma' },
        { field: 'file', fileName: 'diploma.pdf', data, type: 'application/pdf' },
      );
      const upload = await candidate.request('POST', '/api/candidate/v1/document/upload', form.payload, {
        'content-type': form.contentType,
      });
      expect(upload.status, upload.text).toBe(201);
      const documentId = upload.json<{ id: string }>().id;
      const listed = await candidate.get(`/api/candidate/v1/documents/find/${candidateId}`);
      expect(listed.status).toBe(200);
      expect(listed.text).toContain(documentId);
      const download = await fetch(`${balancer.base}/api/candidate/v1/document/download?id=${documentId}`, {
        headers: { authorization: `Bearer ${candidate.token}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
      const names = [link, otpRequest, verify, upload, listed].map(backendOf);
      names.push(download.headers.get(BACKEND_HEADER) ?? '(none)');
      expect(new Set(names).size).toBe(PROCESSES);
    });
  });

  describe("the cost of an advisor's hour (figures for the capacity estimate in the README)", () => {
    /** Advisor-hours measured, one after another on one session. */
    const HOURS = 8;

    /**
     * What the SPA sends in an advisor's working hour, from the browser journeys: the access token
     * refreshed every 15 minutes; the dashboard at the start and between visits; the contact list
     * and searches as they type (three requests per search after the debounce); contacts opened,
     * added and edited; sales activities; two quotes with one illustration printed and shown again;
     * policies looked up for servicing. Sign-in (once a working day) is measured apart: it is
     * argon2id's cost, not the API's.
     */
    async function advisorHour(client: Client, policyNumbers: string[], refreshToken: { value: string }, hour: number): Promise<string[]> {
      const problems: string[] = [];
      const expectOk = (res: HttpAnswer, what: string) => {
        if (res.status >= 300) problems.push(`${what}: ${res.status} ${res.text.slice(0, 100)}`);
        return res;
      };
      const tag = letters(10_000 + hour * 10);
      for (let i = 0; i < 4; i += 1) {
        const res = expectOk(await client.post('/api/auth/v1/refresh', { refreshToken: refreshToken.value }), 'refresh');
        if (res.status === 200) {
          refreshToken.value = res.json<Session>().refreshToken;
          client.token = res.json<Session>().accessToken;
        }
      }
      for (let i = 0; i < 3; i += 1) expectOk(await client.get('/api/user/v1/dashboard'), 'dashboard');
      for (let i = 0; i < 4; i += 1) expectOk(await client.get(`/api/contact/v1/page?page=${i % 2}&size=20`), 'contact list');
      for (const term of [
        'Sok',
        'Sokh',
        'Sokha',
        'Cha',
        'Chan',
        'Chant',
        '012',
        '0123',
        '01234',
        'Dar',
        'Dara',
        'Darat',
        'សុខ',
        'សុខា',
        'សុខាន',
        'Hou',
        'Hour',
        'Houry',
      ])
        expectOk(await client.get(`/api/contact/v2/find?q=${encodeURIComponent(term)}`), `search ${term}`);
      const ids: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const body = { ...contactBody(`${tag}${letters(i, 2)}`), lastName: `Hour${tag}${letters(i, 2)}` };
        const created = expectOk(await client.post('/api/contact/v1/create', body, { 'idempotency-key': randomUUID() }), 'contact create');
        if (created.status !== 201) continue;
        const c = created.json<{ id: string; version: number }>();
        ids.push(c.id);
        expectOk(
          await client.post(`/api/contact/v1/update/${c.id}`, { ...body, occupation: 'Teacher', version: c.version }),
          'contact update',
        );
      }
      for (let i = 0; i < 6; i += 1) if (ids.length) expectOk(await client.get(`/api/contact/v1/find/${ids[i % ids.length]}`), 'contact');
      for (let i = 0; i < 3; i += 1) {
        const day = `2030-0${1 + (i % 9)}-1${i}`;
        if (ids.length)
          expectOk(
            await client.post(
              '/api/contact/v2/activity/create',
              {
                contactId: ids[0],
                activityType: 'meeting',
                dayType: 'timed',
                startDate: `${day}T09:00:00+07:00`,
                endDate: `${day}T10:00:00+07:00`,
              },
              { 'idempotency-key': randomUUID() },
            ),
            'activity create',
          );
        expectOk(await client.get('/api/contact/v2/activity/find?from=2030-01-01&to=2030-12-31'), 'activities');
      }
      let pdf = '';
      for (let i = 0; i < 2 && ids.length; i += 1) {
        const proposal = expectOk(
          await client.post('/api/proposal/v1/create', quoteBody(ids[0]!), { 'idempotency-key': randomUUID() }),
          'quote',
        );
        if (proposal.status === 201) pdf = `/api/proposal/v1/find/report/${proposal.json<{ id: string }>().id}?lang=km`;
      }
      for (let i = 0; i < 2 && pdf; i += 1) expectOk(await client.get(pdf), 'proposal PDF');
      for (let i = 0; i < 3; i += 1) expectOk(await client.get('/api/policy/v1/search/customers?view=summary'), 'policy list');
      for (let i = 0; i < 3; i += 1) {
        const number = policyNumbers[(hour * 3 + i) % policyNumbers.length];
        if (number) expectOk(await client.get(`/api/policy/v1/search/details/${number}`), 'policy detail');
      }
      return problems;
    }

    async function scrape(): Promise<{ requests: number; cpuSeconds: number; dbSeconds: number; dbStatements: number }> {
      const totals = { requests: 0, cpuSeconds: 0, dbSeconds: 0, dbStatements: 0 };
      for (const server of servers) {
        const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(res.status).toBe(200);
        const text = await res.text();
        totals.requests += metricSum(text, 'portal_http_requests_total');
        totals.cpuSeconds += metricSum(text, 'portal_process_cpu_seconds_total');
        totals.dbSeconds += metricSum(text, 'portal_db_query_duration_seconds_sum');
        totals.dbStatements += metricSum(text, 'portal_db_query_duration_seconds_count');
      }
      return totals;
    }

    it(`measures ${HOURS} advisor-hours of requests: requests per hour, server CPU and database time per request`, async () => {
      const client = new Client(balancer.base);
      const login = await client.post('/api/auth/v1/login', { username: 'demo.aap', password: DEMO_PASSWORD });
      expect(login.status, login.text).toBe(200);
      const mfa = await client.post('/api/auth/v1/login/mfa', {
        requestCode: login.json<{ requestCode: string }>().requestCode,
        otp: await newestOtp(client, 'demo.aap', 'login'),
      });
      expect(mfa.status, mfa.text).toBe(200);
      const session = mfa.json<Session>();
      client.token = session.accessToken;
      const policies = await client.get('/api/policy/v1/search/customers?view=summary');
      expect(policies.status).toBe(200);
      const policyNumbers = [...policies.text.matchAll(/"policyNumber":"([^"]+)"/g)].map((m) => m[1]!);
      expect(policyNumbers.length).toBeGreaterThan(0);
      const refreshToken = { value: session.refreshToken };

      // The first hour warms every process (Chromium launched, statements planned); the rest is measured.
      expect(await advisorHour(client, policyNumbers, refreshToken, 0)).toEqual([]);
      const before = await scrape();
      const started = Date.now();
      const problems: string[] = [];
      for (let hour = 1; hour <= HOURS; hour += 1) problems.push(...(await advisorHour(client, policyNumbers, refreshToken, hour)));
      const wallMs = Date.now() - started;
      const after = await scrape();
      expect(problems).toEqual([]);

      // The scrapes themselves are requests too (one per process each time).
      const requests = after.requests - before.requests - servers.length;
      const figures = {
        advisorHours: HOURS,
        requestsPerAdvisorHour: Math.round(requests / HOURS),
        serverCpuMsPerRequest: Number(((1000 * (after.cpuSeconds - before.cpuSeconds)) / requests).toFixed(2)),
        dbMsPerRequest: Number(((1000 * (after.dbSeconds - before.dbSeconds)) / requests).toFixed(2)),
        dbStatementsPerRequest: Number(((after.dbStatements - before.dbStatements) / requests).toFixed(2)),
        wallMsPerRequest: Number((wallMs / requests).toFixed(1)),
      };
      recordFigure('advisor-hour', figures);
      console.warn(`[advisor hour] ${JSON.stringify(figures)}`);
      expect(requests).toBeGreaterThanOrEqual(HOURS * 50);
      expect(figures.serverCpuMsPerRequest).toBeGreaterThan(0);
      expect(figures.dbStatementsPerRequest).toBeGreaterThan(0);
    }, 300_000);
  });

  it('runs the retention sweep once per due time across the processes, every due time while they ran', async () => {
    const handle = await createDb({ databaseUrl: pg.url, dataDir: '' });
    if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
    let rows: { due_at: Date; ran_by: string; finished_at: Date | null }[];
    try {
      rows = (
        await handle.client.query<{ due_at: Date; ran_by: string; finished_at: Date | null }>(
          "SELECT due_at, ran_by, finished_at FROM job_run WHERE job = 'retention' ORDER BY due_at",
        )
      ).rows;
    } finally {
      await handle.close();
    }
    // Every trial before this one took long enough for several due times.
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.finished_at, `sweep of ${row.due_at.toISOString()}`).not.toBeNull();
    // No due time missed between the first and the last (all three processes were up).
    const first = rows[0]!.due_at.getTime();
    expect(rows.map((r) => r.due_at.getTime())).toEqual(rows.map((_, i) => first + i * SWEEP_EVERY_MS));
    // Each sweep ran in exactly one process: the servers' own logs, one 'scheduled job ran' per due time.
    const ran: string[] = [];
    for (const server of servers) {
      for (const line of server.log.split('\n')) {
        if (!line.includes('"scheduled job ran"')) continue;
        const entry = JSON.parse(line) as { job: string; dueAt: string };
        if (entry.job === 'retention') ran.push(new Date(entry.dueAt).toISOString());
      }
    }
    const logged = rows.map((r) => r.due_at.toISOString());
    expect([...ran].sort()).toEqual(expect.arrayContaining(logged));
    expect(ran.length).toBe(new Set(ran).size);
    // Claimed by more than one process over the trial (whichever woke first won each due time).
    expect(new Set(rows.map((r) => r.ran_by)).size).toBeGreaterThan(1);
  });
});
