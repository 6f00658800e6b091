/**
 * The catalogue versions the server seeds into the catalogue_* tables at start (idempotently,
 * every mode). The last one is the current version; older versions stay in the tables so that a
 * proposal priced with them can still be read. Add a version by appending its data file here.
 */
import { CATALOGUE_2026_1 } from './catalogue-2026-1';
import type { Catalogue } from './catalogue-schema';

export const SEED_CATALOGUES: readonly Catalogue[] = [CATALOGUE_2026_1];

/** The newest seeded version (what a new quote is priced with). */
export const CURRENT_CATALOGUE: Catalogue = CATALOGUE_2026_1;
