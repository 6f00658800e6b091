/**
 * The shape of bench/results/<timestamp>.json, written by run.mjs (lib/report.mjs), for tools that
 * read the figures (the README table). run.mjs itself is plain JavaScript (node run.mjs, no build).
 */
export interface LoadSummary {
  /** Average requests per second over the run. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Status counts, only when some answer was not 2xx. */
  statusCodes?: Record<string, number>;
  /** SQL floor only: the first statement error, when some replay failed. */
  firstError?: string;
}

export interface BenchRun {
  db: 'pglite' | 'postgres';
  route: string;
  connections: number;
  /** What the route is measured against (routes.mjs): the same SQL, bare Fastify, bare argon2; 'none' on PGlite's SQL routes. */
  baseline: 'sql' | 'fastify' | 'argon2' | 'none';
  /** The floor, measured right before the route; null when there is none. */
  floor: LoadSummary | null;
  result: LoadSummary;
  /** route ÷ floor requests per second. */
  ratio: number | null;
  /** route p99 ÷ floor p99. */
  p99Ratio: number | null;
  /** PGlite ÷ PostgreSQL requests per second (PGlite rows only). */
  dbRatio: number | null;
}

export interface BenchGoal {
  label: string;
  route: string;
  db: 'pglite' | 'postgres';
  connections: number;
  metric: 'ratio' | 'p99' | 'p99Ratio' | 'dbRatio';
  op: '>=' | '>' | '<=' | '<';
  value: number;
  measured: number | null;
  /** null: not measured in this run (e.g. no PostgreSQL). */
  met: boolean | null;
}

export interface BenchReport {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAverage: number[] };
  settings: {
    contacts: number;
    duration: number;
    requests: number;
    connections: number[];
    routes: { name: string; note: string; baseline: string; paths?: string[]; requests?: number; firstPaths?: string[] }[];
  };
  databases: Record<string, { seedSeconds: number } | { skipped: string }>;
  runs: BenchRun[];
  goals: BenchGoal[];
  /** EXPLAIN (ANALYZE, BUFFERS) of chosen requests' statements on PostgreSQL. */
  explains: { route: string; kind: string; path: string; sql: string; values?: unknown[]; plan: string }[];
}

/** Load runs only ever target this machine's loopback (lib/load.mjs refuses anything else). */
export const LOOPBACK = '127.0.0.1';
