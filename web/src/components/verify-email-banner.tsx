import { FlaskConical, MailWarning } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useResendVerification, useVerificationStatus } from '@web/lib/email-verification';

/**
 * Across the top of the app while the signed-in user's address is unverified (or a new one waits): money
 * sent by email only reaches a verified address. On a sandbox server with no mail server, the link itself
 * is offered here, labelled as the sandbox convenience it is.
 */
export function VerifyEmailBanner({ isDemo }: { isDemo: boolean }) {
  const status = useVerificationStatus(!isDemo);
  const resend = useResendVerification();
  const data = status.data;
  if (isDemo || !data || (data.verified && !data.pendingEmail)) return null;

  const address = data.pendingEmail ?? data.email;
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: 'Email sent', description: `We sent a new link to ${address}.` }),
      onError: (error) =>
        toast({ title: 'Could not send', description: friendlyErrorMessage(error), variant: 'destructive' }),
    });
  return (
    <section
      aria-label="Email verification"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="size-5 shrink-0 text-warning" />
      <div className="flex-1">
        <p className="font-medium text-foreground">
          {data.pendingEmail ? `Confirm your new address, ${address}` : 'Verify your email address'}
        </p>
        <p className="text-muted-foreground">
          {data.pendingEmail
            ? 'Your account keeps its current address until you open the link we sent to the new one.'
            : `Open the link we sent to ${address}. Until then, money sent to you by email waits for you.`}
        </p>
        {data.sandboxLink && (
          <p className="mt-1 text-muted-foreground">
            <FlaskConical aria-hidden className="mr-1 inline size-4 align-text-bottom" />
            Sandbox: no mail server is set up, so here is your link:{' '}
            <a
              className="font-medium text-primary underline underline-offset-4"
              href={sandboxPath(data.sandboxLink)}
            >
              Verify {address}
            </a>
          </p>
        )}
      </div>
      <Button variant="outline" size="sm" onClick={send} disabled={resend.isPending}>
        {resend.isPending && <Spinner />}
        Resend email
      </Button>
    </section>
  );
}

/** The link's path and query: it works on whatever address this page was opened at. */
function sandboxPath(link: string) {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
