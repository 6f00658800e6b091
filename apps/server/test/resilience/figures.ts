import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './harness';

/** Where the trials leave their figures (one JSON line each) for scripts/resilience.mjs and SECURITY.md. */
export const FIGURES_FILE = process.env.RESILIENCE_FIGURES ?? join(ROOT, '.tmp/test-results/resilience-figures.jsonl');

export function recordFigure(kind: string, data: Record<string, unknown>): void {
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ kind, at: new Date().toISOString(), ...data })}\n`);
}
