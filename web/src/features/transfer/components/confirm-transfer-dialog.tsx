import { ArrowDown, Info } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import type { TransferQuote, TransferResponse } from '@contract/transfers';
import { CurrencyIcon } from '@web/components/currency-icon';
import { ConfirmActions, FigureRow, useMoneyConfirmation } from '@web/components/money-confirmation';
import { ErrorAlert } from '@web/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useTransferDelivery } from '../api/get-delivery';
import { useSendTransfer } from '../api/send-transfer';
import { useTransferRate } from '../api/get-rate';
import { estimateTransfer, exceedsBalance, type CheckedTransfer } from '../lib/transfer-form';
import { rateText, receivedText } from './transfer-figures';

export const TRANSFER_FAILED = {
  title: 'Transfer Failed',
  description: 'There was an error processing your transfer.',
} as const;

interface ConfirmTransferDialogProps {
  /** The checked transfer to confirm; the dialog is open while there is one. */
  transfer: CheckedTransfer | null;
  /** The source wallet's balance now, to warn before the server refuses. */
  balance: string | undefined;
  onCancel: () => void;
  onSent: (response: TransferResponse) => void;
  /** The server refused the transfer (4xx): the form shows any field problems it named. */
  onRefused: (error: ApiError) => void;
  onCloseAutoFocus: (event: Event) => void;
}

export function ConfirmTransferDialog({ transfer, onCancel, ...props }: ConfirmTransferDialogProps) {
  return (
    <Dialog open={transfer !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent onCloseAutoFocus={props.onCloseAutoFocus} className="max-w-lg">
        {transfer && <ConfirmTransfer transfer={transfer} {...props} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted once per opening, so each confirmation has its own Idempotency-Key. When the answer is lost (network
 * error, 5xx) the dialog stays open and Confirm sends the same key again: the server answers with the first
 * result instead of sending twice.
 */
function ConfirmTransfer({
  transfer,
  balance,
  onSent,
  onRefused,
}: Omit<ConfirmTransferDialogProps, 'transfer' | 'onCancel' | 'onCloseAutoFocus'> & {
  transfer: CheckedTransfer;
}) {
  const { idempotencyKey, retryOffered, confirmRef, handleFailure } = useMoneyConfirmation();
  const send = useSendTransfer();
  const { amount, toCurrency, recipientEmail, description } = transfer;
  const from: Currency = amount.currency;
  const rate = useTransferRate(from, toCurrency);
  const estimate = estimateTransfer(amount, toCurrency, rate.data?.rate);
  const overdrawn = balance !== undefined && exceedsBalance(estimate.total, balance);
  const delivery = useTransferDelivery({
    amount: amount.format(),
    fromCurrency: from,
    toCurrency,
    recipientEmail,
  });

  // The delivery check already refused it (sending to yourself, between a demo and a real account, …): its
  // reason shows below and Confirm stays off. A lost answer (no status below 500) does not block.
  const refused = delivery.error instanceof ApiError && delivery.error.status < 500;

  const confirm = () => {
    send.mutate(
      {
        idempotencyKey,
        body: {
          type: 'send',
          amount: amount.format(),
          currency: from,
          fromCurrency: from,
          toCurrency,
          recipientEmail,
          description,
        },
      },
      {
        onSuccess: onSent,
        onError: (error) =>
          handleFailure(error, {
            failed: TRANSFER_FAILED,
            onRefused,
            // The server's words for a business rule such as insufficient funds; a field problem (400) shows
            // on the form instead.
            describeRefusal: (refusal) => (refusal.status === 422 ? refusal.body?.message : undefined),
          }),
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Review transfer</DialogTitle>
        <DialogDescription>Check the details, then confirm to send.</DialogDescription>
      </DialogHeader>

      <div className="grid gap-1 rounded-xl bg-muted/60 p-4">
        <div className="flex items-center gap-3">
          <CurrencyIcon currency={from} className="size-9 text-sm" />
          <div className="grid min-w-0 gap-0.5">
            <span className="text-xs text-muted-foreground">You send</span>
            <span className="truncate text-xl font-semibold tabular-nums" data-testid="confirm-amount">
              {formatMoney(amount)}
            </span>
          </div>
        </div>
        <ArrowDown aria-hidden className="ml-2.5 size-4 text-muted-foreground" />
        <div className="flex items-center gap-3">
          <CurrencyIcon currency={toCurrency} className="size-9 text-sm" />
          <div className="grid min-w-0 gap-0.5">
            <span className="truncate text-xs text-muted-foreground">{recipientEmail} gets</span>
            <span
              className="truncate text-xl font-semibold text-success tabular-nums"
              data-testid="confirm-received"
            >
              {receivedText(estimate, rate.isError)}
            </span>
          </div>
        </div>
      </div>

      <dl className="divide-y">
        <FigureRow label="To">{recipientEmail}</FigureRow>
        <FigureRow label="From">{from} wallet</FigureRow>
        <FigureRow label="Amount">{formatMoney(amount)}</FigureRow>
        <FigureRow label="Transfer fee (2.9%)" testId="confirm-fee">
          {formatMoney(estimate.fee)}
        </FigureRow>
        <FigureRow label="Total cost" strong testId="confirm-total">
          {formatMoney(estimate.total)}
        </FigureRow>
        {estimate.estimated && (
          <FigureRow label="Exchange rate (live)">
            {rate.data
              ? rateText(from, toCurrency, rate.data.rate)
              : rate.isError
                ? 'Unavailable right now'
                : 'Fetching…'}
          </FigureRow>
        )}
        <FigureRow label="Description">{description}</FigureRow>
        <FigureRow label="Delivery" testId="confirm-delivery">
          {delivery.data ? deliveryText(delivery.data) : delivery.isError ? 'Not possible' : 'Checking…'}
        </FigureRow>
      </dl>

      {delivery.data?.delivery === 'held' && (
        <p className="flex gap-2 text-sm" data-testid="confirm-held-note">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            No verified Meridian account uses {recipientEmail} yet. We will email them and hold the money
            until they verify this address. If nobody does within {delivery.data.holdDays} days, the whole
            amount, fee included, comes back to you.
          </span>
        </p>
      )}
      {delivery.isError && <ErrorAlert>{friendlyErrorMessage(delivery.error)}</ErrorAlert>}

      {estimate.estimated && (
        <p className="flex gap-2 text-xs text-muted-foreground">
          <Info aria-hidden className="mt-px size-3.5 shrink-0" />
          <span>
            What they get is an estimate: the rate is fixed when you confirm, and rounded down by less than a
            cent.
          </span>
        </p>
      )}

      {overdrawn && (
        <ErrorAlert>
          The total is more than the {formatMoney(balance!, from)} in your {from} wallet.
        </ErrorAlert>
      )}
      <ConfirmActions
        pending={send.isPending}
        blocked={overdrawn || refused}
        retryOffered={retryOffered}
        retryMessage="We could not confirm the transfer. Press Confirm to try again: it will not be sent twice."
        confirmRef={confirmRef}
        onConfirm={confirm}
      >
        Confirm and send
      </ConfirmActions>
    </>
  );
}

function deliveryText(quote: TransferQuote): string {
  switch (quote.delivery) {
    case 'instant':
      return 'Instantly, to their Meridian account';
    case 'held':
      return `Held until they verify this address (up to ${quote.holdDays} days)`;
    case 'simulated':
      return 'Simulated payout (demo money), pending until it settles';
    default:
      return '—';
  }
}
