import type { Currency } from '@contract/currencies';
import { Money, parseAmount } from '@contract/money';
import { tradingFeeMinor, type TradeAsset, type TradeType } from '@contract/trading';

export interface OrderFigures {
  /** quantity × price, to the cent. */
  value: Money;
  /** 0.5% of the value, rounded up to the cent (the contract's tradingFeeMinor). */
  fee: Money;
  /** Buy: value + fee, what is reserved from the USD wallet. Sell: value − fee, what the USD wallet receives. */
  total: Money;
}

const USD: Currency = 'USD';

/**
 * A limit order's figures, computed as the server does so that `totalAmount` matches it to the cent: the value
 * rounds up for a buy and down for a sell (never in the customer's favour by a fraction of a cent), the fee
 * goes on top of a buy and comes out of a sell. Exact BigInt arithmetic on minor units; `quantity` and `price`
 * must already be valid (see tradeFormSchema).
 */
export function limitOrderFigures(
  type: TradeType,
  asset: TradeAsset,
  quantity: string,
  price: string,
): OrderFigures {
  const quantityMinor = parseAmount(quantity, asset);
  const assetUnit = 10n ** 8n; // BTC and ETH minor units per coin
  const product = quantityMinor * parseAmount(price, USD);
  const valueMinor = type === 'buy' ? (product + assetUnit - 1n) / assetUnit : product / assetUnit;
  const value = Money.of(valueMinor, USD);
  const fee = Money.of(tradingFeeMinor(valueMinor), USD);
  return { value, fee, total: type === 'buy' ? value.plus(fee) : value.minus(fee) };
}
