import { AsyncLocalStorage } from 'node:async_hooks';

const actingUsers = new AsyncLocalStorage<string>();

/**
 * Runs `work` (the rest of a signed-in request's handling) as user `userId`, so a resource shared
 * by every request (the PDF renderer) can serve users in turn without each service passing the
 * caller down to it. Set by the auth plugin once the body is read (stream events lose the context).
 */
export function asActingUser<T>(userId: string, work: () => T): T {
  return actingUsers.run(userId, work);
}

/** The user the current async call chain acts for; undefined outside a signed-in request (system jobs). */
export function actingUserId(): string | undefined {
  return actingUsers.getStore();
}
