import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outbox } from '../../src/db/schema/outbox.table';
import { DeliveryWorker } from '../../src/providers/messaging/delivery-worker';
import { HttpSmsGateway } from '../../src/providers/messaging/http-sms-gateway';
import { OutboxDeliveryRepository, REMOVED_BODY } from '../../src/providers/messaging/outbox-delivery.repository';
import { createTestApp, createTestDb, type TestApp } from '../helpers/test-app';

interface GatewayRequest {
  at: number;
  authorization: string | undefined;
  body: { from: string; to: string; text: string; reference: string };
}

/** A stand-in SMS gateway on loopback: records every request; answers 500 to numbers in `failing` (or `failNext` times). */
class FakeGateway {
  readonly requests: GatewayRequest[] = [];
  readonly failing = new Set<string>();
  failNext = 0;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as GatewayRequest['body'];
        this.requests.push({ at: Date.now(), authorization: req.headers.authorization, body });
        if (this.failNext > 0 || this.failing.has(body.to)) {
          if (this.failNext > 0) this.failNext--;
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"busy"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `gw-${body.reference}` }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/send`;
  }

  to(phone: string): GatewayRequest[] {
    return this.requests.filter((r) => r.body.to === phone);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SMS through an HTTP gateway (SMS_TRANSPORT=http)', () => {
  const gateway = new FakeGateway();
  let t: TestApp;
  const rowsTo = (phone: string) => t.db.select().from(outbox).where(eq(outbox.to, phone));

  beforeAll(async () => {
    await gateway.start();
    t = await createTestApp({
      config: {
        devOutbox: false,
        smsTransport: 'http',
        smsGateway: { url: gateway.url, senderId: 'LifeIns', token: 'gateway-token-1' },
        delivery: { maxAttempts: 3, retryBaseMs: 100, pollMs: 20 },
      },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it('delivers a message once, records the gateway id, and removes the code from the row', async () => {
    await t.app.services.sms.send({
      to: '+85512300001',
      username: 'sms.one',
      purpose: 'login',
      body: 'Your code is 482913',
      payload: { otp: '482913' },
    });
    const [row] = await until(
      () => rowsTo('+85512300001'),
      (rows) => rows[0]?.status === 'sent',
    );
    const sent = gateway.to('+85512300001');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe('Bearer gateway-token-1');
    expect(sent[0]!.body).toEqual({ from: 'LifeIns', to: '+85512300001', text: 'Your code is 482913', reference: String(row!.id) });
    expect(row).toMatchObject({ attempts: 1, providerMessageId: `gw-${row!.id}`, lastError: null, payload: null, body: REMOVED_BODY });
    expect(JSON.stringify(row)).not.toContain('482913');
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('retries a failed message with a growing back-off, then delivers it', async () => {
    gateway.failNext = 2;
    await t.app.services.sms.send({ to: '+85512300002', purpose: 'reset', body: 'Reset code 111222' });
    const [row] = await until(
      () => rowsTo('+85512300002'),
      (rows) => rows[0]?.status === 'sent',
    );
    const attempts = gateway.to('+85512300002');
    expect(attempts).toHaveLength(3);
    expect(row!.attempts).toBe(3);
    const gaps = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    // 100 ms after the first failure, 200 ms after the second (the poll adds a little).
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(190);
  });

  it('gives a message up (dead) after the last attempt, with the reason and without its text', async () => {
    gateway.failing.add('+85512300003');
    await t.app.services.sms.send({ to: '+85512300003', purpose: 'login', body: 'Your code is 909090' });
    const [row] = await until(
      () => rowsTo('+85512300003'),
      (rows) => rows[0]?.status === 'dead',
    );
    expect(row).toMatchObject({ attempts: 3, lastError: 'SMS gateway answered 500', body: REMOVED_BODY, sentAt: null });
    // A dead message is never claimed again: a pass made now, with the number still failing, sends nothing.
    const pass = new DeliveryWorker(
      new OutboxDeliveryRepository(t.db),
      { sms: new HttpSmsGateway({ url: gateway.url, senderId: 'LifeIns' }) },
      { maxAttempts: 3 },
      { warn: () => undefined, error: () => undefined },
    );
    expect(await pass.runOnce()).toEqual({ sent: 0, failed: 0, dead: 0 });
    expect(gateway.to('+85512300003')).toHaveLength(3);
    expect((await rowsTo('+85512300003'))[0]).toMatchObject({ status: 'dead', attempts: 3 });
  });

  it('is purged by the retention sweep', async () => {
    expect((await rowsTo('+85512300001')).length).toBe(1);
    const removed = await t.app.services.retention.sweep(new Date(Date.now() + 2 * 24 * 3600_000));
    expect(removed.outboxMessages).toBeGreaterThanOrEqual(3);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(inArray(outbox.to, ['+85512300001', '+85512300002', '+85512300003'])),
    ).toEqual([]);
  });
});

describe('two delivery workers on one database', () => {
  it('send each due message exactly once', async () => {
    const gateway = new FakeGateway();
    await gateway.start();
    const { handle, drop } = await createTestDb();
    try {
      const phones = Array.from({ length: 40 }, (_, i) => `+8551240${String(i).padStart(4, '0')}`);
      await handle.db
        .insert(outbox)
        .values(phones.map((to) => ({ to, channel: 'sms' as const, purpose: 'login', body: `code for ${to}` })));
      const log = { warn: () => undefined, error: () => undefined };
      const worker = () =>
        new DeliveryWorker(
          new OutboxDeliveryRepository(handle.db),
          { sms: new HttpSmsGateway({ url: gateway.url, senderId: 'LifeIns' }) },
          { batch: 7, pollMs: 5 },
          log,
        );
      const [a, b] = [worker(), worker()];
      // Both drain the same rows at the same time, pass after pass.
      const totals = { a: 0, b: 0 };
      for (let pass = 0; pass < 20; pass++) {
        const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
        totals.a += ra.sent;
        totals.b += rb.sent;
        if (ra.sent + rb.sent === 0) break;
      }
      expect(totals.a + totals.b).toBe(40);
      expect(totals.a).toBeGreaterThan(0);
      expect(totals.b).toBeGreaterThan(0);
      const references = gateway.requests.map((r) => r.body.reference);
      expect(new Set(references).size).toBe(40);
      expect(references).toHaveLength(40);
      const rows = await handle.db.select().from(outbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await drop();
      await gateway.close();
    }
  });
});

describe('e-mail through SMTP (SMTP_URL)', () => {
  const received: { from: string; to: string[]; secure: boolean; data: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    // STARTTLS with smtp-server's own self-signed certificate; the client must upgrade (requireTls).
    smtp = new SMTPServer({
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            secure: session.secure,
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({
      config: {
        devOutbox: false,
        smtp: {
          url: `smtp://127.0.0.1:${port}`,
          from: 'Advisor Portal <no-reply@insurer.example>',
          requireTls: true,
          rejectUnauthorized: false,
        },
        delivery: { pollMs: 20 },
      },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends a link to a user without a phone by e-mail, over TLS, and to a user with a phone by SMS', async () => {
    const link = 'https://portal.example/auth/set-password#t=abc';
    const message = {
      kind: 'link' as const,
      purpose: 'set-password',
      sms: `Set your password: ${link}`,
      email: { subject: 'Set your password', text: `Welcome. Set your password here: ${link}` },
      payload: { link },
    };
    const byMail = await t.app.messenger.send({ username: 'mail.only', phone: null, email: 'mail.only@agency.example' }, message);
    expect(byMail.map((r) => r.channel)).toEqual(['email']);
    const bySms = await t.app.messenger.send({ username: 'has.phone', phone: '+85512300009', email: 'has.phone@agency.example' }, message);
    expect(bySms.map((r) => r.channel)).toEqual(['sms']);

    await until(
      () => received.length,
      (n) => n >= 1,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@insurer.example', to: ['mail.only@agency.example'], secure: true });
    expect(received[0]!.data).toContain('Subject: Set your password');
    expect(received[0]!.data).toContain('abc');
    const [mailRow] = await until(
      () => t.db.select().from(outbox).where(eq(outbox.to, 'mail.only@agency.example')),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(mailRow).toMatchObject({ status: 'sent', body: REMOVED_BODY, payload: null });
    expect(mailRow!.providerMessageId).toMatch(/@/);
    // No SMS transport here (SMS_TRANSPORT=outbox): the SMS row waits in the outbox.
    const [smsRow] = await t.db.select().from(outbox).where(eq(outbox.to, '+85512300009'));
    expect(smsRow).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
