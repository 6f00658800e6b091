import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createDb } from '../../src/db/client';
import { applicationDocument } from '../../src/db/schema/application-document.table';
import { blob } from '../../src/db/schema/blob.table';
import { findRepoRoot } from '../../src/lib/repo-root';
import { tempDir } from '../helpers/test-app';

/**
 * The upload fault test: the server process is killed (SIGKILL, no shutdown) while document
 * uploads are in flight. After a restart on the same PGlite data folder, every upload the server
 * acknowledged (201) is there and byte-for-byte intact, and nothing is half-stored: every stored
 * document is one whole file that was sent, and no file is stored without its record or the other
 * way round. The server runs as a child process (tsx on the sources), as in production.
 */
const root = findRepoRoot();
const data = tempDir('portal-crash-');
const port = 41000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const XSRF = randomBytes(32).toString('base64url');
let server: ChildProcess | undefined;

function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data.path,
      PORTAL_DEMO: '1',
      PORTAL_DEV_OUTBOX: '1',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'crash-test-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 90_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited ${child.exitCode}: ${stderr.slice(-2000)}`));
      try {
        const res = await fetch(`${base}/api/health`);
        if (res.ok) return resolve(child);
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) return reject(new Error(`server did not start: ${stderr.slice(-2000)}`));
      setTimeout(() => void poll(), 300);
    };
    void poll();
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

const headers = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(): Promise<string> {
  const { requestCode } = await post<{ requestCode: string }>('/api/auth/v1/login', { username: 'demo.aap', password: 'Demo@Portal2026' });
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=demo.aap`)).json()) as { otp?: string }[];
  const otp = outbox.find((m) => m.otp)?.otp;
  const { accessToken } = await post<{ accessToken: string }>('/api/auth/v1/login/mfa', { requestCode, otp });
  return accessToken;
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

interface Sent {
  name: string;
  data: Buffer;
  /** The server's answer, when it acknowledged the upload. */
  ack?: { applicationDocumentUploadId: string; sha256: string; size: number };
  error?: string;
}

/**
 * One multipart upload over a raw HTTP request, the file written in slices with pauses, so that
 * the kill finds uploads at every stage: not started, half sent, being stored, answered.
 */
function slowUpload(token: string, applicationId: string, sent: Sent, pauseMs: number): Promise<void> {
  const boundary = `----crash-${randomBytes(6).toString('hex')}`;
  const fields = { applicationId, documentCategoryCode: 'k-y-c-proof', documentCode: 'FAMILY_BOOK' };
  const head = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${sent.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, sent.data, tail]);
  return new Promise((resolve) => {
    const req = httpRequest(
      `${base}/api/document/v1/upload`,
      {
        method: 'POST',
        headers: { ...headers(token), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode === 201) sent.ack = JSON.parse(text) as Sent['ack'];
          else sent.error = `${res.statusCode} ${text.slice(0, 200)}`;
          resolve();
        });
        res.on('error', (e) => {
          sent.error = e.message;
          resolve();
        });
      },
    );
    req.on('error', (e) => {
      sent.error = e.message;
      resolve();
    });
    const slices = 8;
    const size = Math.ceil(body.length / slices);
    let i = 0;
    const writeNext = () => {
      if (i >= slices) {
        req.end();
        return;
      }
      req.write(body.subarray(i * size, (i + 1) * size));
      i += 1;
      setTimeout(writeNext, pauseMs);
    };
    writeNext();
  });
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await stopped(server);
  }
  data.remove();
});

describe('uploads when the server is killed', () => {
  it('keeps every acknowledged upload whole after a restart, and stores nothing by halves', async () => {
    server = await startServer();
    let token = await signIn();
    const contact = await post<{ id: string }>(
      '/api/contact/v1/create',
      {
        contactType: 'lifeInsured',
        firstName: 'Crash',
        lastName: 'Test',
        gender: 'M',
        dateOfBirth: '01/01/1985',
        phone: '012-345-678',
      },
      token,
    );
    const proposal = await post<{ id: string }>(
      '/api/proposal/v1/create',
      {
        productCode: 'TERM',
        faceAmount: '15,000',
        policyTerm: 10,
        premiumTerm: 10,
        premiumMode: 'annual',
        lifeInsuredContactId: contact.id,
      },
      token,
    );
    const app = await post<{ id: string }>('/api/appform/v1/create', { proposalId: proposal.id }, token);

    // Ten uploads (the group's limit) of 0.5-3 MB, each at its own pace.
    const uploads: Sent[] = Array.from({ length: 10 }, (_, i) => ({ name: `scan-${i}.pdf`, data: pdfOf(512 * 1024 + i * 260 * 1024) }));
    const running = uploads.map((u, i) => slowUpload(token, app.id, u, 40 + i * 60));
    // Kill as soon as a few have been acknowledged, with the others still on their way.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (uploads.filter((u) => u.ack).length >= 3) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    server.kill('SIGKILL');
    await stopped(server);
    await Promise.all(running);
    const acknowledged = uploads.filter((u) => u.ack);
    const cut = uploads.filter((u) => !u.ack);
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);
    expect(cut.length, 'some uploads were still in flight when the server died').toBeGreaterThan(0);
    for (const u of acknowledged) expect(u.ack?.sha256).toBe(sha(u.data));

    // Restart on the same data folder (the dead process's lock is taken over).
    server = await startServer();
    token = await signIn();
    const listed = (await (await fetch(`${base}/api/document/v1/find/appform/${app.id}`, { headers: headers(token) })).json()) as {
      items: { applicationDocumentUploadId: string; fileName: string; sha256: string; size: number }[];
    };
    const byId = new Map(listed.items.map((d) => [d.applicationDocumentUploadId, d]));
    for (const u of acknowledged) {
      const stored = byId.get(u.ack?.applicationDocumentUploadId ?? '');
      expect(stored, `${u.name} was acknowledged`).toBeDefined();
      expect(stored?.sha256).toBe(sha(u.data));
      const bytes = Buffer.from(
        await (
          await fetch(`${base}/api/document/v1/download?id=${stored?.applicationDocumentUploadId}`, { headers: headers(token) })
        ).arrayBuffer(),
      );
      expect(sha(bytes), `${u.name} downloads intact`).toBe(sha(u.data));
    }
    // Whatever else is there is a whole file that was sent (stored just before the kill, unanswered).
    const sentBySha = new Map(uploads.map((u) => [sha(u.data), u]));
    for (const d of listed.items) {
      const original = sentBySha.get(d.sha256);
      expect(original, `${d.fileName} is one of the files sent, whole`).toBeDefined();
      expect(d.fileName).toBe(original?.name);
      expect(d.size).toBe(original?.data.length);
    }

    // And no file without its record, or record without its file, in the database itself.
    server.kill('SIGTERM');
    await stopped(server);
    const handle = await createDb({ databaseUrl: undefined, dataDir: data.path });
    try {
      const [docs] = await handle.db.select({ n: count() }).from(applicationDocument);
      const [blobs] = await handle.db.select({ n: count() }).from(blob);
      expect(blobs?.n).toBe(docs?.n);
      expect(docs?.n).toBe(listed.items.length);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
