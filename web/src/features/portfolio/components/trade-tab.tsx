import type { RefObject } from 'react';
import { useWallets } from '@web/lib/wallets';
import { useTradeForm } from '../hooks/use-trade-form';
import { priceHint, quantityHint } from '../lib/trade-hints';
import { ConfirmTradeDialog } from './confirm-trade-dialog';
import { MarketPrices } from './market-prices';
import { TradeFields } from './trade-fields';

/** The trade form beside the Market Prices panel (stacked on narrow screens). */
export function TradeTab({ quantityRef }: { quantityRef: RefObject<HTMLInputElement | null> }) {
  const trade = useTradeForm(quantityRef);
  const wallets = useWallets();
  const draft = trade.form.watch();

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
      <section aria-labelledby="trade-title" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="trade-title" className="text-base font-semibold">
            Place a trade
          </h2>
          <p className="text-sm text-muted-foreground">
            Buy or sell BTC and ETH against your USD wallet. A 0.5% fee applies. Set a limit price to wait for
            it; leave it empty to trade now at the market price.
          </p>
        </div>
        <TradeFields
          form={trade.form}
          quantityRef={quantityRef}
          quantityHint={quantityHint(draft, wallets.data)}
          priceHint={priceHint(draft)}
          quoting={trade.quoting}
          onSubmit={(event) => void trade.submit(event)}
        />
      </section>
      <MarketPrices />
      <ConfirmTradeDialog
        review={trade.review}
        onCancel={trade.cancelReview}
        onPlaced={trade.placed}
        onRefused={trade.refused}
        onCloseAutoFocus={trade.focusAfterReview}
      />
    </div>
  );
}
