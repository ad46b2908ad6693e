import type { Wallet } from '@contract/wallets';
import { formatMoney } from '@web/lib/money';
import { limitOrderFigures } from './order-figures';
import { tradeFormSchema, type TradeFormInput } from './trade-form';

export const MARKET_PRICE_HINT = 'Leave empty to trade at the market price, quoted when you review.';

/** Under the quantity: what a buy can spend (the USD wallet) or a sell can sell (the asset's wallet). */
export function quantityHint(draft: TradeFormInput, wallets: readonly Wallet[] | undefined): string {
  if (!wallets) return ' ';
  const currency = draft.type === 'buy' ? 'USD' : draft.asset;
  if (currency === '') return 'Choose an asset to see how much you can sell.';
  const wallet = wallets.find((each) => each.currency === currency);
  return `Available: ${wallet ? formatMoney(wallet.balance, currency) : formatMoney('0', currency)}`;
}

/** Under the price: a limit order's reserved (buy) or expected (sell) total once the draft is valid. */
export function priceHint(draft: TradeFormInput): string {
  const checked = tradeFormSchema.safeParse(draft);
  if (!checked.success || checked.data.price === null) return MARKET_PRICE_HINT;
  const { type, asset, quantity, price } = checked.data;
  const { fee, total } = limitOrderFigures(type, asset, quantity, price);
  return type === 'buy'
    ? `Reserved now: ${formatMoney(total)} (includes the ${formatMoney(fee)} fee)`
    : `You receive when filled: ${formatMoney(total)} (after the ${formatMoney(fee)} fee)`;
}
