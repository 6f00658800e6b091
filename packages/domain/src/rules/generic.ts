/**
 * The generic validators of spec §5 (required, min, max, minLength, maxLength, pattern, and the
 * no-space rule) as pure checks and zod schemas. Every issue's `message` is a form error key of
 * errors/error-keys.ts; a field reports only its first failing rule, in the order below.
 */
import * as z from 'zod';
import type { FieldErrorKey, FormErrorKey } from '../errors/error-keys';

/** Adds an issue whose message is a form or document error key. */
export function addKeyIssue(ctx: z.RefinementCtx, key: FieldErrorKey, path?: PropertyKey[]): void {
  ctx.addIssue(path ? { code: 'custom', message: key, path } : { code: 'custom', message: key });
}

/** zod's type error for a field: a missing value is `required`, a value of the wrong type `invalid`. */
export const typeError = (issue: { input?: unknown }): FormErrorKey =>
  issue.input === undefined || issue.input === null ? 'required' : 'invalid';

/** Empty means undefined, null, a blank string or an empty array. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export function containsSpace(value: string): boolean {
  return /\s/.test(value);
}

export interface TextRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  noSpace?: boolean;
}

/**
 * The first rule a text value breaks, or null. An empty value breaks only `required`; the other
 * rules apply to what was typed (as Angular-style validators do).
 */
/**
 * Characters no typed text needs and that attackers use: C0 controls other than tab and line
 * breaks (NUL among them, which PostgreSQL refuses), DEL, and the bidirectional overrides and
 * isolates that make text display in another order than it is stored ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_TEXT_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

/** Whether typed text holds none of the UNSAFE_TEXT_CHARACTERS (the rule of `textIssue`, for schemas built otherwise). */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT_CHARACTERS.test(value);
}

/** How deep unsafeTextPath looks: no form nests deeper; the route's schema refuses what does. */
const UNSAFE_TEXT_DEPTH = 32;

/**
 * The path (`beneficiaries.0.firstName`) of a string in a parsed JSON value that holds an unsafe
 * character, or null: the server refuses such a request body or query with 422 naming that field,
 * whatever the field's own schema says. Walks without recursion, at most UNSAFE_TEXT_DEPTH levels.
 */
export function unsafeTextPath(value: unknown): string | null {
  const stack: { value: unknown; path: readonly (string | number)[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: v, path } = item;
    if (typeof v === 'string') {
      if (UNSAFE_TEXT_CHARACTERS.test(v)) return path.join('.') || 'body';
    } else if (v && typeof v === 'object' && path.length < UNSAFE_TEXT_DEPTH) {
      const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as readonly [string | number, unknown];
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

export function textIssue(value: string, rules: TextRules): FormErrorKey | null {
  if (isEmpty(value)) return rules.required ? 'required' : null;
  if (!isSafeText(value)) return 'invalid';
  if (rules.maxLength !== undefined && value.length > rules.maxLength) return 'maxlength';
  if (rules.minLength !== undefined && value.length < rules.minLength) return 'minlength';
  if (rules.noSpace && containsSpace(value)) return 'cannotContainSpace';
  if (rules.pattern && !rules.pattern.test(value)) return 'pattern';
  return null;
}

/** A string field with the given rules: `textSchema({ required: true, maxLength: 50 })`. */
export function textSchema(rules: TextRules = {}): z.ZodString {
  return z.string({ error: typeError }).superRefine((value, ctx) => {
    const key = textIssue(value, rules);
    if (key) addKeyIssue(ctx, key);
  });
}

export const requiredTextSchema = textSchema({ required: true });

/** A value without any space: `cannotContainSpace` otherwise. */
export const noSpaceSchema = textSchema({ noSpace: true });

export interface NumberRules {
  required?: boolean;
  min?: number;
  max?: number;
}

/** `min` below the minimum, `max` above the maximum (both inclusive), else null. */
export function rangeIssue(value: number, rules: NumberRules): 'min' | 'max' | null {
  if (rules.min !== undefined && value < rules.min) return 'min';
  if (rules.max !== undefined && value > rules.max) return 'max';
  return null;
}

/** A number field with an inclusive minimum and maximum. */
export function numberSchema(rules: NumberRules = {}): z.ZodNumber {
  return z.number({ error: typeError }).superRefine((value, ctx) => {
    const key = rangeIssue(value, rules);
    if (key) addKeyIssue(ctx, key);
  });
}

/** A value that must be present (any type): `required` when empty. */
export function requiredValue(value: unknown, ctx: z.RefinementCtx, path?: PropertyKey[]): boolean {
  if (!isEmpty(value)) return true;
  addKeyIssue(ctx, 'required', path);
  return false;
}
