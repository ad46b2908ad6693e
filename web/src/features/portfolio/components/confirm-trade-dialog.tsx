import { Money, parseAmount } from '@contract/money';
import { limitFillPriceMinor, priceMinorFromRate, type TradingOrder } from '@contract/trading';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import type { ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useMarketPrices } from '../api/get-market-prices';
import type { TradeReview } from '../hooks/use-trade-form';
import { limitOrderFigures } from '../lib/order-figures';
import type { TradeOrder } from '../lib/trade-form';
import { MarketOrderConfirmation } from './market-order-confirmation';
import { TradeConfirmation } from './trade-confirmation';

interface ConfirmTradeDialogProps {
  /** The order to confirm; the dialog is open while there is one. */
  review: TradeReview | null;
  onCancel: () => void;
  onPlaced: (order: TradingOrder) => void;
  onRefused: (error: ApiError) => void;
  onCloseAutoFocus: (event: Event) => void;
}

export function ConfirmTradeDialog({
  review,
  onCancel,
  onCloseAutoFocus,
  ...props
}: ConfirmTradeDialogProps) {
  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="max-w-lg">
        {review?.kind === 'market' && (
          <MarketOrderConfirmation order={review.order} initialQuote={review.quote} {...props} />
        )}
        {review?.kind === 'limit' && <LimitOrderConfirmation order={review.order} {...props} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A limit order needs no quote: its figures follow from the limit price, computed exactly as the server does.
 * When the market is already past the limit it fills now, at the market price (limitFillPriceMinor, the
 * server's rule): the review says so and about what it costs, next to the most it could.
 */
function LimitOrderConfirmation({
  order,
  ...props
}: Omit<ConfirmTradeDialogProps, 'review' | 'onCancel' | 'onCloseAutoFocus'> & {
  order: Extract<TradeReview, { kind: 'limit' }>['order'];
}) {
  const { value, fee, total } = limitOrderFigures(order.type, order.asset, order.quantity, order.price);
  const figures = { price: order.price, value: value.format(), fee: fee.format(), total: total.format() };
  const market = useMarketPrices().data?.find((pair) => pair.from === order.asset)?.rate;
  const fillsNow =
    market === undefined
      ? null
      : limitFillPriceMinor(order.type, parseAmount(order.price, 'USD'), priceMinorFromRate(market));
  return (
    <TradeConfirmation order={order} figures={figures} {...props}>
      {fillsNow !== null && <FillsNowNotice order={order} priceMinor={fillsNow} />}
    </TradeConfirmation>
  );
}

function FillsNowNotice({
  order,
  priceMinor,
}: {
  order: TradeOrder & { price: string };
  priceMinor: bigint;
}) {
  const price = Money.of(priceMinor, 'USD').format();
  const now = limitOrderFigures(order.type, order.asset, order.quantity, price);
  const buy = order.type === 'buy';
  return (
    <p className="rounded-lg bg-muted/60 p-3 text-sm" data-testid="fills-now" role="status">
      The market is already {buy ? 'below' : 'above'} your limit: this order fills now at about{' '}
      <strong>{formatMoney(now.value.format(), 'USD')}</strong> (market price {formatMoney(price, 'USD')}, fee{' '}
      {formatMoney(now.fee.format(), 'USD')}), not at your limit. Your limit is the{' '}
      {buy ? 'most you pay' : 'least you receive'}.
    </p>
  );
}
