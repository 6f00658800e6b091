import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FeedImportReport } from '@portal/domain/contracts/policies/policy-feed';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { Db } from '../db/client';
import { findRepoRoot } from '../lib/repo-root';
import { parsePolicyFeedText } from './policy-feed-reader';
import { importPolicyFeed } from './policy-importer';

/** The committed demo feed (regenerate with `npx tsx apps/server/src/commands/generate-demo-policies.ts`). */
export function demoPolicyFeedPath(): string {
  return join(findRepoRoot(), 'apps/server/demo-data/policies.json');
}

/**
 * PORTAL_DEMO=1: loads the demo policies through the same importer as a real feed, its dates
 * moved so that `asOf` is today (milestones, premiums due and grace periods stay current).
 * Idempotent: a second start on the same day changes nothing; the next day updates the dates.
 * Needs the demo users (seedDemo) first: policies name their agent by username.
 */
export async function importDemoPolicies(db: Db, now: Date = new Date()): Promise<FeedImportReport | null> {
  const path = demoPolicyFeedPath();
  if (!existsSync(path)) return null;
  const feed = parsePolicyFeedText(await readFile(path, 'utf8'));
  return importPolicyFeed(db, feed, { rebaseTo: todayInPhnomPenh(now) });
}
