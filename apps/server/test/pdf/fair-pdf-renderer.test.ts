import { describe, expect, it } from 'vitest';
import { asActingUser } from '../../src/lib/acting-user';
import {
  FairPdfRenderer,
  PDF_BUSY_RETRY_AFTER_SECONDS,
  PdfRendererBusyError,
  type FairPdfLimits,
} from '../../src/providers/pdf/fair-pdf-renderer';
import type { PdfRenderer } from '../../src/providers/pdf/pdf-renderer';

/** A slow renderer the test drives: each render runs until the test finishes or fails it (by its html). */
class GatedRenderer implements PdfRenderer {
  readonly started: string[] = [];
  private readonly open = new Map<string, { resolve(pdf: Buffer): void; reject(error: Error): void }>();

  render(html: string): Promise<Buffer> {
    this.started.push(html);
    return new Promise((resolve, reject) => this.open.set(html, { resolve, reject }));
  }

  get running(): string[] {
    return [...this.open.keys()];
  }

  finish(html: string): void {
    this.take(html).resolve(Buffer.from(`%PDF ${html}`));
  }

  fail(html: string): void {
    this.take(html).reject(new Error(`page crashed on ${html}`));
  }

  private take(html: string) {
    const gate = this.open.get(html);
    if (!gate) throw new Error(`${html} is not running`);
    this.open.delete(html);
    return gate;
  }

  async close(): Promise<void> {}
}

/** Lets promise chains and handed-on pages run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function fairWorld(limits: Partial<FairPdfLimits> = {}) {
  const inner = new GatedRenderer();
  const fair = new FairPdfRenderer(inner, limits);
  const outcomes = new Map<string, string>();
  /** `user` asks for a render of `html`; its outcome ('ok', 'busy <s>', or the error) lands in `outcomes`. */
  const ask = (user: string | null, html: string): Promise<void> => {
    const render = () => fair.render(html);
    return (user === null ? render() : asActingUser(user, render)).then(
      (pdf) => void outcomes.set(html, pdf.toString() === `%PDF ${html}` ? 'ok' : 'wrong pdf'),
      (error: unknown) =>
        void outcomes.set(html, error instanceof PdfRendererBusyError ? `busy ${error.retryAfter}` : (error as Error).message),
    );
  };
  return { inner, fair, outcomes, ask };
}

