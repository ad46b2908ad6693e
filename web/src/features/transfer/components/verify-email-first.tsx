import { MailWarning } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useResendVerification } from '@web/lib/email-verification';

/**
 * In place of the form while the account's address is unproven: the server refuses to send money to anyone
 * from it (403 EMAIL_NOT_VERIFIED), since recipients would see a name and address nobody has checked.
 */
export function VerifyEmailFirst({ email }: { email: string }) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: 'Email sent', description: `We sent a new link to ${email}.` }),
      onError: (error) =>
        toast({ title: 'Could not send', description: friendlyErrorMessage(error), variant: 'destructive' }),
    });
  return (
    <EmptyState
      icon={MailWarning}
      title="Verify your email first"
      description={`You can send money once you have opened the link we sent to ${email}: the people you pay see your name and address, so Meridian checks the address first.`}
      action={
        <Button onClick={send} disabled={resend.isPending}>
          {resend.isPending && <Spinner />}
          Resend verification email
        </Button>
      }
    />
  );
}
