import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { DemoBanner } from '@web/components/demo-banner';
import { VerifyEmailBanner } from '@web/components/verify-email-banner';
import { useMe } from '@web/features/auth/api/get-me';
import { useLogout } from '@web/features/auth/api/logout';
import { useOpenBooks } from '@web/features/books/api/books';
import { BooksBar } from '@web/features/books/components/books-bar';
import { useNotificationStream } from '@web/features/notifications/hooks/use-notification-stream';
import { booksNavItems, FALLBACK_TITLE, readableInBooks } from '../nav-items';
import { useDocumentTitle } from '../use-document-title';
import { AppHeader } from './app-header';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';

/** Route `handle` carries the page title; the shell shows it in the header and the tab. */
export interface RouteHandle {
  title: string;
}

function usePageTitle(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return FALLBACK_TITLE;
}

export function AppShell() {
  const { data: user } = useMe();
  const logout = useLogout();
  const title = usePageTitle();
  useDocumentTitle(title);
  // Whose books are open lives on the server (the session): downloads and every process read the same.
  const openBooks = useOpenBooks();
  const books = openBooks.data ?? null;
  const readingBooks = books !== null;
  useNotificationStream(openBooks.isSuccess && !readingBooks);
  const { pathname } = useLocation();
  if (!user) return null; // RequireSignedIn renders the shell only for a signed-in user.
  if (readingBooks && !readableInBooks(pathname)) return <Navigate to="/books/overview" replace />;

  const signOut = () => logout.mutate();
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar
        onLogout={signOut}
        loggingOut={logout.isPending}
        readingBooks={readingBooks}
        {...(readingBooks && { items: booksNavItems })}
      />
      <div className="flex min-h-dvh flex-col md:pl-64">
        <AppHeader title={title} user={user} onLogout={signOut} readingBooks={readingBooks} />
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-28 sm:px-6 md:pb-10 lg:px-8">
          {user.isDemo && <DemoBanner />}
          {!readingBooks && <VerifyEmailBanner isDemo={user.isDemo} />}
          {!user.isDemo && <BooksBar books={books} />}
          {/* Until whose books are open is known, no page asks for figures it might read from the wrong ones. */}
          {openBooks.isPending ? null : <Outlet />}
        </main>
      </div>
      <MobileNav {...(readingBooks && { tabs: booksNavItems, more: [] })} />
    </div>
  );
}
