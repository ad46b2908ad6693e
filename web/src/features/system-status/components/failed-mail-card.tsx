import { RotateCw } from 'lucide-react';
import type { FailedMail } from '@contract/system';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useFailedMail, useRetryFailedMail } from '../api/failed-mail';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * For operators: the emails Meridian gave up on after a day of retries, whom each was for and why it failed
 * (never its body), and a retry that gives one a new day of attempts.
 */
export function FailedMailCard() {
  const failed = useFailedMail();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Undelivered email</CardTitle>
        <CardDescription>
          Emails the mail server kept refusing for a day. Their owners were told; Retry gives one another day
          of attempts.
        </CardDescription>
      </CardHeader>
      {failed.isError ? (
        <LoadError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !failed.data ? (
        <Skeleton className="h-24 rounded-lg" />
      ) : failed.data.mail.length === 0 ? (
        <p className="text-sm text-muted-foreground">No email has failed.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Undelivered email">
          {failed.data.mail.map((mail) => (
            <FailedMailRow key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function FailedMailRow({ mail }: { mail: FailedMail }) {
  const retry = useRetryFailedMail();
  const retryOne = () =>
    retry.mutate(mail.id, {
      onSuccess: () => toast({ title: 'Email queued', description: `It will be sent to ${mail.to} again.` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Retry failed', description: friendlyErrorMessage(error) }),
    });
  return (
    <li className="flex flex-wrap items-start gap-3 p-3 text-sm" data-testid="failed-mail">
      <div className="grid min-w-0 flex-1 basis-64 gap-0.5">
        <p className="font-medium break-words">{mail.subject}</p>
        <p className="break-all text-muted-foreground">To {mail.to}</p>
        <p className="text-xs text-muted-foreground">
          {mail.kind} · {mail.attempts} attempts · written {dateTime(mail.createdAt)}
          {mail.failedAt && ` · failed ${dateTime(mail.failedAt)}`}
        </p>
        {mail.lastError && <p className="text-xs break-words text-destructive">{mail.lastError}</p>}
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={retryOne}
        disabled={retry.isPending}
        aria-label={`Retry the email to ${mail.to}`}
      >
        {retry.isPending ? <Spinner /> : <RotateCw />} Retry
      </Button>
    </li>
  );
}
