import { useState } from 'react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { AccountSession } from '@contract/security';
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
 * password: a stolen session must not sign the owner out everywhere).
 */
export function SessionsList() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<AccountSession | null>(null);

  if (sessions.isError) return <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />;
  if (!sessions.data)
    return <Skeleton role="status" aria-label="Loading sessions" className="h-24 rounded-xl" />;
  const others = sessions.data.filter((each) => !each.current).length;
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
        disabled={others === 0 || endOthers.isPending}
        onClick={() => setConfirming(true)}
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
            const { ended } = await endOthers.mutateAsync(password);
            toast({
              title: 'Signed Out Elsewhere',
              description: `${ended} other session${ended === 1 ? '' : 's'} ended.`,
            });
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
