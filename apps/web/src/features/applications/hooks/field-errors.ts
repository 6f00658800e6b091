import type { FieldError } from '@portal/domain/errors/error-envelope';
import { translateFormError } from '../../../lib/i18n';

/** The translated message of the first issue on exactly this field, when errors are shown. */
export function errorAt(issues: readonly FieldError[], field: string, shown: boolean): string | undefined {
  if (!shown) return undefined;
  const issue = issues.find((i) => i.field === field);
  return issue ? translateFormError(issue.key) : undefined;
}
