import type { TradingOrder } from '@contract/trading';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import type { ApiError } from '@web/lib/api-client';
import type { TradeReview } from '../hooks/use-trade-form';
import { limitOrderFigures } from '../lib/order-figures';
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

/** A limit order needs no quote: its figures follow from the limit price, computed exactly as the server does. */
function LimitOrderConfirmation({
  order,
  ...props
}: Omit<ConfirmTradeDialogProps, 'review' | 'onCancel' | 'onCloseAutoFocus'> & {
  order: Extract<TradeReview, { kind: 'limit' }>['order'];
}) {
  const { value, fee, total } = limitOrderFigures(order.type, order.asset, order.quantity, order.price);
  const figures = { price: order.price, value: value.format(), fee: fee.format(), total: total.format() };
  return <TradeConfirmation order={order} figures={figures} {...props} />;
}
