import {
  BadgeCheck,
  FlaskConical,
  IdCard,
  KeyRound,
  MailCheck,
  MailWarning,
  ShieldAlert,
  ShieldCheck,
} from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '@contract/auth';
import type { KycApplication } from '@contract/kyc';
import { parseAmount } from '@contract/money';
import { basisPointsOf, formatPercent } from '@contract/pricing';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useVerificationStatus } from '@web/lib/email-verification';
import { useKyc } from '@web/lib/kyc';
import { formatMoney } from '@web/lib/money';
import { useTwoFactor } from '../api/get-two-factor';

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  );

export function AccountStatus({ user }: { user: User }) {
  const verification = useVerificationStatus();
  const pendingEmail = verification.data?.pendingEmail;
  const twoFactor = useTwoFactor();
  const kyc = useKyc();
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
        {kyc.data?.limits.level === 'verified' && (
          <Badge variant="success">
            <ShieldCheck aria-hidden />
            Identity verified
          </Badge>
        )}
        {kyc.data?.limits.level === 'unverified' && (
          <Badge variant="outline">
            <ShieldAlert aria-hidden />
            {kyc.data.status === 'submitted' || kyc.data.status === 'reviewing'
              ? 'Identity being verified'
              : 'Identity not verified'}
          </Badge>
        )}
        {twoFactor.data?.enabled && (
          <Badge variant="success">
            <KeyRound aria-hidden />
            Two-factor on
          </Badge>
        )}
        {user.isDemo && (
          <Badge variant="secondary">
            <FlaskConical aria-hidden />
            Demo account
          </Badge>
        )}
      </div>
      {kyc.isPending ? (
        <Skeleton className="h-14" aria-label="Loading account limits" />
      ) : (
        kyc.data && <AccountLimits kyc={kyc.data} />
      )}
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

/** This month's use against the level's limit (sends, conversions and buys, valued in USD). */
function AccountLimits({ kyc }: { kyc: KycApplication }) {
  const { level, monthlyLimitUsd, usedThisMonthUsd, verifiedLimitUsd } = kyc.limits;
  const used = parseAmount(usedThisMonthUsd, 'USD');
  const limit = parseAmount(monthlyLimitUsd, 'USD');
  // In basis points, full once the limit is reached (a limit of zero is reached by any use).
  const share = used === 0n ? 0n : used >= limit ? 10_000n : basisPointsOf(used, limit);
  return (
    <div className="grid gap-2" data-testid="account-limits">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">Monthly limit</span>
        <span>
          {formatMoney(usedThisMonthUsd, 'USD')} of {formatMoney(monthlyLimitUsd, 'USD')} used
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Monthly limit used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number((share + 50n) / 100n)}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${formatPercent(share)}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">
        What you send, convert and buy in a calendar month (UTC), valued in USD.
        {level === 'unverified' &&
          ` Verify your identity to raise it to ${formatMoney(verifiedLimitUsd, 'USD')}.`}
      </p>
      {level === 'unverified' && (
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link to="/onboarding">
            <IdCard aria-hidden />
            {kyc.status === 'rejected' ? 'Fix your verification' : 'Verify your identity'}
          </Link>
        </Button>
      )}
    </div>
  );
}
