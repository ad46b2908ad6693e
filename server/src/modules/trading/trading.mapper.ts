import { Money } from '@contract/money';
import type { TradingOrder } from '@contract/trading';
import type { TradingOrderRow } from '../../db/schema';

const usd = (cents: bigint | null) => (cents === null ? null : Money.of(BigInt(cents), 'USD').format());

export function toTradingOrder(row: TradingOrderRow): TradingOrder {
  return {
    id: row.id,
    type: row.type,
    asset: row.asset,
    quantity: Money.of(BigInt(row.quantity), row.asset).format(),
    price: usd(row.limit_price),
    totalAmount: usd(row.total)!,
    fee: usd(row.fee)!,
    fillPrice: usd(row.fill_price),
    status: row.status,
    createdAt: row.created_at,
    filledAt: row.filled_at,
  };
}
