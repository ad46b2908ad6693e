import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useKyc } from '@web/lib/kyc';
import { formatMoney } from '@web/lib/money';

/** For unverified accounts only: what verification gives, and the way to the wizard. */
export function VerifyIdentityCta() {
  const kyc = useKyc();
  if (!kyc.data || kyc.data.limits.level !== 'unverified') return null;
  const { status, limits } = kyc.data;
  const underReview = status === 'submitted' || status === 'reviewing';
  return (
    <Card className="flex flex-col gap-3 sm:flex-row sm:items-center" aria-labelledby="verify-identity-title">
      <ShieldAlert aria-hidden className="size-8 shrink-0 text-primary" />
      <div className="grid flex-1 gap-1">
        <h2 id="verify-identity-title" className="font-semibold">
          {underReview ? 'Your identity is being verified' : 'Verify your identity'}
        </h2>
        <p className="text-sm text-muted-foreground">
          Unverified accounts can send, convert and trade up to {formatMoney(limits.monthlyLimitUsd, 'USD')} a
          month. Verify to raise it to {formatMoney(limits.verifiedLimitUsd, 'USD')}.
        </p>
      </div>
      <Button asChild className="sm:self-center">
        <Link to="/onboarding">
          {underReview ? 'See progress' : status === 'rejected' ? 'Fix and resubmit' : 'Verify now'}
        </Link>
      </Button>
    </Card>
  );
}
