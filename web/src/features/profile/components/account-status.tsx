import { BadgeCheck, FlaskConical, MailCheck, MailWarning } from 'lucide-react';
import type { User } from '@contract/auth';
import { Badge } from '@web/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useVerificationStatus } from '@web/lib/email-verification';

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  );

export function AccountStatus({ user }: { user: User }) {
  const verification = useVerificationStatus();
  const pendingEmail = verification.data?.pendingEmail;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Status</CardTitle>
        <CardDescription>Member since {memberSince(user.createdAt)}</CardDescription>
      </CardHeader>
      <div className="flex flex-wrap gap-2">
        <Badge variant="success">
          <BadgeCheck aria-hidden />
          Active
        </Badge>
        {user.emailVerified ? (
          <Badge variant="success">
            <MailCheck aria-hidden />
            Email verified
          </Badge>
        ) : (
          <Badge variant="outline">
            <MailWarning aria-hidden />
            Email not verified
          </Badge>
        )}
        {user.isDemo && (
          <Badge variant="secondary">
            <FlaskConical aria-hidden />
            Demo account
          </Badge>
        )}
      </div>
      {user.isDemo && (
        <p className="text-sm text-muted-foreground">
          This sandbox account and its data are removed after a day without use. Its money is play money: it
          can pay other demo accounts, never a real one.
        </p>
      )}
      {!user.emailVerified && (
        <p className="text-sm text-muted-foreground">
          Money sent to {user.email} waits until you verify it with the link we emailed you.
        </p>
      )}
      {pendingEmail && (
        <p className="text-sm text-muted-foreground" data-testid="pending-email">
          Changing to {pendingEmail}: open the link we sent there to finish.
        </p>
      )}
    </Card>
  );
}
