import type { Ref } from 'react';
import { CircleCheck, Clock, X } from 'lucide-react';
import { Link } from 'react-router';
import type { TransferResponse } from '@contract/transfers';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';

interface TransferReceiptProps {
  transfer: TransferResponse;
  headingRef: Ref<HTMLHeadingElement>;
  onDismiss: () => void;
}

const deliveryText: Record<TransferResponse['delivery'], string> = {
  instant: 'Instantly, to their Meridian wallet',
  held: 'Held until they verify their email; back to you if nobody does',
  simulated: 'Simulated payout (demo money); settles shortly',
};

/** What the server did with the last transfer: its own figures and status, not the estimate. */
export function TransferReceipt({ transfer, headingRef, onDismiss }: TransferReceiptProps) {
  const pending = transfer.status !== 'completed';
  const received =
    transfer.convertedAmount && transfer.toCurrency
      ? formatMoney(transfer.convertedAmount, transfer.toCurrency)
      : formatMoney(transfer.amount, transfer.currency);
  const Icon = pending ? Clock : CircleCheck;
  return (
    <Card
      role="region"
      aria-labelledby="transfer-receipt-title"
      data-testid="transfer-receipt"
      className={cn(
        'relative gap-3',
        pending ? 'border-primary/30 bg-primary/5' : 'border-success/40 bg-success-soft/40',
      )}
    >
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute top-3 right-3"
        onClick={onDismiss}
        aria-label="Dismiss receipt"
      >
        <X />
      </Button>
      <div className="flex items-center gap-3 pr-8">
        <Icon aria-hidden className={cn('size-6 shrink-0', pending ? 'text-primary' : 'text-success')} />
        <h2
          id="transfer-receipt-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold outline-none"
        >
          {pending ? 'Transfer on its way' : 'Transfer sent'}
        </h2>
        <Badge variant={pending ? 'secondary' : 'success'}>{pending ? 'Pending' : 'Completed'}</Badge>
      </div>
      <p className="text-2xl font-semibold tracking-tight break-words tabular-nums">
        {received} <span className="text-base font-normal text-muted-foreground">to</span>{' '}
        <span className="text-base font-medium break-all">{transfer.recipientEmail}</span>
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Total debited</dt>
          <dd className="font-medium tabular-nums">
            {formatMoney(transfer.total, transfer.currency)}{' '}
            <span className="text-muted-foreground">
              (incl. {formatMoney(transfer.fee, transfer.currency)} fee)
            </span>
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{pending ? 'Delivery' : 'Delivered'}</dt>
          <dd className="font-medium">{deliveryText[transfer.delivery]}</dd>
        </div>
      </dl>
      <Link
        to="/history?type=outgoing"
        className="w-fit rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        View in Transaction History
      </Link>
    </Card>
  );
}
