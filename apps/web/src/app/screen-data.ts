import { LIST_PARAMS, listChoicesOf } from '../features/contacts/hooks/contact-list-params';
import { findContactsQueryOptions } from '../features/contacts/api/find-contacts';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard';
import { canUseScreen } from '@portal/domain/screen-access';
import type { Screen } from '@portal/domain/screens';
import { hasValidLogin, readProfile } from '../lib/session';
import { queryClient } from './providers';

/**
 * The first query of a screen, started by its route's loader: on a cold deep link it goes out
 * with the screen's chunk instead of after the screen's first render (decision 012). Same query
 * options, so same key, as the screen's own hook: the screen finds the answer in the query cache
 * (or on its way). Only with a login that needs no refresh (the guard refreshes first otherwise,
 * and the screen asks itself).
 */
const FIRST_QUERIES: Readonly<Partial<Record<string, (url: URL) => Promise<void> | undefined>>> = {
  home: () => queryClient.prefetchQuery(dashboardQueryOptions()),
  // Not with a search term: the screen applies it only once it is long enough (rules/search).
  contacts: (url) =>
    url.searchParams.has(LIST_PARAMS.q)
      ? undefined
      : queryClient.prefetchInfiniteQuery(findContactsQueryOptions({ q: '', ...listChoicesOf(url.searchParams) })),
};

/**
 * The route loader of a screen that has a first query, or undefined. Not for a role that may not
 * use the screen: it says so and calls nothing the server would refuse.
 */
export function screenDataLoader(screen: Pick<Screen, 'id' | 'area' | 'requiresAuth'>): ((args: { request: Request }) => null) | undefined {
  const start = FIRST_QUERIES[screen.id];
  if (!start) return undefined;
  return ({ request }) => {
    if (hasValidLogin() && canUseScreen(screen, readProfile()?.roles ?? [])) void start(new URL(request.url));
    return null;
  };
}
