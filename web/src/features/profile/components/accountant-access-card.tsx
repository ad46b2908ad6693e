import { useState, type FormEvent } from 'react';
import { BookOpen, UserX } from 'lucide-react';
import type { AccountantAccess } from '@contract/accountants';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { relativeTime } from '@web/lib/relative-time';
import {
  useAccountantAccess,
  useConfirmAccountant,
  useInviteAccountant,
  useRevokeAccountant,
} from '../api/accountant-access';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { StepUpPasswordField } from './step-up-password-field';

/**
 * "Accountant access": invite an accountant by email (read-only, or also setting categories and notes; the
 * password asked again), see who has access and when they last read the books, revoke it at once, and confirm
 * an access a password reset put on hold. A demo has no real books to share.
 */
export function AccountantAccessCard({ isDemo }: { isDemo: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Accountant access</CardTitle>
        <CardDescription>
          Let your accountant read your wallets, history and invoices with their own account. They can never
          move money or change your profile.
        </CardDescription>
      </CardHeader>
      {isDemo ? (
        <p className="text-sm text-muted-foreground">A demo account cannot invite an accountant.</p>
      ) : (
        <div className="grid gap-5">
          <InviteForm />
          <AccessList />
        </div>
      )}
    </Card>
  );
}

function InviteForm() {
  const invite = useInviteAccountant();
  const [email, setEmail] = useState('');
  const [annotate, setAnnotate] = useState(false);
  const [password, setPassword] = useState('');
  const fields = invite.error instanceof ApiError ? invite.error.fields : {};
  const fieldError = fields.email;
  const formError =
    invite.isError && !fieldError && !fields.password ? friendlyErrorMessage(invite.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, annotate, password },
      {
        onSuccess: (created) => {
          toast({ title: 'Invite sent', description: `${created.email} has a link to accept it.` });
          setEmail('');
          setAnnotate(false);
          setPassword('');
        },
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label="Invite an accountant">
      <FormField id="accountant-email" label="Accountant's email" error={fieldError}>
        <Input
          id="accountant-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy('accountant-email', { error: fieldError })}
          required
        />
      </FormField>
      <div className="flex items-center gap-3">
        <Switch id="accountant-annotate" checked={annotate} onCheckedChange={setAnnotate} />
        <Label htmlFor="accountant-annotate">May set categories and notes</Label>
      </div>
      <StepUpPasswordField
        id="accountant-password"
        value={password}
        onChange={setPassword}
        error={fields.password}
      />
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={invite.isPending || email.trim() === ''}>
        Send invite
      </Button>
    </form>
  );
}

function AccessList() {
  const access = useAccountantAccess();
  const revoke = useRevokeAccountant();
  const confirmAccess = useConfirmAccountant();
  const [revoking, setRevoking] = useState<AccountantAccess | null>(null);
  const [confirming, setConfirming] = useState<AccountantAccess | null>(null);
  if (access.isError) return <LoadError error={access.error} onRetry={() => void access.refetch()} />;
  if (!access.data) return <Skeleton role="status" aria-label="Loading accountant access" className="h-16" />;
  if (access.data.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody else can read your books.</p>;
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="Accountant access">
        {access.data.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <BookOpen aria-hidden className="size-5 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">
                {entry.name ? `${entry.name} · ` : ''}
                {entry.email} <StatusBadge entry={entry} />
              </p>
              <p className="text-xs text-muted-foreground">{describe(entry)}</p>
            </div>
            {entry.suspendedAt && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Confirm ${entry.email}`}
                onClick={() => setConfirming(entry)}
              >
                Confirm
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              aria-label={`${entry.status === 'active' ? 'Revoke access of' : 'Withdraw invite to'} ${entry.email}`}
              onClick={() => setRevoking(entry)}
            >
              <UserX /> {entry.status === 'active' ? 'Revoke' : 'Withdraw'}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking?.status === 'active' ? 'Revoke access?' : 'Withdraw the invite?'}
        description={
          revoking ? `${revoking.email} will no longer be able to read your books, from this moment.` : ''
        }
        action={revoking?.status === 'active' ? 'Revoke' : 'Withdraw'}
        destructive
        confirm={() => revoke.mutateAsync(revoking!.id)}
      />
      {confirming && (
        <ConfirmPasswordDialog
          title="Confirm this access"
          description={`${confirming.email} was put on hold when your password was reset or you signed out everywhere. Confirm only if you invited them yourself: they can read your books again at once.`}
          action="Confirm access"
          confirm={(password) => confirmAccess.mutateAsync({ id: confirming.id, password })}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

function StatusBadge({ entry }: { entry: AccountantAccess }) {
  if (entry.suspendedAt) return <Badge variant="destructive">On hold</Badge>;
  if (entry.status === 'active') return <Badge variant="success">Has access</Badge>;
  return <Badge variant="secondary">Invited</Badge>;
}

function describe(entry: AccountantAccess): string {
  const may = entry.annotate ? 'Reads, sets categories and notes' : 'Read-only';
  if (entry.suspendedAt)
    return `${may} · on hold since ${new Date(entry.suspendedAt).toLocaleDateString()}: reads nothing until you confirm`;
  if (entry.status === 'invited') {
    const expired = entry.expiresAt !== null && new Date(entry.expiresAt) < new Date();
    return `${may} · invited ${relativeTime(entry.invitedAt).toLowerCase()}${expired ? ' · link expired' : ''}`;
  }
  const since = entry.acceptedAt ? `since ${new Date(entry.acceptedAt).toLocaleDateString()}` : '';
  const used = entry.lastUsedAt
    ? `last used ${relativeTime(entry.lastUsedAt).toLowerCase()}`
    : 'not used yet';
  return [may, since, used].filter(Boolean).join(' · ');
}
