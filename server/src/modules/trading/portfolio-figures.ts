import { Money } from '@contract/money';
import { percentOf } from '@contract/pricing';
import type { Holding, TradeAsset } from '@contract/trading';

const ASSET_UNIT = 100_000_000n;
/** Value of `quantity` (asset minor units) at `priceCents` per unit, to the cent, half up. */
const valueAt = (quantity: bigint, priceCents: bigint) =>
  (quantity * priceCents * 2n + ASSET_UNIT) / (ASSET_UNIT * 2n);

/**
 * One holding. The quantity is the asset wallet's balance. Its cost is the average-cost basis of what was
 * bought on Meridian: if part of the balance has gone elsewhere (sent away, reserved by a pending sell), the
 * basis shrinks in proportion; if the wallet holds more than was ever bought here (received, converted, a
 * deposit), that extra is counted at today's price, so no profit or loss is claimed on it — we do not know
 * what it cost.
 */
export function holdingFigures(input: {
  id: string;
  asset: TradeAsset;
  balance: bigint;
  basis: { quantity: bigint; cost: bigint } | null;
  priceCents: bigint;
}): Holding {
  const { balance, priceCents } = input;
  const basisQuantity = input.basis?.quantity ?? 0n;
  const basisCost = input.basis?.cost ?? 0n;
  let invested: bigint;
  if (balance <= basisQuantity) {
    invested = basisQuantity === 0n ? 0n : (basisCost * balance * 2n + basisQuantity) / (basisQuantity * 2n);
  } else {
    invested = basisCost + valueAt(balance - basisQuantity, priceCents);
  }
  const value = valueAt(balance, priceCents);
  const average = balance === 0n ? 0n : (invested * ASSET_UNIT * 2n + balance) / (balance * 2n);
  const usd = (cents: bigint) => Money.of(cents, 'USD').format();
  return {
    id: input.id,
    asset: input.asset,
    quantity: Money.of(balance, input.asset).format(),
    totalInvested: usd(invested),
    averageBuyPrice: usd(average),
    price: usd(priceCents),
    currentValue: usd(value),
    profitLoss: usd(value - invested),
    profitLossPercent: percentOf(value - invested, invested),
  };
}
