// Ratios, goals, the console table, and the files in bench/results/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR } from './proc.mjs';

const round = (value, digits = 2) => (value === null || value === undefined || Number.isNaN(value) ? null : Number(value.toFixed(digits)));

/**
 * Adds `ratio` and `p99Ratio` (to the run's floor, when it has one), `ceilingRatio` (the wire
 * floor ÷ the floor: the most `ratio` could be, when the run has one) and `dbRatio` (PGlite ÷
 * PostgreSQL) to every run.
 */
export function withRatios(runs) {
  const pgRps = new Map(runs.filter((r) => r.db === 'postgres').map((r) => [`${r.route}|${r.connections}`, r.result.rps]));
  return runs.map((r) => {
    const pg = pgRps.get(`${r.route}|${r.connections}`);
    return {
      ...r,
      ratio: r.floor ? round(r.result.rps / r.floor.rps, 3) : null,
      p99Ratio: r.floor ? round(r.result.p99 / Math.max(r.floor.p99, 1), 2) : null,
      ceilingRatio: r.floor && r.ceiling ? round(r.ceiling.rps / r.floor.rps, 3) : null,
      dbRatio: r.db === 'pglite' && pg ? round(r.result.rps / pg, 3) : null,
    };
  });
}

const COMPARE = { '>=': (a, b) => a >= b, '>': (a, b) => a > b, '<=': (a, b) => a <= b, '<': (a, b) => a < b };

export function judgeGoals(goals, runs) {
  return goals.map((goal) => {
    const run = runs.find((r) => r.db === goal.db && r.route === goal.route && r.connections === goal.connections);
    let measured = null;
    if (run) measured = goal.metric === 'p99' ? run.result.p99 : run[goal.metric];
    const ceiling = goal.metric === 'ratio' ? (run?.ceilingRatio ?? null) : null;
    return { ...goal, measured, ceiling, met: measured === null ? null : COMPARE[goal.op](measured, goal.value) };
  });
}

const HEADER = [
  'database',
  'route',
  'conns',
  'req/s',
  'p50 ms',
  'p99 ms',
  'floor',
  'floor req/s',
  'floor p99 ms',
  'route ÷ floor',
  'ceiling ÷ floor',
  'p99 ÷ floor p99',
  'PGlite ÷ PG',
  'CPU ms/req server / db / load',
  'floor CPU ms/req',
  'unexpected',
];

/** `server / db / load` CPU ms per request (lib/cpu.mjs), `-` for a part the run has not got. */
function cpuText(cpu) {
  if (!cpu) return '';
  const ms = (v) => (v === null ? '-' : v < 0.1 ? v.toFixed(3) : v.toFixed(2));
  return `${ms(cpu.server)} / ${ms(cpu.db)} / ${ms(cpu.load)}`;
}

function rowsOf(runs) {
  return runs.map((r) =>
    [
      r.db,
      r.route,
      r.connections,
      r.result.rps,
      r.result.p50,
      r.result.p99,
      r.baseline,
      r.floor?.rps ?? '',
      r.floor?.p99 ?? '',
      r.ratio ?? '',
      r.ceilingRatio ?? '',
      r.p99Ratio ?? '',
      r.dbRatio ?? '',
      cpuText(r.result.cpu),
      cpuText(r.floor?.cpu),
      r.result.non2xx + r.result.errors,
    ].map(String),
  );
}

