import { BookOpen, MailX } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Brand } from '@web/components/brand';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { useMe } from '@web/features/auth/api/get-me';
import { signInThenReturnTo } from '@web/features/auth/lib/return-to';
import { useAcceptInvite, useSwitchBooks } from '@web/features/books/api/books';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useDocumentTitle } from '../use-document-title';

/**
 * Where an accountant's invite lands (`/accountant-invite?token=…`). Signed out, it asks to sign in (or sign
 * up) with the invited address and comes back; signed in, one button accepts, and opens the owner's books.
 * Nothing happens by merely opening the link: the person chooses.
 */
export function AccountantInviteRoute() {
  useDocumentTitle('Accountant invite');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const me = useMe();
  const accept = useAcceptInvite();
  const switchBooks = useSwitchBooks();
  const navigate = useNavigate();
  const here = `/accountant-invite?${new URLSearchParams({ token })}`;

  const acceptAndOpen = () =>
    accept.mutate(token, {
      onSuccess: (books) =>
        switchBooks.mutate(books.ownerId, {
          onSuccess: () => void navigate('/books/overview', { replace: true }),
        }),
    });

  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10">
      <Link to="/" aria-label="Meridian home" className="mb-10">
        <Brand />
      </Link>
      <main className="w-full max-w-lg">
        <h1 className="sr-only">Accountant invite</h1>
        <Card>
          {!token ? (
            <EmptyState
              icon={MailX}
              title="This link is incomplete"
              description="Open the whole link from the invite email."
            />
          ) : accept.isError ? (
            <EmptyState
              icon={MailX}
              title="We could not accept this invite"
              description={friendlyErrorMessage(accept.error)}
              action={
                <Button asChild variant="outline">
                  <Link to="/dashboard">Go to your dashboard</Link>
                </Button>
              }
            />
          ) : !me.data ? (
            <EmptyState
              icon={BookOpen}
              title="You are invited to read someone’s books"
              description="Sign in with your own Meridian account, or create one, with the address this invite was sent to. Then accept it here."
              action={
                <Button asChild>
                  <Link to={signInThenReturnTo(here)}>Sign in to accept</Link>
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={BookOpen}
              title="You are invited to read someone’s books"
              description={`As ${me.data.email}, you will see their wallets, history and invoices, read-only. You can switch back to your own books at any time.`}
              action={
                <Button onClick={acceptAndOpen} disabled={accept.isPending || switchBooks.isPending}>
                  Accept the invite
                </Button>
              }
            />
          )}
        </Card>
      </main>
    </div>
  );
}
