/**
 * The generic mustMatch confirmation rule of spec §5: a confirmation field must equal its
 * original, otherwise `unmatched` on the confirmation field. It runs only when both are filled
 * (an empty confirmation is the field's own `required`). DESIGN.md §5: password versus
 * confirmedPassword IS compared, unlike the original product.
 */
import type * as z from 'zod';
import { addKeyIssue, isEmpty } from './generic';

/** True when both are filled in and differ. */
export function isUnmatched(original: unknown, confirmation: unknown): boolean {
  return !isEmpty(original) && !isEmpty(confirmation) && original !== confirmation;
}

/**
 * A superRefine step for an object schema:
 * `z.object({ a, b }).superRefine(mustMatch('a', 'b'), RUN_WITH_FIELD_ISSUES)` adds `unmatched`
 * at path `b`. The value is read defensively, so it is safe to run even when fields have issues.
 */
export function mustMatch(field: string, confirmField: string) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (isUnmatched(record[field], record[confirmField])) addKeyIssue(ctx, 'unmatched', [confirmField]);
  };
}

/**
 * superRefine option: run an object-level rule even when a field already has an issue, so a form
 * (and a 422 answer) lists every problem at once rather than one round at a time.
 */
export const RUN_WITH_FIELD_ISSUES = { when: (): boolean => true };
