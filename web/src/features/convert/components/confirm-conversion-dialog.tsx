import { ArrowRight } from 'lucide-react';
import type { ConversionQuote, ConvertResponse } from '@contract/fx';
import {
  ConfirmActions,
  FigureChange,
  FigureRow,
  useMoneyConfirmation,
} from '@web/components/money-confirmation';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { formatMoney, formatRate } from '@web/lib/money';
import { useHeldQuote } from '@web/hooks/use-held-quote';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useConvert } from '../api/convert';
import { getQuote } from '../api/get-quote';

const FAILED = {
  title: 'Conversion Failed',
  description: 'Unable to perform currency conversion. Please try again.',
} as const;

interface ConfirmConversionDialogProps {
  /** The quote to confirm; the dialog is open while there is one. */
  quote: ConversionQuote | null;
  onCancel: () => void;
  onConverted: (result: ConvertResponse) => void;
  onCloseAutoFocus: (event: Event) => void;
}

export function ConfirmConversionDialog({
  quote,
  onCancel,
  onConverted,
  onCloseAutoFocus,
}: ConfirmConversionDialogProps) {
  return (
    <Dialog open={quote !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {quote && <ConfirmConversion quote={quote} onConverted={onConverted} onRejected={onCancel} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Mounted once per opening, so each confirmation has its own Idempotency-Key: a retry after a network error
 * sends the same key (the server answers with the first result instead of converting twice).
 */
function ConfirmConversion({
  quote: shown,
  onConverted,
  onRejected,
}: {
  quote: ConversionQuote;
  onConverted: (result: ConvertResponse) => void;
  onRejected: () => void;
}) {
  const { idempotencyKey, retryOffered, confirmRef, handleFailure } = useMoneyConfirmation();
  const convert = useConvert();
  const terms = { amount: shown.originalAmount, from: shown.from, to: shown.to };
  const { quote, previous, secondsLeft, renewing, renew } = useHeldQuote(
    shown,
    () => getQuote(terms),
    retryOffered,
  );

  const confirm = () => {
    convert.mutate(
      { body: { ...terms, quoteId: quote.quoteId }, idempotencyKey },
      {
        onSuccess: onConverted,
        onError: (error) => {
          // The price stopped holding between the last tick and the click: show the new one to confirm.
          if (error instanceof ApiError && error.body?.code === 'QUOTE_EXPIRED') {
            toast({
              title: 'Price updated',
              description: 'The quote expired; check the new figures and confirm.',
            });
            void renew();
            return;
          }
          handleFailure(error, { failed: FAILED, onRefused: onRejected });
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Confirm conversion</DialogTitle>
        <DialogDescription>
          Check the figures, then confirm to exchange between your wallets.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center justify-between gap-3 rounded-xl bg-muted/60 p-4">
        <div className="grid min-w-0 gap-0.5">
          <span className="text-xs text-muted-foreground">You convert</span>
          <span className="truncate text-lg font-semibold tabular-nums">
            {formatMoney(quote.originalAmount, quote.from)}
          </span>
        </div>
        <ArrowRight aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 justify-items-end gap-0.5 text-right">
          <span className="text-xs text-muted-foreground">You receive</span>
          <span
            data-testid="quote-converted"
            className="truncate text-lg font-semibold text-success tabular-nums"
          >
            {formatMoney(quote.convertedAmount, quote.to)}
          </span>
        </div>
      </div>
      <dl className="divide-y">
        <FigureRow label="Amount">{formatMoney(quote.originalAmount, quote.from)}</FigureRow>
        <FigureRow label="Fee (0.5%)">{formatMoney(quote.fees, quote.from)}</FigureRow>
        <FigureRow label="Total debited" strong>
          {formatMoney(quote.total, quote.from)}
        </FigureRow>
        <FigureRow label="Converted amount" strong>
          {formatMoney(quote.convertedAmount, quote.to)}
        </FigureRow>
        <FigureRow label="Rate">{`1 ${quote.from} = ${formatRate(quote.rate)} ${quote.to}`}</FigureRow>
      </dl>
      {previous && (
        <FigureChange
          label="What you receive"
          before={formatMoney(previous.convertedAmount, previous.to)}
          after={formatMoney(quote.convertedAmount, quote.to)}
        />
      )}
      <p className="text-xs text-muted-foreground">{quote.rounding}</p>
      <p data-testid="quote-held" className="text-xs font-medium" aria-live="polite">
        {renewing ? 'Getting a fresh price…' : `This price is held for ${secondsLeft}s.`}
      </p>
      <ConfirmActions
        pending={convert.isPending || renewing}
        retryOffered={retryOffered}
        retryMessage="We could not confirm the conversion. Press Confirm to try again: it will not be made twice."
        confirmRef={confirmRef}
        onConfirm={confirm}
      >
        Confirm conversion
      </ConfirmActions>
    </>
  );
}
