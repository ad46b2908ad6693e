import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { LoadError } from '@web/components/load-error';
import { useUser } from '@web/lib/user';
import { AccountantAccessCard } from './accountant-access-card';
import { AccountStatus } from './account-status';
import { ApiKeysCard } from './api-keys-card';
import { ChangePasswordForm } from './change-password-form';
import { PasskeysCard } from './passkeys-card';
import { DevelopersCard } from './developers-card';
import { ProfileForm } from './profile-form';
import { SecuritySettingsCard } from './security-settings-card';
import { SessionsList } from './sessions-list';
import { StandingCredentialsCard } from './standing-credentials-card';
import { WebhooksCard } from './webhooks-card';

export function ProfilePage() {
  const user = useUser();
  return (
    <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Personal Information</CardTitle>
          <CardDescription>How you appear on invoices and how we reach you.</CardDescription>
        </CardHeader>
        {user.isPending && <ProfileFormSkeleton />}
        {user.isError && <LoadError error={user.error} onRetry={() => void user.refetch()} />}
        {user.data && <ProfileForm user={user.data} />}
      </Card>
      {user.data && <AccountStatus user={user.data} />}
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs every other browser out.</CardDescription>
        </CardHeader>
        {user.data?.isDemo ? (
          <p className="text-sm text-muted-foreground">A demo account has no password to change.</p>
        ) : (
          <ChangePasswordForm />
        )}
      </Card>
      {user.data && <SecuritySettingsCard isDemo={user.data.isDemo} />}
      {user.data && <PasskeysCard isDemo={user.data.isDemo} />}
      <StandingCredentialsCard />
      <Card>
        <CardHeader>
          <CardTitle>Where you are signed in</CardTitle>
          <CardDescription>Sign out any browser you do not recognise.</CardDescription>
        </CardHeader>
        <SessionsList />
      </Card>
      {user.data && <AccountantAccessCard isDemo={user.data.isDemo} />}
      {user.data && <ApiKeysCard isDemo={user.data.isDemo} />}
      {user.data && <WebhooksCard isDemo={user.data.isDemo} />}
      <DevelopersCard />
    </div>
  );
}

function ProfileFormSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="grid gap-5 sm:grid-cols-2">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
