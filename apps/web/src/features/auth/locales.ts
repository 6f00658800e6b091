import auth from '@portal/i18n/auth.json';
import errors from '@portal/i18n/errors.json';
import validation from '@portal/i18n/validation.json';
import type { LocaleFile } from '@portal/i18n/locale-file';

/**
 * The language files the sign-in screens use, inside their chunk: a cold sign-in page draws its
 * form without fetching a language file (decision 012). The route table adds them to i18next
 * when the chunk arrives.
 */
export const locales: Readonly<Record<string, LocaleFile>> = {
  auth: auth as LocaleFile,
  errors: errors as LocaleFile,
  validation: validation as LocaleFile,
};
