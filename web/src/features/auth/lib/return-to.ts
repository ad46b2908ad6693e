/** Where a signed-in visitor goes when nothing asked for another page. */
const HOME = '/dashboard';

/**
 * The page a signed-out visitor was heading to, carried as `?next=` on the landing page while they sign in. It
 * must be a path on this site: anything that would leave it (`//evil.example`, `https://…`, `/\evil`) or that
 * is not an app page at all is ignored, so the link cannot be used as an open redirect.
 */
export function returnPath(search: string, origin: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME;
  }
  if (url.origin !== origin || url.pathname === '/') return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

// Signing out on purpose leaves no page unfinished: the page still on screen renders signed out for a moment
// before the sign-out's own navigation lands, and must not ask to come back to itself. Kept for this tab only,
// until the next sign-in (a full page load starts afresh).
let signedOutOnPurpose = false;
export const noteSignOut = (signedOut: boolean) => {
  signedOutOnPurpose = signedOut;
};

/** The landing page's address that brings a visitor back to `path` once signed in. */
export const signInThenReturnTo = (path: string) =>
  signedOutOnPurpose ? '/' : `/?${new URLSearchParams({ next: path })}`;

/** `returnPath` for the page on screen now. */
export const afterSignIn = () => returnPath(window.location.search, window.location.origin);
