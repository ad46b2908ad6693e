import { useEffect, useRef, useState } from 'react';
import { RefreshCw, Timer } from 'lucide-react';
import type { TradeQuote, TradingOrder } from '@contract/trading';
import { FigureChange } from '@web/components/money-confirmation';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { friendlyErrorMessage, type ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useTradeQuote } from '../api/get-trade-quote';
import { useSecondsLeft } from '@web/hooks/use-seconds-left';
import type { TradeOrder } from '../lib/trade-form';
import { TradeConfirmation } from './trade-confirmation';

interface MarketOrderConfirmationProps {
  order: TradeOrder;
  initialQuote: TradeQuote;
  onPlaced: (order: TradingOrder) => void;
  onRefused: (error: ApiError) => void;
}

const RENEWED_AFTER_EXPIRY =
  'That price ran out before your order reached us, so nothing was traded. Here is a fresh price: check it and confirm again.';

/**
 * A market order's review: the quote's figures with "Price held for Ns". When the count reaches 0, or the
 * server says the quote expired (409), it asks for a fresh quote and shows it instead of failing. A new quote
 * mounts a new confirmation (new Idempotency-Key); never while a retry is on offer, because then the last
 * order's fate is unknown and only the same key may be sent again.
 */
export function MarketOrderConfirmation({ order, initialQuote, ...props }: MarketOrderConfirmationProps) {
  const [quote, setQuote] = useState(initialQuote);
  /** The quote a renewal replaced: a changed total is shown old → new before the person confirms. */
  const [previous, setPrevious] = useState<TradeQuote | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [retryOffered, setRetryOffered] = useState(false);
  const fresh = useTradeQuote();
  const renewedFor = useRef<string | null>(null);
  const seconds = useSecondsLeft(quote.expiresAt);

  const renew = (why: string | null) => {
    if (fresh.isPending) return;
    renewedFor.current = quote.quoteId;
    const { type, asset, quantity } = order;
    fresh.mutate(
      { type, asset, quantity },
      {
        onSuccess: (next) => {
          setPrevious(quote);
          setQuote(next);
          setNotice(why);
          setRetryOffered(false);
        },
      },
    );
  };

  // Once per quote, when its time is up (not again after a failed renewal: the button below asks again).
  const renewalDue =
    seconds === 0 && !retryOffered && !fresh.isPending && renewedFor.current !== quote.quoteId;
  useEffect(() => {
    if (renewalDue) renew(null);
  });

  return (
    <TradeConfirmation
      key={quote.quoteId}
      order={order}
      figures={quote}
      quoteId={quote.quoteId}
      disabled={seconds === 0 && !retryOffered && !fresh.isError}
      onQuoteExpired={() => renew(RENEWED_AFTER_EXPIRY)}
      onRetryOffered={setRetryOffered}
      {...props}
    >
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="quote-countdown">
        {fresh.isPending ? <Spinner /> : <Timer aria-hidden className="size-4" />}
        {fresh.isPending || seconds === 0 ? 'Getting a fresh price…' : `Price held for ${seconds}s`}
      </p>
      {previous && (
        <FigureChange
          label={order.type === 'buy' ? 'The total cost' : 'What you receive'}
          before={formatMoney(previous.total, 'USD')}
          after={formatMoney(quote.total, 'USD')}
        />
      )}
      {notice && (
        <p role="status" className="text-sm font-medium">
          {notice}
        </p>
      )}
      {fresh.isError && (
        <Alert variant="destructive" className="items-center">
          <span className="flex-1">
            {friendlyErrorMessage(fresh.error, 'We could not get a fresh price.')}
          </span>
          <Button size="sm" variant="outline" onClick={() => renew(null)}>
            <RefreshCw aria-hidden />
            Get a new price
          </Button>
        </Alert>
      )}
    </TradeConfirmation>
  );
}
