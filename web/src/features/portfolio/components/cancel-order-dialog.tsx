import type { TradingOrder } from '@contract/trading';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useCancelOrder } from '../api/cancel-order';
import { formatQuantity } from '../lib/trade-text';

interface CancelOrderDialogProps {
  /** The pending order to cancel; the dialog is open while there is one. */
  order: TradingOrder | null;
  onClose: () => void;
}

/** Asks before cancelling a pending limit order; its reservation goes back to the wallet. */
export function CancelOrderDialog({ order, onClose }: CancelOrderDialogProps) {
  const cancel = useCancelOrder();
  const confirm = (pending: TradingOrder) =>
    cancel.mutate(pending.id, {
      onSuccess: () => {
        onClose();
        toast({
          title: 'Order Cancelled',
          description: `Your ${pending.type} order of ${formatQuantity(pending.quantity, pending.asset)} was cancelled.`,
        });
      },
      onError: (error) => {
        onClose();
        toast({ variant: 'destructive', title: 'Cancel Failed', description: friendlyErrorMessage(error) });
      },
    });

  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && !cancel.isPending && onClose()}>
      <DialogContent>
        {order && (
          <>
            <DialogHeader>
              <DialogTitle>Cancel this order?</DialogTitle>
              <DialogDescription>
                {order.type === 'buy' ? 'Buy' : 'Sell'} {formatQuantity(order.quantity, order.asset)}
                {order.price ? ` at ${formatMoney(order.price, 'USD')}` : ''}.{' '}
                {order.type === 'buy'
                  ? `The ${formatMoney(order.totalAmount, 'USD')} reserved goes back to your USD wallet.`
                  : `The ${order.asset} reserved goes back to your ${order.asset} wallet.`}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" disabled={cancel.isPending}>
                  Keep order
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={() => confirm(order)} disabled={cancel.isPending}>
                {cancel.isPending && <Spinner />}
                Cancel order
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