describe('fair PDF admission', () => {
  it('runs at most two renders of one user at once, while another user starts at once', async () => {
    const { inner, fair, ask } = fairWorld({ slots: 4 });
    const asked = ['a1', 'a2', 'a3'].map((html) => ask('alice', html));
    await settle();
    expect(inner.running).toEqual(['a1', 'a2']);
    expect(fair.queued).toBe(1);
    const bob = ask('bob', 'b1');
    await settle();
    expect(inner.running).toEqual(['a1', 'a2', 'b1']);
    inner.finish('a1');
    await settle();
    expect(inner.running).toEqual(['a2', 'b1', 'a3']);
    for (const html of ['a2', 'b1', 'a3']) inner.finish(html);
    await Promise.all([...asked, bob]);
    expect(fair.inFlight).toBe(0);
  });

  it('refuses at once, with Retry-After, past the per-user and the total wait limits', async () => {
    const { inner, fair, outcomes, ask } = fairWorld({ slots: 2, waitingPerUser: 2, waitingTotal: 3 });
    const alice = ['a1', 'a2', 'a3', 'a4', 'a5'].map((html) => ask('alice', html));
    await settle();
    // Two running, two waiting; the fifth is refused while nothing has finished.
    expect(inner.running).toEqual(['a1', 'a2']);
    expect(fair.queued).toBe(2);
    expect(outcomes.get('a5')).toBe(`busy ${PDF_BUSY_RETRY_AFTER_SECONDS}`);
    const bob = ask('bob', 'b1');
    const carol = ask('carol', 'c1');
    await settle();
    // Bob takes the last place in line; Carol, with nothing of her own running, finds it full.
    expect(fair.queued).toBe(3);
    expect(outcomes.get('b1')).toBeUndefined();
    expect(outcomes.get('c1')).toBe(`busy ${PDF_BUSY_RETRY_AFTER_SECONDS}`);
    expect(inner.started).not.toContain('c1');
    for (const html of ['a1', 'a2', 'b1', 'a3', 'a4']) {
      await settle();
      inner.finish(html);
    }
    await Promise.all([...alice, bob, carol]);
    expect(['a1', 'a2', 'a3', 'a4', 'b1'].map((html) => outcomes.get(html))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('hands a freed page to the user served least recently, not to the longest waiting render', async () => {
    const { inner, ask } = fairWorld({ slots: 1, perUser: 1, waitingPerUser: 5 });
    const asked = [ask('alice', 'a1'), ask('alice', 'a2'), ask('alice', 'a3'), ask('alice', 'a4')];
    await settle();
    asked.push(ask('bob', 'b1'), ask('bob', 'b2'), ask('carol', 'c1'));
    await settle();
    for (let i = 0; i < 7; i++) {
      const [running] = inner.running;
      if (!running) throw new Error(`nothing running after ${inner.started.join(',')}`);
      inner.finish(running);
      await settle();
    }
    await Promise.all(asked);
    // Strictly first come, first served would be a1 a2 a3 a4 b1 b2 c1.
    expect(inner.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it("gives a flooding user's next page to another user who is waiting (the defaults: 2 pages, 2 per user)", async () => {
    const { inner, outcomes, ask } = fairWorld();
    const flood = Array.from({ length: 20 }, (_, i) => ask('alice', `a${i}`));
    await settle();
    const bob = ask('bob', 'b1');
    await settle();
    expect(inner.running).toEqual(['a0', 'a1']);
    inner.finish('a0');
    await settle();
    expect(inner.running).toEqual(['a1', 'b1']);
    // Alice had two running and two waiting; the other 16 were refused at once.
    expect([...outcomes.values()].filter((o) => o.startsWith('busy'))).toHaveLength(16);
    for (const html of ['a1', 'b1', 'a2', 'a3']) {
      inner.finish(html);
      await settle();
    }
    await Promise.all([...flood, bob]);
    expect(outcomes.get('b1')).toBe('ok');
  });

  it('frees the slot of a failed render, passes its error on, and starts the next one', async () => {
    const { inner, fair, outcomes, ask } = fairWorld({ slots: 1 });
    const asked = [ask('alice', 'a1'), ask('alice', 'a2')];
    await settle();
    inner.fail('a1');
    await settle();
    expect(outcomes.get('a1')).toBe('page crashed on a1');
    expect(inner.running).toEqual(['a2']);
    expect(fair.inFlight).toBe(1);
    inner.finish('a2');
    await Promise.all(asked);
    expect(outcomes.get('a2')).toBe('ok');
  });

  it('refuses a render that waited longer than the limit', async () => {
    const { inner, fair, outcomes, ask } = fairWorld({ slots: 1, maxWaitMs: 50 });
    const first = ask('alice', 'a1');
    const second = ask('bob', 'b1');
    await second;
    expect(outcomes.get('b1')).toBe(`busy ${PDF_BUSY_RETRY_AFTER_SECONDS}`);
    expect(fair.queued).toBe(0);
    inner.finish('a1');
    await first;
    expect(inner.started).toEqual(['a1']);
  });

  it('counts renders outside a signed-in request as one shared user', async () => {
    const { inner, fair, ask } = fairWorld({ slots: 4 });
    const asked = [ask(null, 's1'), ask(null, 's2'), ask(null, 's3')];
    await settle();
    expect(inner.running).toEqual(['s1', 's2']);
    expect(fair.queued).toBe(1);
    for (const html of ['s1', 's2', 's3']) {
      inner.finish(html);
      await settle();
    }
    await Promise.all(asked);
  });

  it('keeps nothing once every render has finished, failed, timed out or been refused', async () => {
    const { inner, fair, outcomes, ask } = fairWorld({ slots: 1, waitingTotal: 4, maxWaitMs: 200 });
    const users = ['u0', 'u1', 'u2', 'u3'];
    const asked = users.flatMap((user) => [1, 2].map((n) => ask(user, `${user}-${n}`)));
    await settle();
    // u0-1 runs; u0-2, u1-1, u1-2 and u2-1 fill the line; u2-2 and all of u3 are refused and not kept.
    expect([fair.inFlight, fair.queued, fair.users]).toEqual([1, 4, 3]);
    inner.finish('u0-1');
    await settle();
    inner.fail('u1-1');
    await settle();
    // u2-1 runs (served least recently); u0-2 and u1-2 wait out their 200 ms.
    expect(inner.running).toEqual(['u2-1']);
    await Promise.all([asked[1], asked[3]]);
    inner.finish('u2-1');
    await Promise.all(asked);
    const busy = `busy ${PDF_BUSY_RETRY_AFTER_SECONDS}`;
    expect(Object.fromEntries(outcomes)).toEqual({
      'u0-1': 'ok',
      'u0-2': busy,
      'u1-1': 'page crashed on u1-1',
      'u1-2': busy,
      'u2-1': 'ok',
      'u2-2': busy,
      'u3-1': busy,
      'u3-2': busy,
    });
    expect([fair.inFlight, fair.queued, fair.users]).toEqual([0, 0, 0]);
  });

  it('lets a request take its place before its other work; a refused request never starts it, an admitted one renders in its place', async () => {
    const { inner, fair } = fairWorld({ slots: 1, waitingPerUser: 1 });
    const worked: string[] = [];
    const request = (name: string) =>
      asActingUser('alice', () =>
        fair.reserve(async () => {
          worked.push(name);
          return fair.render(name);
        }),
      );
    const first = request('r1');
    const second = request('r2');
    await expect(request('r3')).rejects.toBeInstanceOf(PdfRendererBusyError);
    await settle();
    // One place: r1 renders in it (a second place would wait behind r2), r2 waits, r3 never started.
    expect(worked).toEqual(['r1']);
    expect(inner.running).toEqual(['r1']);
    expect([fair.inFlight, fair.queued]).toEqual([1, 1]);
    inner.finish('r1');
    await first;
    await settle();
    expect(worked).toEqual(['r1', 'r2']);
    inner.finish('r2');
    await second;
    expect([fair.inFlight, fair.queued, fair.users]).toEqual([0, 0, 0]);
  });

  it('refuses the waiting renders when closed', async () => {
    const { inner, fair, outcomes, ask } = fairWorld({ slots: 1 });
    const asked = [ask('alice', 'a1'), ask('bob', 'b1')];
    await settle();
    await fair.close();
    await asked[1];
    expect(outcomes.get('b1')).toBe(`busy ${PDF_BUSY_RETRY_AFTER_SECONDS}`);
    inner.finish('a1');
    await Promise.all(asked);
    expect([fair.inFlight, fair.queued, fair.users]).toEqual([0, 0, 0]);
  });
});
