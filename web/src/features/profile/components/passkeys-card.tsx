import { useState } from 'react';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Passkey } from '@contract/passkeys';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { relativeTime } from '@web/lib/relative-time';
import { usePasskeys, useRemovePasskey } from '../api/passkeys';
import { AddPasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs';

/**
 * "Passkeys": sign in with the phone's or laptop's screen lock instead of the password (and its two-factor
 * code). Add several, named so each can be told apart; rename or remove one at any time.
 */
export function PasskeysCard({ isDemo }: { isDemo: boolean }) {
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password. A passkey also counts
          as your second factor.
        </CardDescription>
      </CardHeader>
      {isDemo ? (
        <p className="text-sm text-muted-foreground">A demo account cannot add passkeys.</p>
      ) : (
        <div className="grid gap-4">
          <PasskeyList />
          <Button className="justify-self-start" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add a passkey
          </Button>
          {adding && <AddPasskeyDialog onClose={() => setAdding(false)} />}
        </div>
      )}
    </Card>
  );
}

function PasskeyList() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  if (passkeys.isError) return <LoadError error={passkeys.error} onRetry={() => void passkeys.refetch()} />;
  if (!passkeys.data) return <Skeleton role="status" aria-label="Loading passkeys" className="h-16" />;
  if (passkeys.data.passkeys.length === 0)
    return <p className="text-sm text-muted-foreground">No passkeys yet: you sign in with your password.</p>;
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="Passkeys">
        {passkeys.data.passkeys.map((passkey) => (
          <li key={passkey.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <KeyRound aria-hidden className="size-5 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">{passkey.name}</p>
              <p className="text-xs text-muted-foreground">{describe(passkey)}</p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                aria-label={`Rename ${passkey.name}`}
                onClick={() => setRenaming(passkey)}
              >
                <Pencil aria-hidden /> Rename
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove ${passkey.name}`}
                disabled={remove.isPending}
                onClick={() => setRemoving(passkey)}
              >
                <Trash2 aria-hidden /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {renaming && <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this passkey?"
        description={
          removing
            ? `“${removing.name}” will no longer sign you in. The device may still list it: you can delete it there too.`
            : ''
        }
        action="Remove passkey"
        destructive
        confirm={() => remove.mutateAsync(removing!.id)}
      />
    </>
  );
}

function describe(passkey: Passkey): string {
  const added = `Added ${new Date(passkey.createdAt).toLocaleDateString()}`;
  const used = passkey.lastUsedAt
    ? `last used ${relativeTime(passkey.lastUsedAt).toLowerCase()}`
    : 'not used yet';
  return [added, used, passkey.backedUp ? 'synced' : ''].filter(Boolean).join(' · ');
}
