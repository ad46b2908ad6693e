import { useState } from 'react';
import { BookOpen, KeyRound, MonitorSmartphone, Fingerprint, Webhook, type LucideIcon } from 'lucide-react';
import { apiKeyScopeNames } from '@contract/api-keys';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { relativeTime } from '@web/lib/relative-time';
import { useAccountantAccess, useRevokeAccountant } from '../api/accountant-access';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { usePasskeys, useRemovePasskey } from '../api/passkeys';
import { useEndSession, useSessions } from '../api/security';
import { useDeleteWebhook, useWebhookEndpoints } from '../api/webhooks';

/** One way into the account, whatever its kind, as the list shows it. */
interface Credential {
  id: string;
  icon: LucideIcon;
  kind: string;
  name: string;
  /** A state worth a badge: "This browser", "On hold", "Off". */
  state: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  /** The button's verb; absent for the browser in use (sign out instead). */
  action: string | null;
  end: () => Promise<unknown>;
}

/**
 * "Everything that can reach your account": every session, passkey, API key, webhook endpoint and accountant
 * in one list, each with when it was made and last used and a way to end it. The cards below it make and
 * manage each kind; this is where to look after a scare.
 */
export function StandingCredentialsCard() {
  const sessions = useSessions();
  const passkeys = usePasskeys();
  const keys = useApiKeys();
  const endpoints = useWebhookEndpoints();
  const accountants = useAccountantAccess();
  const endSession = useEndSession();
  const removePasskey = useRemovePasskey();
  const revokeKey = useRevokeApiKey();
  const deleteEndpoint = useDeleteWebhook();
  const revokeAccountant = useRevokeAccountant();
  const [ending, setEnding] = useState<Credential | null>(null);

  const queries = [sessions, passkeys, keys, endpoints, accountants];
  const failed = queries.find((query) => query.isError);
  const header = (
    <CardHeader>
      <CardTitle>Everything that can reach your account</CardTitle>
      <CardDescription>
        Browsers, passkeys, API keys, webhooks and accountants. End anything you do not recognise, then change
        your password.
      </CardDescription>
    </CardHeader>
  );
  if (failed) {
    return (
      <Card>
        {header}
        <LoadError error={failed.error} onRetry={() => queries.forEach((query) => void query.refetch())} />
      </Card>
    );
  }
  if (!sessions.data || !passkeys.data || !keys.data || !endpoints.data || !accountants.data) {
    return (
      <Card>
        {header}
        <Skeleton
          role="status"
          aria-label="Loading everything that can reach your account"
          className="h-24"
        />
      </Card>
    );
  }

  const all: Credential[] = [
    ...sessions.data.map((session) => ({
      id: `session-${session.id}`,
      icon: MonitorSmartphone,
      kind: 'Browser',
      name: `${session.device} (${session.ip})`,
      state: session.current ? 'This browser' : null,
      createdAt: session.createdAt,
      lastUsedAt: session.lastSeenAt,
      action: session.current ? null : 'Sign out',
      end: () => endSession.mutateAsync(session.id),
    })),
    ...passkeys.data.passkeys.map((passkey) => ({
      id: `passkey-${passkey.id}`,
      icon: Fingerprint,
      kind: 'Passkey',
      name: passkey.name,
      state: null,
      createdAt: passkey.createdAt,
      lastUsedAt: passkey.lastUsedAt,
      action: 'Remove',
      end: () => removePasskey.mutateAsync(passkey.id),
    })),
    ...keys.data.keys.map((key) => ({
      id: `key-${key.id}`,
      icon: KeyRound,
      kind: 'API key',
      name: `${key.name} (${apiKeyScopeNames[key.scope]})`,
      state: key.expiresAt !== null && new Date(key.expiresAt) <= new Date() ? 'Expired' : null,
      createdAt: key.createdAt,
      lastUsedAt: key.lastUsedAt,
      action: 'Revoke',
      end: () => revokeKey.mutateAsync(key.id),
    })),
    ...endpoints.data.map((endpoint) => ({
      id: `webhook-${endpoint.id}`,
      icon: Webhook,
      kind: 'Webhook',
      name: endpoint.url,
      state: endpoint.secretRevokedAt ? 'Secret revoked' : endpoint.enabled ? null : 'Off',
      createdAt: endpoint.createdAt,
      lastUsedAt: null,
      action: 'Delete',
      end: () => deleteEndpoint.mutateAsync(endpoint.id),
    })),
    ...accountants.data.map((entry) => ({
      id: `accountant-${entry.id}`,
      icon: BookOpen,
      kind: entry.status === 'active' ? 'Accountant' : 'Accountant invite',
      name: entry.email,
      state: entry.suspendedAt ? 'On hold' : null,
      createdAt: entry.invitedAt,
      lastUsedAt: entry.lastUsedAt,
      action: entry.status === 'active' ? 'Revoke' : 'Withdraw',
      end: () => revokeAccountant.mutateAsync(entry.id),
    })),
  ];

  return (
    <Card>
      {header}
      <ul className="divide-y rounded-lg border" aria-label="Everything that can reach your account">
        {all.map((credential) => (
          <li key={credential.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <credential.icon aria-hidden className="size-5 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">
                {credential.kind}: {credential.name}{' '}
                {credential.state && <Badge variant="secondary">{credential.state}</Badge>}
              </p>
              <p className="text-xs text-muted-foreground">{describe(credential)}</p>
            </div>
            {credential.action && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`${credential.action} ${credential.kind.toLowerCase()} ${credential.name}`}
                onClick={() => setEnding(credential)}
              >
                {credential.action}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={ending ? `${ending.action} this ${ending.kind.toLowerCase()}?` : ''}
        description={ending ? `${ending.name} stops reaching your account from this moment.` : ''}
        action={ending?.action ?? ''}
        destructive
        confirm={() => ending!.end()}
      />
    </Card>
  );
}

function describe(credential: Credential): string {
  const made = `added ${new Date(credential.createdAt).toLocaleDateString()}`;
  const used = credential.lastUsedAt
    ? `last used ${relativeTime(credential.lastUsedAt).toLowerCase()}`
    : credential.kind === 'Webhook'
      ? 'sends events, never signs in'
      : 'not used yet';
  return `${made} · ${used}`;
}
