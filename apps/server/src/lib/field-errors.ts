import type { FieldError } from '@portal/domain/errors/error-envelope';
import { toFieldErrors, type IssueLike } from '@portal/domain/errors/field-errors';

/** A zod issue as fastify-type-provider-zod hands it over (issue fields kept in `params`). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Fastify's request-validation errors -> the 422 envelope's `errors`, through the domain's one
 * mapping (`toFieldErrors`). Two server-side touches: an unknown key is named as its own field,
 * and an issue about the whole body/query is reported under that part's name.
 */
export function fieldErrorsFromValidation(validation: readonly ValidationIssue[], part: string): FieldError[] {
  const issues: IssueLike[] = validation.flatMap((v) => {
    const path = v.instancePath.split('/').filter(Boolean);
    const issue: IssueLike = { ...v.params, code: v.keyword, message: v.message ?? '', path };
    const keys = v.params.keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
      return keys.map((k) => ({ ...issue, message: 'invalid', path: [...path, String(k)] }));
    }
    return [issue];
  });
  return toFieldErrors({ issues }).map((e) => (e.field === '' ? { ...e, field: part } : e));
}
