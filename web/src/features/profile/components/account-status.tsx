import { BadgeCheck, FlaskConical } from 'lucide-react';
import type { User } from '@contract/auth';
import { Badge } from '@web/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  );

export function AccountStatus({ user }: { user: User }) {
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
        {user.isDemo && (
          <Badge variant="secondary">
            <FlaskConical aria-hidden />
            Demo account
          </Badge>
        )}
      </div>
      {user.isDemo && (
        <p className="text-sm text-muted-foreground">
          This sandbox account and its data are removed after a day without use.
        </p>
      )}
    </Card>
  );
}
