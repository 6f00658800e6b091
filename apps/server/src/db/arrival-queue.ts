import { AsyncLocalStorage } from 'node:async_hooks';

/** A request's place in line: given when it first asks for the connection, kept for all its statements. */
export interface Arrival {
  ticket?: number;
}

const arrivals = new AsyncLocalStorage<Arrival>();

/**
 * Runs `work` (a request's handling) as one arrival: every statement it sends queues with the
 * place the request took when it first asked, so a request with several round trips is not sent
 * to the back of the line at each of them. Pass the same `arrival` to re-enter it (after body
 * parsing, whose stream events run outside the request's async context).
 */
export function asOneArrival<T>(work: () => T, arrival: Arrival = {}): T {
  return arrivals.run(arrival, work);
}

interface Waiter {
  ticket: number;
  seq: number;
  resolve(): void;
}

/**
 * One connection, handed out in the order of arrival (PGlite has a single connection). An
 * operation (one statement, or a whole transaction with only its own statements) holds it until
 * it settles; the next goes to the waiter with the lowest ticket, ties in the order they asked.
 */
export class ArrivalQueue {
  private nextTicket = 0;
  private nextSeq = 0;
  private busy = false;
  private readonly waiting: Waiter[] = [];

  /** Operations waiting for the connection. */
  get length(): number {
    return this.waiting.length;
  }

  private ticket(): number {
    const arrival = arrivals.getStore();
    if (!arrival) return this.nextTicket++;
    arrival.ticket ??= this.nextTicket++;
    return arrival.ticket;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const ticket = this.ticket();
    if (this.busy) await new Promise<void>((resolve) => this.enqueue({ ticket, seq: this.nextSeq++, resolve }));
    else {
      this.busy = true;
      // A turn of the event loop before a free connection is taken: PGlite works on this thread and
      // answers in microtasks, so without it a request's statements would follow one another with
      // no turn between them, and requests that arrived meanwhile would not even be read (they
      // could not ask for their place) until it ends. Read now, they queue behind this statement
      // in the order they arrived, and a request is answered after those that came before it.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // Handed straight to the next waiter (nobody can slip in between), after a turn of the event
      // loop: PGlite answers in microtasks, so without it a long line would keep the server from
      // reading sockets and accepting connections until the line is empty.
      if (next) setImmediate(next.resolve);
      else this.busy = false;
    }
  }

  private enqueue(waiter: Waiter): void {
    let lo = 0;
    let hi = this.waiting.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const other = this.waiting[mid] as Waiter;
      if (other.ticket < waiter.ticket || (other.ticket === waiter.ticket && other.seq < waiter.seq)) lo = mid + 1;
      else hi = mid;
    }
    this.waiting.splice(lo, 0, waiter);
  }
}

/** Methods of the PGlite client that use the connection; each call waits its turn in `queue`. */
const QUEUED_METHODS: ReadonlySet<PropertyKey> = new Set(['query', 'exec', 'transaction', 'sql', 'describeQuery', 'runExclusive']);

/** `client` with its statements and transactions behind `queue` (everything else as it is). */
export function behindQueue<C extends object>(client: C, queue: ArrivalQueue): C {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!QUEUED_METHODS.has(property)) return method.bind(target);
      return (...args: unknown[]) => queue.run(async () => method.apply(target, args));
    },
  });
}
