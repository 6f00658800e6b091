import { AsyncLocalStorage } from 'node:async_hooks';
import { actingUserId } from '../../lib/acting-user';
import type { PdfOptions, PdfRenderer } from './pdf-renderer';

/** A user's renders in flight at once: two covers a person opening two documents; more is a script. */
export const PDF_RENDERS_PER_USER = 2;
/** A user's renders waiting for a place: a longer line would only delay that user's next retry. */
export const PDF_WAITING_PER_USER = 2;
/** Renders waiting in all: 16 drain in about 2 s at 2 pages and ~150 ms a render. */
export const PDF_WAITING_TOTAL = 16;
/** Longest a render waits for a place before it is refused (a render can hang up to its 20 s timeout). */
export const PDF_MAX_WAIT_MS = 10_000;
/** Seconds a refused caller is told to wait: long enough for the line to move on. */
export const PDF_BUSY_RETRY_AFTER_SECONDS = 3;
/** Message key (and code) of the refusal; English and Khmer text in packages/i18n/locales/errors.json. */
export const PDF_BUSY_KEY = 'pdf_busy';
/** Renders outside a signed-in request (system jobs) count as this one user. */
export const SHARED_REQUESTER = '(no user)';

export interface FairPdfLimits {
  /** Places held at once: the inner renderer's page count. */
  slots: number;
  perUser: number;
  waitingPerUser: number;
  waitingTotal: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
}

/** A render refused at once (or after waiting `maxWaitMs`): the API answers 503 `pdf_busy` with Retry-After. */
export class PdfRendererBusyError extends Error {
  override name = 'PdfRendererBusyError';

  constructor(
    readonly retryAfter: number,
    reason: string,
  ) {
    super(`PDF renderer busy: ${reason}`);
  }
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Account {
  running: number;
  waiting: Waiter[];
  /** The turn at which this user last got a page; 0 never (while the account lives). */
  lastServed: number;
}

/**
 * Fair admission in front of a renderer with a fixed number of pages: each user (actingUserId,
 * else SHARED_REQUESTER) has at most `perUser` renders in flight and `waitingPerUser` waiting, at
 * most `waitingTotal` wait in all, and a render that cannot be admitted fails at once with
 * PdfRendererBusyError. A freed place goes to the waiting user served least recently (round-robin
 * between users, first come first served within one user), so one user's flood cannot starve
 * another. At most `slots` places are held at once, so the inner renderer's own queue stays empty.
 * Nothing is kept for a user with nothing in flight or waiting.
 *
 * A request that renders takes its place before its other work (`reserve`, for routes with
 * `config.rendersPdf`): a refused one then costs no database reads or template, and its render
 * uses that place. `render` alone takes a place for the render only.
 */
export class FairPdfRenderer implements PdfRenderer {
  private readonly limits: FairPdfLimits;
  private readonly accounts = new Map<string, Account>();
  private running = 0;
  private waitingCount = 0;
  private turn = 0;
  private closed = false;
  /** The place the current async call chain holds, while it holds it. */
  private readonly held = new AsyncLocalStorage<{ open: boolean }>();

  constructor(
    private readonly inner: PdfRenderer,
    limits: Partial<FairPdfLimits> = {},
    private readonly requesterOf: () => string | undefined = actingUserId,
  ) {
    this.limits = {
      slots: 2,
      perUser: PDF_RENDERS_PER_USER,
      waitingPerUser: PDF_WAITING_PER_USER,
      waitingTotal: PDF_WAITING_TOTAL,
      maxWaitMs: PDF_MAX_WAIT_MS,
      retryAfterSeconds: PDF_BUSY_RETRY_AFTER_SECONDS,
      ...limits,
    };
  }

  /** Renders waiting for a place (metrics). */
  get queued(): number {
    return this.waitingCount;
  }

  /** Renders admitted and not finished. */
  get inFlight(): number {
    return this.running;
  }

  /** Users with a render in flight or waiting. */
  get users(): number {
    return this.accounts.size;
  }

  /**
   * Runs `work` once admitted as one of the current user's renders in flight, holding that place
   * until it settles; renders inside it use the place. Refused (PdfRendererBusyError): `work` never runs.
   */
  async reserve<T>(work: () => Promise<T>): Promise<T> {
    if (this.held.getStore()?.open) return work();
    const requester = this.requesterOf() ?? SHARED_REQUESTER;
    await this.admit(requester);
    const place = { open: true };
    try {
      return await this.held.run(place, work);
    } finally {
      // Work started inside that outlives it (a timer) takes a place of its own.
      place.open = false;
      this.finish(requester);
    }
  }

  render(html: string, options?: PdfOptions): Promise<Buffer> {
    return this.reserve(() => this.inner.render(html, options));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const account of this.accounts.values()) {
      for (const waiter of account.waiting.splice(0)) {
        clearTimeout(waiter.timer);
        this.waitingCount--;
        waiter.reject(this.busy('closed'));
      }
    }
    for (const [requester, account] of this.accounts) if (account.running === 0) this.accounts.delete(requester);
    await this.inner.close();
  }

  private busy(reason: string): PdfRendererBusyError {
    return new PdfRendererBusyError(this.limits.retryAfterSeconds, reason);
  }

  private admit(requester: string): Promise<void> | undefined {
    if (this.closed) throw this.busy('closed');
    let account = this.accounts.get(requester);
    if (!account) {
      account = { running: 0, waiting: [], lastServed: 0 };
      this.accounts.set(requester, account);
    }
    // A free page with no one eligible waiting (dispatch hands pages on as soon as they free).
    if (this.running < this.limits.slots && account.running < this.limits.perUser) {
      this.start(account);
      return undefined;
    }
    const full =
      account.waiting.length >= this.limits.waitingPerUser
        ? 'this user has enough renders waiting'
        : this.waitingCount >= this.limits.waitingTotal
          ? 'the wait line is full'
          : undefined;
    if (full) {
      this.forgetIfIdle(requester, account);
      throw this.busy(full);
    }
    const queue = account.waiting;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          this.waitingCount--;
          this.forgetIfIdle(requester, account);
          reject(this.busy('waited too long'));
        }, this.limits.maxWaitMs),
      };
      queue.push(waiter);
      this.waitingCount++;
    });
  }

  private start(account: Account): void {
    account.running++;
    this.running++;
    account.lastServed = ++this.turn;
  }

  private finish(requester: string): void {
    const account = this.accounts.get(requester);
    if (account) {
      account.running--;
      this.running--;
    }
    this.dispatch();
    if (account) this.forgetIfIdle(requester, account);
  }

  /** Hands free pages to the waiting users served least recently (ties: the user who came first). */
  private dispatch(): void {
    while (this.running < this.limits.slots) {
      let next: Account | undefined;
      for (const account of this.accounts.values()) {
        if (account.waiting.length === 0 || account.running >= this.limits.perUser) continue;
        if (!next || account.lastServed < next.lastServed) next = account;
      }
      const waiter = next?.waiting.shift();
      if (!next || !waiter) return;
      clearTimeout(waiter.timer);
      this.waitingCount--;
      this.start(next);
      waiter.resolve();
    }
  }

  private forgetIfIdle(requester: string, account: Account): void {
    if (account.running === 0 && account.waiting.length === 0 && this.accounts.get(requester) === account) this.accounts.delete(requester);
  }
}
