import { Navigate, Outlet } from 'react-router';
import { PageError } from '@web/components/page-error';
import { PageLoader } from '@web/components/page-loader';
import { useMe } from '@web/features/auth/api/get-me';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useAuthOptions } from '@web/lib/email-verification';

/** Learns who is signed in before anything renders, so neither the landing page nor the app flashes. */
export function SessionGate() {
  const me = useMe();
  // Asked alongside: the landing page shows the demo only where the server offers one.
  useAuthOptions();
  if (me.isPending) return <PageLoader />;
  // Only when nobody is known yet: a later refetch that fails (the database down for a moment) keeps the
  // signed-in app on screen, where each page shows its own error and System Status says what is wrong.
  if (me.isError && !me.data)
    return <PageError message={friendlyErrorMessage(me.error)} onRetry={() => void me.refetch()} />;
  return <Outlet />;
}

/** Signed-out visitors on an app page go to the landing page. */
export function RequireSignedIn() {
  const me = useMe();
  return me.data ? <Outlet /> : <Navigate to="/" replace />;
}

/** Signed-in visitors on the landing page go to their dashboard. */
export function RequireSignedOut() {
  const me = useMe();
  return me.data ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
