/**
 * Writes the demo policy feed: `npx tsx apps/server/src/commands/generate-demo-policies.ts [--as-of=YYYY-MM-DD] [--out=path]`.
 * Deterministic: the same arguments always write the same file (commit it).
 */
import { writeFileSync } from 'node:fs';
import { demoPolicyFeedPath } from '../importers/demo-policies';
import { DEMO_FEED_AS_OF, demoFeedJson, generateDemoPolicyFeed } from '../importers/demo-policy-feed';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v = ''] = a.replace(/^--/, '').split('=');
    return [k, v] as const;
  }),
);
const asOf = args.get('as-of') || DEMO_FEED_AS_OF;
const out = args.get('out') || demoPolicyFeedPath();
const feed = generateDemoPolicyFeed({ asOf });
writeFileSync(out, demoFeedJson(feed));
process.stderr.write(`wrote ${feed.policies.length} policies (asOf ${asOf}) to ${out}\n`);
