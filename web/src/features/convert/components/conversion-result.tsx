import type { Ref } from 'react';
import { CircleCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import type { ConvertResponse } from '@contract/fx';
import type { Wallet } from '@contract/wallets';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatMoney, formatRate } from '@web/lib/money';

interface ConversionResultProps {
  result: ConvertResponse;
  wallets: readonly Wallet[] | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  onDismiss: () => void;
}

/** The result panel: what moved, at which rate, and both wallets' balances now. */
export function ConversionResult({ result, wallets, headingRef, onDismiss }: ConversionResultProps) {
  const source = wallets?.find((wallet) => wallet.currency === result.from);
  const target = wallets?.find((wallet) => wallet.currency === result.to);
  return (
    <Card
      role="region"
      aria-labelledby="conversion-result-title"
      data-testid="conversion-result"
      className="relative gap-4 border-success/40 bg-success-soft/40"
    >
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-3 right-3"
        onClick={onDismiss}
        aria-label="Dismiss result"
      >
        <X />
      </Button>
      <div className="flex items-center gap-3 pr-8">
        <CircleCheck aria-hidden className="size-6 shrink-0 text-success" />
        <h2
          id="conversion-result-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold outline-none"
        >
          Conversion complete
        </h2>
      </div>
      <p className="text-2xl font-semibold tracking-tight tabular-nums">
        {formatMoney(result.originalAmount, result.from)} → {formatMoney(result.convertedAmount, result.to)}
      </p>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Rate</dt>
          <dd className="font-medium tabular-nums">
            1 {result.from} = {formatRate(result.rate)} {result.to}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">
            Total debited (incl. {formatMoney(result.fees, result.from)} fee)
          </dt>
          <dd className="font-medium tabular-nums">{formatMoney(result.total, result.from)}</dd>
        </div>
        {source && (
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{source.currency} balance now</dt>
            <dd className="font-medium tabular-nums">{formatMoney(source.balance, source.currency)}</dd>
          </div>
        )}
        {target && (
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">{target.currency} balance now</dt>
            <dd className="font-medium tabular-nums">{formatMoney(target.balance, target.currency)}</dd>
          </div>
        )}
      </dl>
      <Link
        to="/history"
        className="w-fit rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        View in Transaction History
      </Link>
    </Card>
  );
}
