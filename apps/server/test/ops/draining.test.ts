import { connect } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAINING_RETRY_AFTER_S } from '../../src/plugins/draining';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A stopping server: a request in flight finishes; a request that reaches it after the stop
 * began (here the second of two pipelined on one connection, sent while the first still runs)
 * gets 503 with the error envelope, Retry-After and Connection: close, and nothing of it runs.
 */
let release: () => void = () => undefined;
let ran = 0;
const slowModule: FastifyPluginAsync = async (app) => {
  app.get('/api/test/slow', { config: { roles: 'public' } }, async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { done: true };
  });
  app.get('/api/test/count', { config: { roles: 'public' } }, async () => {
    ran += 1;
    return { ran };
  });
};

let t: TestApp | undefined;
afterAll(() => t?.close());

describe('a stopping server', () => {
  it('finishes the request in flight and answers a later one 503 + Retry-After + envelope, without running it', async () => {
    t = await createTestApp({ modules: [slowModule] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => {
      received += d.toString();
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    while (release.length === 0 && received === '') await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 50)); // the slow handler is running

    const closing = t.app.close();
    await new Promise((r) => setTimeout(r, 50));
    socket.write('GET /api/test/count HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 50));
    release();
    await closing;
    await ended;

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[0]).toContain('{"done":true}');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]).toMatch(new RegExp(`\\r\\nretry-after: ${DRAINING_RETRY_AFTER_S}\\r\\n`, 'i'));
    expect(answers[1]).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answers[1]!.split('\r\n\r\n')[1]!)).toMatchObject({ code: 503, messageKey: 'unavailable' });
    expect(ran).toBe(0);
  });
});
