import { useState } from 'react';
import { KeyRound, BellRing } from 'lucide-react';
import { LoadError } from '@web/components/load-error';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useSecuritySettings } from '../api/get-security-settings';
import { useTwoFactor } from '../api/get-two-factor';
import { useUpdateSecuritySettings } from '../api/update-security-settings';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnrolDialog } from './two-factor-enrol-dialog';

/**
 * The security toggles. Only toggles the server acts on are offered:
 * - Two-factor authentication: opens the enrol dialog (off → on) or the disable dialog (on → off); the
 *   server then asks every sign-in for a code.
 * - Sign-in alerts: whether a sign-in from a browser this account has not used raises a notification.
 *   Turning them off asks for the password (a thief must not silence the alert about themselves).
 */
export function SecuritySettingsCard({ isDemo }: { isDemo: boolean }) {
  const twoFactor = useTwoFactor();
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  const [dialog, setDialog] = useState<'enrol' | 'disable' | 'alerts-off' | null>(null);
  const close = () => setDialog(null);

  const twoFactorHint = () => {
    if (isDemo) return 'Not available on a demo account.';
    if (!twoFactor.data?.enabled) return 'Ask for a code from your authenticator app at every sign-in.';
    const left = twoFactor.data.recoveryCodesLeft;
    return `On. ${left} recovery code${left === 1 ? '' : 's'} left.`;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>How signing in is protected, and what we tell you about it.</CardDescription>
      </CardHeader>
      <ul className="grid gap-4">
        <li className="flex items-center gap-3">
          <KeyRound aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <label htmlFor="toggle-two-factor" className="text-sm font-medium">
              Two-factor authentication
            </label>
            <p id="toggle-two-factor-hint" className="text-xs text-muted-foreground">
              {twoFactor.isPending ? 'Loading…' : twoFactorHint()}
            </p>
          </div>
          {twoFactor.isPending ? (
            <Skeleton className="h-6 w-11 rounded-full" />
          ) : (
            <Switch
              id="toggle-two-factor"
              aria-describedby="toggle-two-factor-hint"
              checked={Boolean(twoFactor.data?.enabled)}
              disabled={isDemo || twoFactor.isError}
              onCheckedChange={(on) => setDialog(on ? 'enrol' : 'disable')}
            />
          )}
        </li>
        {twoFactor.isError && <LoadError error={twoFactor.error} onRetry={() => void twoFactor.refetch()} />}
        <li className="flex items-center gap-3">
          <BellRing aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <label htmlFor="toggle-login-alerts" className="text-sm font-medium">
              Sign-in alerts
            </label>
            <p id="toggle-login-alerts-hint" className="text-xs text-muted-foreground">
              Notify me when a browser I have not used before signs in.
            </p>
          </div>
          {settings.isPending ? (
            <Skeleton className="h-6 w-11 rounded-full" />
          ) : (
            <Switch
              id="toggle-login-alerts"
              aria-describedby="toggle-login-alerts-hint"
              checked={settings.data?.loginAlerts ?? true}
              disabled={settings.isError || update.isPending}
              onCheckedChange={(loginAlerts) =>
                loginAlerts
                  ? update.mutate(
                      { loginAlerts },
                      {
                        onSuccess: () =>
                          toast({
                            title: 'Sign-in Alerts On',
                            description: 'A new browser signing in will raise a notification.',
                          }),
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: 'Not Saved',
                            description: friendlyErrorMessage(error),
                          }),
                      },
                    )
                  : setDialog('alerts-off')
              }
            />
          )}
        </li>
        {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      </ul>
      {dialog === 'enrol' && <TwoFactorEnrolDialog onClose={close} />}
      {dialog === 'disable' && <TwoFactorDisableDialog onClose={close} />}
      {dialog === 'alerts-off' && (
        <ConfirmPasswordDialog
          title="Turn off sign-in alerts"
          description="New browsers will sign in to your account without a notification."
          action="Turn off alerts"
          confirm={async (password) => {
            await update.mutateAsync({ loginAlerts: false, password });
            toast({
              title: 'Sign-in Alerts Off',
              description: 'New browsers sign in without a notification.',
            });
          }}
          onClose={close}
        />
      )}
    </Card>
  );
}
