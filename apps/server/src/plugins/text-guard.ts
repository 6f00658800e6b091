import { unsafeTextPath } from '@portal/domain/rules/generic';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * No text a person typed needs a control character (NUL, escape, …) or a bidirectional override:
 * every JSON body and query string that holds one is refused with 422 naming the field (key
 * `invalid`), before the route's own validation and whatever its schema allows. The rule is
 * `packages/domain`'s (`UNSAFE_TEXT_CHARACTERS`), the one the forms' text fields use. Runs at
 * preValidation, after the caller was checked: an anonymous call still answers 401 first.
 */
export const textGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const json = String(request.headers['content-type'] ?? '').includes('json');
      const field = unsafeTextPath(request.query) ?? (json ? unsafeTextPath(request.body) : null);
      if (field !== null) throw AppError.validation([{ field, key: 'invalid' }]);
    });
  },
  { name: 'text-guard' },
);
