import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { KycApplication } from '@contract/kyc';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/money';

/** Step 5: verified, with the new limit, and the way back to the dashboard. */
export function CompleteStep({ application }: { application: KycApplication }) {
  return (
    <div className="grid justify-items-center gap-4 py-4 text-center">
      <BadgeCheck aria-hidden className="size-12 text-success" />
      <div className="grid gap-1">
        <p className="text-lg font-semibold">Your identity is verified</p>
        <p className="text-sm text-muted-foreground">
          You can now send, convert and trade up to {formatMoney(application.limits.monthlyLimitUsd, 'USD')} a
          month.
        </p>
      </div>
      <Button asChild>
        <Link to="/dashboard">Go to dashboard</Link>
      </Button>
    </div>
  );
}
