import { useEffect, useRef } from 'react';
import { CircleCheck, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Brand } from '@web/components/brand';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { useDocumentTitle } from '../use-document-title';
import { useMe } from '@web/features/auth/api/get-me';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useVerifyEmail } from '@web/lib/email-verification';

/**
 * Where the link in a verification email lands (`/verify-email?token=…`), signed in or not: it opens the
 * token once and says what happened, including any payments that were waiting for the address.
 */
export function VerifyEmailRoute() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const me = useMe();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development: a link works only once.
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = me.data ? (
    <Button asChild>
      <Link to="/dashboard">Go to your dashboard</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to="/">Sign in to Meridian</Link>
    </Button>
  );

  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10">
      <Link to="/" aria-label="Meridian home" className="mb-10">
        <Brand />
      </Link>
      <main className="w-full max-w-lg">
        <h1 className="sr-only">Verify your email</h1>
        <Card>
          {!token ? (
            <EmptyState
              icon={MailX}
              title="This link is incomplete"
              description="Open the whole link from the email, or ask for a new one from the banner in your account."
              action={next}
            />
          ) : verify.isSuccess ? (
            <EmptyState
              icon={CircleCheck}
              title="Your email address is verified"
              description={verifiedText(verify.data.email, verify.data.deliveredPayments)}
              action={next}
            />
          ) : verify.isError ? (
            <EmptyState
              icon={MailX}
              title="We could not verify this link"
              description={friendlyErrorMessage(verify.error)}
              action={next}
            />
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
              <Spinner />
              Verifying your email…
            </div>
          )}
        </Card>
      </main>
    </div>
  );
}

function verifiedText(email: string, delivered: number) {
  const landed =
    delivered === 0
      ? ''
      : delivered === 1
        ? ' A payment that was waiting for it is now in your wallet.'
        : ` ${delivered} payments that were waiting for it are now in your wallet.`;
  return `${email} is confirmed: money sent to it reaches your account.${landed}`;
}
