import { useEffect } from 'react';
import { getSessionUser } from '@web/features/auth/api/get-session-user';
import { useSignedIn } from '@web/features/auth/api/use-signed-in';
import { LazyToaster } from './lazy-toaster';
import { LandingRoute } from './routes/landing-route';

/**
 * The landing page as served at `/`: rendered to HTML at build time (scripts/prerender.tsx) and hydrated
 * by landing-main.tsx. It loads react-dom and the page, not react-router, TanStack Query or zod (those come
 * with the sign-in dialog or the app), and its first render depends on nothing the server cannot know.
 */
export function LandingApp() {
  const signedIn = useSignedIn();
  useEffect(() => {
    // What RequireSignedOut does inside the app: a visitor who is signed in belongs on their dashboard.
    // If asking fails, the landing page simply stays.
    getSessionUser().then(
      (user) => user && signedIn(user),
      () => {},
    );
  }, [signedIn]);
  return (
    <>
      <LandingRoute />
      <LazyToaster />
    </>
  );
}
