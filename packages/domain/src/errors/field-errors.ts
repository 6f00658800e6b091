/**
 * Turns zod issues into the 422 envelope's `errors: [{ field, key }]` (DESIGN.md §3). Our rules
 * put a form or document error key in each issue's `message`; an issue from a plain zod check
 * (`z.string().max(5)` without a key) is mapped from its code, and anything else is `invalid`.
 */
import type { FieldError } from './error-envelope';
import type { FieldErrorKey } from './error-keys';
import { DOCUMENT_ERROR_KEYS, FORM_ERROR_KEYS } from './error-keys';

/** The parts of a zod issue we read (zod 4's $ZodIssue fits). */
export interface IssueLike {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly origin?: string;
  readonly format?: string;
  readonly input?: unknown;
}

const KNOWN_KEYS: ReadonlySet<string> = new Set<string>([...FORM_ERROR_KEYS, ...Object.values(DOCUMENT_ERROR_KEYS)]);

export function isFieldErrorKey(value: unknown): value is FieldErrorKey {
  return typeof value === 'string' && KNOWN_KEYS.has(value);
}

/** The error key of one issue. */
export function issueKey(issue: IssueLike): FieldErrorKey {
  if (isFieldErrorKey(issue.message)) return issue.message;
  const sized = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 reports a missing value as "expected X, received undefined".
      return issue.input === undefined && /received undefined$/.test(issue.message) ? 'required' : 'invalid';
    case 'too_small':
      return sized ? 'minlength' : 'min';
    case 'too_big':
      return sized ? 'maxlength' : 'max';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'pattern';
    default:
      return 'invalid';
  }
}

/** 'a.b.0.c' from ['a', 'b', 0, 'c']; '' for the root. */
export function issueField(path: readonly PropertyKey[]): string {
  return path.map((segment) => (typeof segment === 'symbol' ? (segment.description ?? '') : String(segment))).join('.');
}

/** `{ field, key }` per issue, in order, without repeating a field/key pair. */
export function toFieldErrors(error: { readonly issues: readonly IssueLike[] }): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const issue of error.issues) {
    const entry = { field: issueField(issue.path), key: issueKey(issue) };
    const id = `${entry.field}\u0000${entry.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(entry);
  }
  return result;
}
