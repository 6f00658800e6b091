import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { feedHeaderSchema, type FeedHeader } from '@portal/domain/contracts/policies/policy-feed';

/** One record of a feed: its position and the parsed JSON value, or why it could not be read. */
export type FeedItem = { index: number; value: unknown } | { index: number; error: 'malformed_json' };

export interface PolicyFeed {
  header: FeedHeader | null;
  items: AsyncIterable<FeedItem> | Iterable<FeedItem>;
}

export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkHeader(value: Record<string, unknown>): FeedHeader {
  const { policies: _policies, ...rest } = value;
  const parsed = feedHeaderSchema.safeParse(rest);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(header)').join(', ');
    throw new FeedFormatError(`not a policy feed header (format "portal-policy-feed", version 1): check ${fields}`);
  }
  return parsed.data;
}

function tryParse(line: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(line) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A header line of an NDJSON feed: has `format`, no `policyNumber`. */
function isHeaderLine(value: unknown): value is Record<string, unknown> {
  return isObject(value) && 'format' in value && !('policyNumber' in value) && !Array.isArray(value.policies);
}

/**
 * Reads a feed held in memory (tests, the demo feed): a JSON document with `policies`, or NDJSON.
 * Throws FeedFormatError when it is neither.
 */
export function parsePolicyFeedText(text: string): PolicyFeed {
  const trimmed = text.trim();
  const whole = trimmed.startsWith('{') ? tryParse(trimmed) : { ok: false as const };
  if (whole.ok && isObject(whole.value) && Array.isArray(whole.value.policies)) {
    const header = checkHeader(whole.value);
    const policies = whole.value.policies as unknown[];
    return { header, items: policies.map((value, index) => ({ index, value })) };
  }
  if (whole.ok && isObject(whole.value) && 'policyNumber' in whole.value) {
    return { header: null, items: [{ index: 0, value: whole.value }] };
  }
  // NDJSON: one value per line; the index is the 0-based line number.
  const lines = text.split(/\r?\n/);
  const items: FeedItem[] = [];
  let header: FeedHeader | null = null;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = tryParse(line);
    if (index === 0 && parsed.ok && isHeaderLine(parsed.value)) {
      header = checkHeader(parsed.value);
      return;
    }
    items.push(parsed.ok ? { index, value: parsed.value } : { index, error: 'malformed_json' });
  });
  if (items.length > 0 && items.every((i) => 'error' in i)) {
    throw new FeedFormatError('neither a JSON feed document nor NDJSON policy records');
  }
  return { header, items };
}

async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.search(/\r?\n/);
    return end < 0 ? text : text.slice(0, end);
  } finally {
    await handle.close();
  }
}

async function* ndjsonLines(path: string, skipFirst: boolean): AsyncGenerator<FeedItem> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let index = -1;
  for await (const line of lines) {
    index++;
    if (index === 0 && skipFirst) continue;
    if (line.trim() === '') continue;
    const parsed = tryParse(line);
    yield parsed.ok ? { index, value: parsed.value } : { index, error: 'malformed_json' };
  }
}

/**
 * Reads a feed file. NDJSON (its first line is a header or a policy on one line) is streamed line
 * by line, so a feed of any size fits in memory; a JSON document is read whole.
 */
export async function readPolicyFeedFile(path: string): Promise<PolicyFeed> {
  const first = await firstLine(path);
  const parsed = tryParse(first);
  if (parsed.ok && isObject(parsed.value) && !Array.isArray(parsed.value.policies)) {
    if (isHeaderLine(parsed.value)) return { header: checkHeader(parsed.value), items: ndjsonLines(path, true) };
    if ('policyNumber' in parsed.value) return { header: null, items: ndjsonLines(path, false) };
  }
  const { readFile } = await import('node:fs/promises');
  return parsePolicyFeedText(await readFile(path, 'utf8'));
}
