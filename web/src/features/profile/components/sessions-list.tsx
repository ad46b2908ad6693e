import { useState } from 'react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AccountSession, EndOtherSessionsAnswer } from '@contract/security';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { relativeTime } from '@web/lib/relative-time';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security';
import { ConfirmPasswordDialog } from './confirm-password-dialog';

/**
 * Where the account is signed in; any other browser can be signed out, or all of them at once (with the
 * password: a stolen session must not sign the owner out everywhere), and with them, if asked, everything
 * that works without signing in (API keys, webhook secrets, accountants' access), as a password reset does.
 */
export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const [alsoRevoke, setAlsoRevoke] = useState(false);
  const [ending, setEnding] = useState<AccountSession | null>(null);

  if (sessions.isError) return <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  if (!sessions.data)
    return <Skeleton role="status" aria-label="Loading sessions" className="h-24 rounded-xl" />;
  return (
    <div className="grid gap-3">
      <ul className="divide-y rounded-lg border" aria-label="Signed-in sessions">
        {sessions.data.map((session: AccountSession) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <MonitorSmartphone aria-hidden className="size-5 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {session.device} {session.current && <Badge variant="success">This browser</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">
                {session.ip} · last active {relativeTime(session.lastSeenAt).toLowerCase()}
              </p>
            </div>
            {!session.current && (
              <Button
                size="sm"
                variant="outline"
                disabled={end.isPending}
                aria-label={`Sign out ${session.device}`}
                onClick={() => setEnding(session)}
              >
                <LogOut /> Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={endOthers.isPending}
        onClick={() => {
          setAlsoRevoke(false);
          setConfirming(true);
        }}
      >
        Sign out everywhere else
      </Button>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title="Sign out this browser?"
        description={
          ending
            ? `${ending.device} (${ending.ip}) will be signed out and need the password to come back.`
            : ''
        }
        action="Sign out"
        destructive
        confirm={() => end.mutateAsync(ending!.id)}
      />
      {confirming && (
        <ConfirmPasswordDialog
          title="Sign out everywhere else"
          description="Every other browser signed in to your account will be signed out."
          action="Sign out everywhere else"
          confirm={async (password) => {
            const answer = await endOthers.mutateAsync({ password, revokeStandingCredentials: alsoRevoke });
            toast({ title: 'Signed Out Elsewhere', description: describeEnded(answer) });
          }}
          onClose={() => setConfirming(false)}
        >
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={alsoRevoke}
              onChange={(event) => setAlsoRevoke(event.target.checked)}
            />
            <span>
              Also revoke every API key and webhook secret, and put accountants&apos; access on hold until I
              confirm it
            </span>
          </label>
        </ConfirmPasswordDialog>
      )}
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 other sessions ended. 1 API key revoked, …" for the toast. */
function describeEnded({ ended, revoked }: EndOtherSessionsAnswer): string {
  const sessions = `${count(ended, 'other session', 'other sessions')} ended.`;
  if (!revoked) return sessions;
  const keys = `${count(revoked.apiKeys, 'API key', 'API keys')} revoked`;
  const hooks = `${count(revoked.webhookEndpoints, 'webhook endpoint', 'webhook endpoints')} turned off`;
  const accountants = `${count(revoked.accountants, 'accountant', 'accountants')} on hold`;
  return `${sessions} ${keys}, ${hooks}, ${accountants}.`;
}
