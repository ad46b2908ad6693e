import { useEffect, useState } from 'react';
import { CreditCard } from 'lucide-react';
import { kindOf } from '@contract/currencies';
import type { Translator } from '@contract/i18n';
import type { PublicInvoice } from '@contract/invoices';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useConfirmKeyGuard } from '@web/lib/confirm-key-guard';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { useCancelCardCheckout, useCardCheckout, useCardQuote } from '../api/public-invoice';
import { cancelledCheckout, cardReturn, isConfirming, rememberLeaving } from '../lib/card-return';

/**
 * Pay `amount` by card: off to the card processor's secure page, back here once it is paid or cancelled.
 * A BTC/ETH invoice is charged in fiat at a price held for the quote window. `amount` is null while the
 * amount typed is not one the invoice takes.
 */
export function CardPayButton({
  token,
  invoice,
  amount,
  words,
}: {
  token: string;
  invoice: PublicInvoice;
  amount: string | null;
  words: Translator;
}) {
  const checkout = useCardCheckout(token);
  const crypto = kindOf(invoice.currency) === 'crypto';
  const returned = cardReturn();
  const quote = useCardQuote(token, amount, crypto && amount !== null);
  // One key per amount: a retried click for the same amount gets the same checkout back.
  const [keys] = useState(() => new Map<string, string>());
  const keyFor = (value: string) => {
    if (!keys.has(value)) keys.set(value, newIdempotencyKey());
    return keys.get(value)!;
  };
  const guard = useConfirmKeyGuard();
  // Back through the processor's cancel link: the checkout left behind ends, so it holds nothing any more.
  const cancel = useCancelCardCheckout(token);
  const left = cancelledCheckout();
  const { mutate: endLeft } = cancel;
  useEffect(() => {
    if (left) endLeft(left);
  }, [left, endLeft]);
  const { t } = words;
  const name = invoice.from.name;
  // Back with `?card=paid`: confirming until the payment is recorded; after that (a deposit paid, say), the
  // button takes the rest, though the address still says `card=paid`.
  if (isConfirming(token, invoice)) {
    return (
      <Alert role="status">
        <Spinner />
        <p>{t('pay.cardConfirming', { name })}</p>
      </Alert>
    );
  }
  // Leaving for the processor's page: the button stays busy until the browser goes.
  const leaving = checkout.isPending || checkout.isSuccess;
  const held = crypto ? quote.data : undefined;
  if (crypto && amount !== null && !held) {
    return quote.isError ? (
      <ErrorAlert>{friendlyErrorMessage(quote.error, t('pay.cardPriceFailed'))}</ErrorAlert>
    ) : (
      <Skeleton className="h-11" role="status" aria-label={t('pay.cardPriceLoading')} />
    );
  }
  const pay = () => {
    if (amount === null) return;
    rememberLeaving(token, invoice);
    checkout.mutate(
      { idempotencyKey: keyFor(amount), amount, ...(held && { quoteId: held.quoteId }) },
      {
        // The price's window closed before the click reached the server: show a fresh one to pay.
        onError: (error) => {
          if (error instanceof ApiError && error.body?.code === 'QUOTE_EXPIRED') void quote.refetch();
        },
      },
    );
  };
  const price = held
    ? words.amount(held.amount, held.currency)
    : amount !== null
      ? words.amount(amount, invoice.currency)
      : null;
  return (
    <div className="grid gap-3">
      {returned === 'cancelled' && (
        <Alert>
          <p>{t('pay.cardCancelled')}</p>
        </Alert>
      )}
      {invoice.cardPaymentInProgress && (
        <Alert role="status" data-testid="card-in-progress">
          <p>
            {t('pay.cardInProgress', {
              amount: words.amount(invoice.cardPaymentInProgress, invoice.currency),
            })}
          </p>
        </Alert>
      )}
      {checkout.isError && (
        <ErrorAlert>{friendlyErrorMessage(checkout.error, t('pay.cardFailed'))}</ErrorAlert>
      )}
      <Button size="lg" onClick={pay} disabled={leaving || amount === null} {...guard}>
        {leaving ? <Spinner /> : <CreditCard />}
        {price ? t('pay.byCard', { amount: price }) : t('pay.byCardPlain')}
      </Button>
      {held && (
        <p className="text-sm">
          {t('pay.cardQuote', {
            price: words.amount(held.amount, held.currency),
            crypto: words.amount(held.cryptoAmount, held.cryptoCurrency),
            time: new Date(held.expiresAt).toLocaleTimeString(words.locale),
          })}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{t('pay.cardNote')}</p>
    </div>
  );
}
