import type { ReactNode } from 'react';
import type { TradeBody, TradeFigures, TradingOrder } from '@contract/trading';
import { CurrencyIcon } from '@web/components/currency-icon';
import { ConfirmActions, FigureRow, useMoneyConfirmation } from '@web/components/money-confirmation';
import { DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Money } from '@contract/money';
import { ErrorAlert } from '@web/components/ui/alert';
import { ApiError } from '@web/lib/api-client';
import { useWallets } from '@web/lib/wallets';
import { formatMoney } from '@web/lib/money';
import { usePlaceTrade } from '../api/place-trade';
import { TRADE_FAILED } from '../hooks/use-trade-form';
import type { TradeOrder } from '../lib/trade-form';
import { formatQuantity } from '../lib/trade-text';

export interface TradeConfirmationProps {
  order: TradeOrder;
  /** USD figures: the quote's (market) or computed on the client (limit). */
  figures: Pick<TradeFigures, 'price' | 'value' | 'fee' | 'total'>;
  /** A market order's quote: its price holds when sent with it. */
  quoteId?: string;
  /** Under the figures: the quote's countdown, a note that the price was renewed. */
  children?: ReactNode;
  /** Confirm is off while there is no price to confirm (a quote ran out and a new one is on its way). */
  disabled?: boolean;
  /** Called instead of failing on 409 QUOTE_EXPIRED (nothing happened: the caller fetches a fresh quote). */
  onQuoteExpired?: () => void;
  /** Whether a retry is on offer: a quote must not be swapped while the last answer is unknown. */
  onRetryOffered?: (offered: boolean) => void;
  onPlaced: (order: TradingOrder) => void;
  onRefused: (error: ApiError) => void;
}

/**
 * The figures of one order and its Confirm. Mounted once per set of figures (the caller keys it by quote), so
 * each has its own Idempotency-Key; after a lost answer Confirm sends the same key and body again, and the
 * server answers with the first result instead of trading twice.
 */
export function TradeConfirmation({
  order,
  figures,
  quoteId,
  children,
  disabled = false,
  onQuoteExpired,
  onRetryOffered,
  onPlaced,
  onRefused,
}: TradeConfirmationProps) {
  const { idempotencyKey, retryOffered, confirmRef, handleFailure } = useMoneyConfirmation();
  const place = usePlaceTrade();
  const { type, asset, quantity, price } = order;
  const buy = type === 'buy';
  const market = price === null;

  const confirm = () => {
    const body: TradeBody = { type, asset, quantity, price, totalAmount: figures.total, quoteId };
    place.mutate(
      { body, idempotencyKey },
      {
        onSuccess: onPlaced,
        onError: (error) => {
          if (onQuoteExpired && error instanceof ApiError && error.body?.code === 'QUOTE_EXPIRED') {
            onQuoteExpired();
            return;
          }
          handleFailure(error, { failed: TRADE_FAILED, onRefused });
          onRetryOffered?.(!(error instanceof ApiError && error.status < 500));
        },
      },
    );
  };

  const shortfall = useShortfall(order, figures.total);

  const totalLabel = buy
    ? market
      ? 'Total cost'
      : 'Reserved now'
    : market
      ? 'You receive'
      : 'You receive when filled';
  return (
    <>
      <DialogHeader>
        <DialogTitle>Review order</DialogTitle>
        <DialogDescription>
          {market
            ? `Market ${type}: the price below is held while the countdown runs.`
            : buy
              ? `Limit buy: it fills when ${asset} reaches your price; the total is reserved from your USD wallet now.`
              : `Limit sell: it fills when ${asset} reaches your price; the ${asset} is reserved now.`}
        </DialogDescription>
      </DialogHeader>

      <div className="flex items-center gap-3 rounded-xl bg-muted/60 p-4">
        <CurrencyIcon currency={asset} className="size-9 text-sm" />
        <div className="grid min-w-0 gap-0.5">
          <span className="text-xs text-muted-foreground">{buy ? 'You buy' : 'You sell'}</span>
          <span className="truncate text-xl font-semibold tabular-nums" data-testid="confirm-quantity">
            {formatQuantity(quantity, asset)}
          </span>
        </div>
      </div>

      <dl className="divide-y">
        <FigureRow label={market ? 'Market price' : 'Limit price'} testId="confirm-price">
          {formatMoney(figures.price, 'USD')}
        </FigureRow>
        <FigureRow label="Value">{formatMoney(figures.value, 'USD')}</FigureRow>
        <FigureRow label="Trading fee (0.5%)" testId="confirm-fee">
          {formatMoney(figures.fee, 'USD')}
        </FigureRow>
        <FigureRow label={totalLabel} strong testId="confirm-total">
          {formatMoney(figures.total, 'USD')}
        </FigureRow>
      </dl>
      {children}
      {shortfall && <ErrorAlert>{shortfall}</ErrorAlert>}

      <ConfirmActions
        pending={place.isPending || disabled}
        blocked={shortfall !== null}
        retryOffered={retryOffered}
        retryMessage="We could not confirm the trade. Press Confirm to try again: it will not be made twice."
        confirmRef={confirmRef}
        onConfirm={confirm}
      >
        {market ? `Confirm ${type}` : 'Place order'}
      </ConfirmActions>
    </>
  );
}

/**
 * Why the server would refuse this order for want of funds, from the wallets on screen, or null: a buy whose
 * total is more than the USD wallet, a sell of more than is held. (The server checks again; this only spares
 * a Confirm that cannot succeed.)
 */
function useShortfall(order: TradeOrder, total: string): string | null {
  const wallets = useWallets().data;
  if (!wallets) return null;
  const balanceOf = (currency: 'USD' | TradeOrder['asset']) =>
    wallets.find((wallet) => wallet.currency === currency)?.balance ?? Money.zero(currency).format();
  if (order.type === 'buy') {
    const usd = balanceOf('USD');
    return Money.parse(total, 'USD').compare(Money.parse(usd, 'USD')) > 0
      ? `The total is more than the ${formatMoney(usd, 'USD')} in your USD wallet.`
      : null;
  }
  const held = balanceOf(order.asset);
  return Money.parse(order.quantity, order.asset).compare(Money.parse(held, order.asset)) > 0
    ? `You hold only ${formatQuantity(held, order.asset)}: you cannot sell more than that.`
    : null;
}
