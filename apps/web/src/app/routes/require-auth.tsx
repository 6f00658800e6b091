import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { ensureFreshLogin } from '../../lib/api-client';
import { expiredSignInPathFor, hasValidLogin, readStoredLogin, signInPathAfterLogin, signInPathFor, useSession } from '../../lib/session';

/**
 * Before a signed-in screen opens: a valid stored login, or one refresh that makes it valid;
 * otherwise to /auth/signin?next=<this path> (DESIGN.md §4).
 */
export async function requireAuthLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // A stored login that cannot be made valid again is a session that ran out: the sign-in screen says so.
  const hadLogin = readStoredLogin() !== null;
  if (await ensureFreshLogin(hasValidLogin)) return null;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(hadLogin ? expiredSignInPathFor(back) : signInPathFor(back));
}

/**
 * While on a signed-in screen: leaves as soon as the login is cleared (sign-out, other tab, 401),
 * for a sign-in that comes back here, or the plain sign-in screen after a sign-out made here.
 */
export function RequireAuth() {
  const { hasLogin } = useSession();
  const location = useLocation();
  if (!hasLogin) return <Navigate to={signInPathAfterLogin(location.pathname + location.search)} replace />;
  return <Outlet />;
}
