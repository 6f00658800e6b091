import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a fast cached read (2 ms) to a slow PDF (20 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const PDF_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30];

/** One value of a gauge read when Prometheus scrapes (pool sizes, queue lengths, the outbox backlog). */
export interface GaugeReading<L extends string> {
  labels?: Partial<Record<L, string>>;
  value: number;
}

/**
 * The app's Prometheus metrics, one registry per app (tests build several apps in one process).
 * Counters and histograms are updated where things happen (the request hooks, the database
 * client, the PDF renderer, the sign-in audit actions); gauges read their source at scrape time,
 * so an idle server does no work for them.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly dbQueryDuration = new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Time one database statement took, by outcome (ok, error).',
    labelNames: ['outcome'] as const,
    buckets: DB_BUCKETS,
    registers: [this.registry],
  });

  readonly pdfRenderDuration = new Histogram({
    name: 'portal_pdf_render_duration_seconds',
    help: 'Time one PDF took, waiting for a page included, by outcome (ok, error, refused: the fair admission had no room).',
    labelNames: ['outcome'] as const,
    buckets: PDF_BUCKETS,
    registers: [this.registry],
  });

  readonly signInFailures = new Counter({
    name: 'portal_auth_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong username or password (or an account that cannot sign in).',
    registers: [this.registry],
  });

  readonly lockouts = new Counter({
    name: 'portal_auth_lockouts_total',
    help: 'Accounts locked after too many wrong passwords in a row.',
    registers: [this.registry],
  });

  readonly refusedWhileLocked = new Counter({
    name: 'portal_auth_sign_in_refused_locked_total',
    help: 'Sign-ins refused because the account (or the unknown username) was locked.',
    registers: [this.registry],
  });

  readonly messagesSent = new Counter({
    name: 'portal_messages_delivered_total',
    help: 'Outbox messages handed to the SMS gateway or the SMTP server, by channel.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly messageFailures = new Counter({
    name: 'portal_message_delivery_failures_total',
    help: 'Failed delivery attempts of outbox messages, by channel and whether the message was given up (dead).',
    labelNames: ['channel', 'dead'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    // Process figures: CPU, memory, event-loop delay, open handles (prefixed like ours).
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'portal_' });
  }

  /**
   * A gauge read at scrape time: `read` gives its values (one without labels, or one per label
   * set). A read that fails (the database away) leaves the gauge empty for that scrape instead of
   * failing the whole answer.
   */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => GaugeReading<L>[] | Promise<GaugeReading<L>[]>,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        let readings: GaugeReading<L>[];
        try {
          readings = await read();
        } catch {
          return;
        }
        for (const { labels, value } of readings) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });
  }

  /** The text Prometheus reads. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
