import { Money } from '@contract/money';
import { priceTrade, type TradeCharge } from '@contract/pricing';
import type { TradeAsset, TradeType } from '@contract/trading';

/**
 * Value (quantity × price, to the cent), fee (0.5%, rounded up) and total: a buy's total is what is reserved
 * from the USD wallet, a sell's what the USD wallet receives.
 */
export type OrderFigures = TradeCharge;

/**
 * A limit order's figures, priced by the contract's `priceTrade`, the function the server charges with, so
 * that `totalAmount` matches it to the cent. `quantity` and `price` must already be valid (see tradeFormSchema).
 */
export function limitOrderFigures(
  type: TradeType,
  asset: TradeAsset,
  quantity: string,
  price: string,
): OrderFigures {
  return priceTrade(type, Money.parse(quantity, asset), Money.parse(price, 'USD'));
}
