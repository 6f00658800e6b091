/**
 * Shared settings for the benchmarks (the bench issue adds the runs themselves).
 * Results are JSON files in bench/results/, ignored by git except for .gitkeep.
 */
export const RESULTS_DIR = new URL('./results/', import.meta.url);

/** Load tests only ever target this machine's loopback (see README: Benchmarks). */
export const DEFAULT_TARGET = 'http://127.0.0.1:3000';