export function consoleTable(runs) {
  const rows = [HEADER, ...rowsOf(runs)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ')).join('\n');
}

/** ", at most X": bare Fastify with the route's own request and answer (and password check) ÷ the floor. */
const ceilingText = (g) =>
  g.ceiling === null || g.ceiling === undefined ? '' : ` (at most ${g.ceiling}: bare Fastify sending its answer)`;

function goalLine(g) {
  const status = g.met === null ? 'not measured' : g.met ? 'met' : 'NOT met';
  return `${g.label}: ${g.measured ?? '-'}${ceilingText(g)} -> ${status}`;
}

function goalRow(g) {
  const status = g.met === null ? 'not measured' : g.met ? 'met' : '**NOT met**';
  return `| ${g.label} | ${g.op} ${g.value} | ${g.measured ?? '-'}${ceilingText(g)} | ${status} |`;
}

export function goalsText(goals) {
  return goals.map((g) => `  ${goalLine(g)}`).join('\n');
}

export function markdown(report) {
  const { machine, settings } = report;
  const n = (v) => Number(v ?? 0).toLocaleString('en-US');
  const lines = [
    `# Benchmark: ${report.startedAt}`,
    '',
    `Machine: ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGb} GB RAM, Node ${machine.node}; load average (1/5/15 min) ${machine.loadAverage.join(' / ')} at the start, ${(machine.loadAverageAtEnd ?? []).join(' / ') || '-'} at the end.`,
    `Settings: ${settings.quick ? '`--quick`, ' : ''}${n(settings.contacts)} contacts, ${n(settings.policies)} policies, ${n(settings.payments)} payments for ${settings.advisor ?? 'demo.aap'}; production build; search and detail runs send ${n(settings.requests)} distinct requests each (none repeated), the others run ${settings.duration} s; connections ${settings.connections.join(' and ')}, autocannon 9 in-process. Each route's floor is measured right before it: \`sql\` the same SQL the route sent for each request, straight through node-postgres at the same concurrency and pool size (10); \`fastify\` bare Fastify answering as many bytes; \`argon2\` bare argon2id verify. For these two, the ceiling: bare Fastify taking the route's own requests and sending its recorded answer with every header (and verifying the password, for sign-in), the most the route could reach if the portal's own work cost nothing.`,
    '',
    // Only the start says anything about other work: by the end the load average is the bench's own
    // server, database and load generator.
    ...((machine.loadAverage[0] ?? 0) > machine.cpus * 1.5
      ? [
          `> **The machine was busy when this run started** (load average ${machine.loadAverage[0]} on ${machine.cpus} cores before the bench's own work): if that work went on during the measured runs, the route and its floor did not see the same machine even seconds apart, and these ratios say little. Rerun on a quiet machine.`,
          '',
        ]
      : []),
    ...report.settings.routes.map((r) => `- **${r.name}**: ${r.note}`),
    '',
    ...Object.entries(report.databases).map(
      ([db, info]) => `- ${db}: ${info.skipped ? `skipped (${info.skipped})` : `volume loaded in ${info.seedSeconds} s`}`,
    ),
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rowsOf(report.runs).map((row) => `| ${row.join(' | ')} |`),
    '',
    "CPU ms/req: user + system CPU per answered request, from /proc, of the server process (for the `sql` and `argon2` floors, which run in the bench process, none), of all PostgreSQL processes, and of the bench process (the load generator, and the `sql` and `argon2` floors' own work). On 2 cores these three share the machine, so a route's req/s falls with the CPU any of them spends per request.",
    '',
    '## Goals',
    '',
    '| goal | target | measured | |',
    '|---|---|---|---|',
    ...report.goals.map(goalRow),
    '',
    ...(report.explains?.length
      ? [
          '## Query plans (PostgreSQL)',
          '',
          ...report.explains.flatMap((e) => [`### ${e.route}, ${e.kind}: \`${decodeURIComponent(e.path)}\``, '', '```', e.plan, '```', '']),
        ]
      : []),
    'Absolute numbers on a shared machine are noisy; the ratios to a floor measured seconds before are the figures. Routes, floors and goals: bench/routes.mjs; the method: bench/README.md.',
    '',
  ];
  return lines.join('\n');
}

/** Where RESULTS.md's last section, the proposal PDF figures of `bench:pdf` (results/proposal-pdf.md), starts. */
const PDF_SECTION = '<!-- bench:pdf: written by proposal-pdf.mjs from results/proposal-pdf.md -->';

/** RESULTS.md's text with its proposal PDF section replaced by (or, the first time, given) the latest results/proposal-pdf.md. */
export function withPdfSection(text) {
  const file = join(BENCH_DIR, 'results', 'proposal-pdf.md');
  const start = text.indexOf(PDF_SECTION);
  const body = (start === -1 ? text : text.slice(0, start)).trimEnd();
  if (!existsSync(file)) return `${body}\n`;
  const pdf = readFileSync(file, 'utf8').trim().replace(/^# /, '## ');
  return `${body}\n\n${PDF_SECTION}\n\n${pdf}\n`;
}

/** Writes bench/results/<timestamp>.json, bench/results/latest.md and bench/RESULTS.md (committed; the README quotes it). */
export function writeResults(report) {
  const dir = join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const json = join(dir, `${stamp}.json`);
  const md = join(dir, 'latest.md');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(md, markdown(report));
  writeFileSync(join(BENCH_DIR, 'RESULTS.md'), withPdfSection(markdown(report)));
  return { json, md };
}
