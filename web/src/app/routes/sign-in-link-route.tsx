import { useEffect, useRef } from 'react';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '@web/components/brand';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { useSignInWithLink } from '@web/features/auth/api/sign-in-with-link';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useDocumentTitle } from '../use-document-title';

/**
 * Where the one-time sign-in link lands (`/sign-in-link?token=…`): mailed after a right password while the
 * account's sign-ins from new browsers were paused. It opens the token once and goes to the dashboard.
 */
export function SignInLinkRoute() {
  useDocumentTitle('Sign in with a link');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInWithLink();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development: a link works only once.
    if (sent.current || !token) return;
    sent.current = true;
    signIn.mutate({ token });
  }, [token, signIn]);

  const home = (
    <Button asChild>
      <Link to="/">Go to Meridian</Link>
    </Button>
  );

  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10">
      <Link to="/" aria-label="Meridian home" className="mb-10">
        <Brand />
      </Link>
      <main className="w-full max-w-lg">
        <h1 className="sr-only">Sign in with a link</h1>
        <Card>
          {!token ? (
            <EmptyState
              icon={MailX}
              title="This link is incomplete"
              description="Open the whole link from the email, or sign in again to get a new one."
              action={home}
            />
          ) : signIn.isError ? (
            <EmptyState
              icon={MailX}
              title="We could not sign you in with this link"
              description={friendlyErrorMessage(signIn.error)}
              action={home}
            />
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
              <Spinner />
              Signing you in…
            </div>
          )}
        </Card>
      </main>
    </div>
  );
}
