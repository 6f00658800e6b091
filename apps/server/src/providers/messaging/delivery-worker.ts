import type { OutboxChannel } from '../../db/schema/outbox.table';
import type { AppMetrics } from '../metrics/app-metrics';
import type { OutboxDeliveryRepository } from './outbox-delivery.repository';
import type { DeliveryTransport } from './transport';

export interface DeliveryWorkerOptions {
  /** Attempts before a message is `dead` (OUTBOX_MAX_ATTEMPTS, default 6). */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each further one (OUTBOX_RETRY_BASE_MS, default 30 s)… */
  retryBaseMs: number;
  /** …up to this (default 1 hour). */
  retryMaxMs: number;
  /** How long a claimed message is hidden from other workers while it is sent (default 2 min). */
  leaseMs: number;
  /** How often the outbox is looked at (OUTBOX_POLL_MS, default 2 s). */
  pollMs: number;
  /** Messages claimed at once. */
  batch: number;
  /** Keep the text of delivered messages (PORTAL_DEV_OUTBOX=1, demo only). */
  keepBody: boolean;
}

export const DELIVERY_DEFAULTS: DeliveryWorkerOptions = {
  maxAttempts: 6,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 2_000,
  batch: 20,
  keepBody: false,
};

export interface DeliveryLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** The wait before attempt `attempts + 1`, after `attempts` failures: base · 2^(attempts−1), capped. */
export function retryDelayMs(attempts: number, options: Pick<DeliveryWorkerOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Drains the outbox: claims due messages (at most one worker gets each, across processes: see
 * OutboxDeliveryRepository.claim), hands each to its channel's transport, and records the outcome
 * per message: `sent` with the provider's id, or a failure with exponential back-off, `dead`
 * after maxAttempts. Channels without a transport are left alone (their rows wait).
 */
export class DeliveryWorker {
  private readonly options: DeliveryWorkerOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly repository: OutboxDeliveryRepository,
    private readonly transports: Partial<Record<OutboxChannel, DeliveryTransport>>,
    options: Partial<DeliveryWorkerOptions>,
    private readonly log: DeliveryLog,
    private readonly metrics?: AppMetrics,
  ) {
    this.options = { ...DELIVERY_DEFAULTS, ...options };
  }

  /** One pass: claim a batch and deliver it. The counts of this pass. */
  async runOnce(): Promise<{ sent: number; failed: number; dead: number }> {
    const channels = (Object.keys(this.transports) as OutboxChannel[]).filter((c) => this.transports[c]);
    const claimed = await this.repository.claim(channels, this.options.batch, this.options.leaseMs);
    const counts = { sent: 0, failed: 0, dead: 0 };
    await Promise.all(
      claimed.map(async (message) => {
        const transport = this.transports[message.channel] as DeliveryTransport;
        try {
          const providerId = await transport.deliver(message);
          await this.repository.markSent(message.id, providerId, this.options.keepBody);
          this.metrics?.messagesSent.inc({ channel: message.channel });
          counts.sent++;
        } catch (error) {
          const dead = message.attempts >= this.options.maxAttempts;
          const reason = (error as Error).message.slice(0, 300);
          await this.repository.markFailed(message.id, reason, retryDelayMs(message.attempts, this.options), dead, this.options.keepBody);
          this.metrics?.messageFailures.inc({ channel: message.channel, dead: String(dead) });
          if (dead) {
            counts.dead++;
            this.log.error(
              { outboxId: message.id, channel: message.channel, attempts: message.attempts, reason },
              'message given up (dead)',
            );
          } else {
            counts.failed++;
            this.log.warn(
              { outboxId: message.id, channel: message.channel, attempts: message.attempts, reason },
              'message delivery failed; will retry',
            );
          }
        }
      }),
    );
    return counts;
  }

  /** Polls every pollMs until stop(); a full batch is followed at once by the next. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      let full = false;
      try {
        const counts = await this.runOnce();
        full = counts.sent + counts.failed + counts.dead >= this.options.batch;
      } catch (error) {
        this.log.warn({ err: error }, 'outbox delivery pass failed; retrying at the next tick');
      }
      if (!this.stopped) this.schedule(full ? 0 : this.options.pollMs, tick);
    };
    this.schedule(0, tick);
  }

  private schedule(delay: number, tick: () => Promise<void>): void {
    this.timer = setTimeout(() => {
      this.running = tick();
    }, delay);
    this.timer.unref();
  }

  /** Stops polling and waits for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    for (const transport of Object.values(this.transports)) await transport?.close?.();
  }
}
