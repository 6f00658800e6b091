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
let slowStarted: () => void = () => undefined;
const slowRunning = new Promise<void>((resolve) => (slowStarted = resolve));
let closeStarted: () => void = () => undefined;
const closing = new Promise<void>((resolve) => (closeStarted = resolve));
const slowModule: FastifyPluginAsync = async (app) => {
  // Registered after the draining plugin: by the time this runs, the server refuses new requests.
  app.addHook('preClose', async () => closeStarted());
  app.get('/api/test/slow', { config: { roles: 'public' } }, async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
      slowStarted();
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
    let requestsRead = 0;
    let secondRead: () => void = () => undefined;
    const secondIsRead = new Promise<void>((resolve) => (secondRead = resolve));
    t.app.server.on('request', () => {
      requestsRead += 1;
      if (requestsRead === 2) secondRead();
    });
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowRunning;

    const closed = t.app.close();
    await closing;
    socket.write('GET /api/test/count HTTP/1.1\r\nHost: x\r\n\r\n');
    await secondIsRead; // the server has read it, while the first is still running
    release();
    await closed;
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
