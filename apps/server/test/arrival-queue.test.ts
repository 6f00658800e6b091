import { describe, expect, it } from 'vitest';
import { ArrivalQueue, asOneArrival } from '../src/db/arrival-queue';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ArrivalQueue: one connection in the order of arrival', () => {
  it('runs one operation at a time, in the order they asked', async () => {
    const queue = new ArrivalQueue();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const op = (name: string) =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        order.push(name);
        running -= 1;
      });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(op));
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(1);
  });

  it("puts a request's later statements before the waiting statements of requests that arrived after it", async () => {
    const queue = new ArrivalQueue();
    const order: string[] = [];
    const statement = (name: string) =>
      queue.run(async () => {
        await tick();
        order.push(name);
      });
    // Request A asks first and sends three statements one after another; B and C arrive while A's first runs.
    const a = asOneArrival(async () => {
      await statement('A1');
      await statement('A2');
      await statement('A3');
    });
    const b = asOneArrival(async () => {
      await statement('B1');
      await statement('B2');
    });
    const c = asOneArrival(() => statement('C1'));
    await Promise.all([a, b, c]);
    // While A prepares its next statement the connection goes to B (already waiting), never idle;
    // C, waiting since the start, comes after every statement of A and B, which arrived before it.
    // Plain first-come order would have been A1 B1 C1 A2 B2 A3.
    expect(order).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'C1']);
  });

  it('hands the connection on after a failure', async () => {
    const queue = new ArrivalQueue();
    const failed = queue.run(() => Promise.reject(new Error('broken')));
    const next = queue.run(async () => 'next');
    await expect(failed).rejects.toThrow('broken');
    await expect(next).resolves.toBe('next');
    expect(queue.length).toBe(0);
  });

  it('lets a request that arrives while another runs ask for its place before that one ends', async () => {
    const queue = new ArrivalQueue();
    const order: string[] = [];
    // PGlite answers in microtasks; a new request is read from its socket in a later macrotask.
    const statement = (name: string) =>
      queue.run(async () => {
        order.push(name);
      });
    const a = asOneArrival(async () => {
      for (const name of ['A1', 'A2', 'A3', 'A4']) await statement(name);
    });
    const b = new Promise<void>((resolve) => setImmediate(() => resolve(asOneArrival(() => statement('B1')))));
    await Promise.all([a, b]);
    // Without a turn of the event loop between A's statements, B would wait for all of them (A1 A2 A3 A4 B1).
    expect(order.indexOf('B1')).toBeLessThan(order.indexOf('A4'));
    expect(order.filter((name) => name.startsWith('A'))).toEqual(['A1', 'A2', 'A3', 'A4']);
  });
});
