import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import type { User } from '@contract/auth';
import { PageError } from '@web/components/page-error';
import { PageLoader } from '@web/components/page-loader';
import { useMe } from '@web/features/auth/api/get-me';
import { SignedInContext } from '@web/features/auth/api/use-signed-in';
import { afterSignIn, noteSignOut, returnPath, signInThenReturnTo } from '@web/features/auth/lib/return-to';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useAuthOptions } from '@web/lib/email-verification';
import { startSessionCache } from '@web/lib/query-client';

/** Learns who is signed in before anything renders, so neither the landing page nor the app flashes. */
export function SessionGate() {
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Inside the app, signing in starts a clean cache holding the new user and opens the dashboard (or the page
  // the visitor was heading to), no reload.
  const signedIn = useCallback(
    (user: User) => {
      noteSignOut(false);
      startSessionCache(queryClient, user);
      void navigate(afterSignIn(), { replace: true });
    },
    [queryClient, navigate],
  );
  // Asked alongside: the landing page shows the demo only where the server offers one.
  useAuthOptions();
  if (me.isPending) return <PageLoader />;
  // Only when nobody is known yet: a later refetch that fails (the database down for a moment) keeps the
  // signed-in app on screen, where each page shows its own error and System Status says what is wrong.
  if (me.isError && !me.data)
    return <PageError message={friendlyErrorMessage(me.error)} onRetry={() => void me.refetch()} />;
  return (
    <SignedInContext value={signedIn}>
      <Outlet />
    </SignedInContext>
  );
}

/** Signed-out visitors on an app page go to the landing page, which brings them back once signed in. */
export function RequireSignedIn() {
  const me = useMe();
  const { pathname, search, hash } = useLocation();
  return me.data ? <Outlet /> : <Navigate to={signInThenReturnTo(`${pathname}${search}${hash}`)} replace />;
}

/** Signed-in visitors on the landing page go to their dashboard, or to the page they were heading to. */
export function RequireSignedOut() {
  const me = useMe();
  const { search } = useLocation();
  return me.data ? <Navigate to={returnPath(search, window.location.origin)} replace /> : <Outlet />;
}
