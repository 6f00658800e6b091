import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Deferred } from '../../../lib/deferred-component';
import { keepSessionAlive, readIdleSettings, startIdleMonitor, type IdleMonitor } from '../../../lib/idle-timer';
import { signInPathFor, useSession } from '../../../lib/session';
import { logout } from '../api/logout';

const loadWarningDialog = () => import('./idle-warning-dialog').then((m) => m.IdleWarningDialog);

/** The query value (and sessionStorage note) the sign-in screen reads to say why the user is there. */
export const SIGNED_OUT_REASON_IDLE = 'idle';
const REASON_KEY = 'signedOutReason';

/** Where an idle sign-out lands: sign-in, back to this page afterwards, with the reason shown. */
export function idleSignInPath(path: string): string {
  return `${signInPathFor(path)}&reason=${SIGNED_OUT_REASON_IDLE}`;
}

/**
 * The reason is also noted for this tab: clearing the login makes the guarded screen redirect
 * to sign-in on its own, and that redirect may win over ours and drop the query value.
 */
function noteSignedOutReason(reason: string): void {
  try {
    sessionStorage.setItem(REASON_KEY, reason);
  } catch {
    // Without storage the query value still carries it.
  }
}

/** The noted reason, if any. */
export function readSignedOutReason(): string | null {
  try {
    return sessionStorage.getItem(REASON_KEY);
  } catch {
    return null;
  }
}

export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(REASON_KEY);
  } catch {
    // Nothing noted.
  }
}

function IdleWatch() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [deadline, setDeadline] = useState<number | null>(null);
  const monitor = useRef<IdleMonitor | null>(null);
  const here = useRef(location.pathname + location.search);

  const signOut = async (reasonIdle: boolean) => {
    monitor.current?.stop();
    setDeadline(null);
    if (reasonIdle) {
      noteSignedOutReason(SIGNED_OUT_REASON_IDLE);
      await navigate(idleSignInPath(here.current), { replace: true });
    }
    // Items made offline and not sent yet stay (sealed) for the advisor's next sign-in.
    // The stored login is cleared at once; the server is told meanwhile.
    const ended = logout({ keepUnsent: true });
    queryClient.clear();
    if (!reasonIdle) await navigate('/auth/signin', { replace: true });
    await ended;
  };
  const signOutRef = useRef(signOut);

  useEffect(() => {
    here.current = location.pathname + location.search;
    signOutRef.current = signOut;
  });

  useEffect(() => {
    const settings = readIdleSettings();
    const started = startIdleMonitor({
      ...settings,
      onWarning: (at) => setDeadline(at),
      onActive: () => setDeadline(null),
      onTimeout: () => void signOutRef.current(true),
      onKeepAlive: () => void keepSessionAlive(settings.keepAliveMs),
    });
    monitor.current = started;
    return () => {
      started.stop();
      monitor.current = null;
    };
  }, []);

  return (
    <Deferred
      load={loadWarningDialog}
      needed={deadline !== null}
      props={{ deadline, onStay: () => monitor.current?.stayActive(), onSignOut: () => void signOut(false) }}
    />
  );
}

/**
 * Idle handling for every signed-in screen (spec §4/§9): the warning before the idle limit with
 * "Stay signed in", then sign-out to /auth/signin with the reason; keep-alive pings while the
 * user is active. Mounted by the layouts; does nothing while no login is stored.
 */
export function IdleSessionGuard() {
  const { hasLogin } = useSession();
  return hasLogin ? <IdleWatch /> : null;
}
