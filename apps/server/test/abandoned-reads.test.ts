import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRequestAbandoned } from '../src/db/arrival-queue';
import { createPgliteTestDb, createTestApp, xsrfHeaders, type TestApp } from './helpers/test-app';

/** A gate a route waits at between its two statements, and what became of its second statement. */
function probe() {
  let reached!: () => void;
  let open!: () => void;
  const state = {
    reached: new Promise<void>((resolve) => (reached = resolve)),
    gate: new Promise<void>((resolve) => (open = resolve)),
    second: undefined as Promise<'sent' | 'not sent'> | undefined,
    open: () => open(),
  };
  return { state, reached: () => reached() };
}

const read = probe();
const write = probe();

/** Two statements with a pause between them, as a route that reads, then reads (or writes) again. */
const twoStatements: FastifyPluginAsync = async (app) => {
  for (const [method, path, p] of [
    ['GET', '/api/test/two-reads', read],
    ['POST', '/api/test/two-writes', write],
  ] as const) {
    app.route({
      method,
      url: path,
      config: { roles: 'public' },
      handler: async () => {
        await app.db.execute(sql`select 1`);
        p.reached();
        await p.state.gate;
        const second = app.db.execute(sql`select 2`);
        p.state.second = second.then(
          () => 'sent' as const,
          (error: unknown) => (isRequestAbandoned(error) ? ('not sent' as const) : Promise.reject(error as Error)),
        );
        // A statement not sent fails the request, as any failed statement does.
        await second;
        return { ok: true };
      },
    });
  }
};

/** Sends a raw request and closes the connection once the route is between its statements. */
async function leaveHalfWay(app: TestApp['app'], port: number, request: string, reached: Promise<void>): Promise<void> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(request);
  await reached;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.destroy();
  await closed;
  // Until the server has seen the connection end.
  const open = () =>
    new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  await expect.poll(open).toBe(0);
}

describe('the embedded database and a client that leaves half-way', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // PGlite whatever DATABASE_URL says: the single connection's queue is the embedded database's.
    const { handle, drop } = await createPgliteTestDb();
    const app = await createTestApp({ db: handle, modules: [twoStatements] });
    t = {
      ...app,
      close: async () => {
        await app.close();
        await drop();
      },
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a read sends no more statements, and the log says the client left', async () => {
    await leaveHalfWay(t.app, port, 'GET /api/test/two-reads HTTP/1.1\r\nHost: localhost\r\n\r\n', read.state.reached);
    read.state.open();
    await expect.poll(() => read.state.second).toBeDefined();
    await expect(read.state.second).resolves.toBe('not sent');
    await expect.poll(() => t.logs.lines.some((l) => l.includes('request abandoned by the client'))).toBe(true);
  });

  it('a change is made even so: its answer is lost, not the change', async () => {
    const xsrf = xsrfHeaders();
    const head = Object.entries({ ...xsrf, 'content-type': 'application/json', 'content-length': '2' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    await leaveHalfWay(t.app, port, `POST /api/test/two-writes HTTP/1.1\r\nHost: localhost\r\n${head}\r\n{}`, write.state.reached);
    write.state.open();
    await expect.poll(() => write.state.second).toBeDefined();
    await expect(write.state.second).resolves.toBe('sent');
  });

  it('a read whose client stays gets both statements and its answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/two-reads' });
    expect(res.statusCode).toBe(200);
    await expect(read.state.second).resolves.toBe('sent');
  });
});
