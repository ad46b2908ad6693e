import { Money } from '@contract/money';
import { tradeAssets, type Holding, type Portfolio, type TradingOrder } from '@contract/trading';
import { percentOf } from '@contract/pricing';
import { holdingFigures } from './portfolio-figures';
import { assetWalletOf } from './trade-accounts';
import { livePrice, type TradingDeps } from './trading-context';
import { toTradingOrder } from './trading.mapper';
import * as repo from './trading.repository';

const ORDERS_SHOWN = 100;

/** The user's latest orders, newest first. */
export async function listOrders(deps: TradingDeps, userId: string): Promise<TradingOrder[]> {
  return (await repo.listOrders(deps.db, userId, ORDERS_SHOWN)).map(toTradingOrder);
}

/** What the user holds of each asset at the live price, against what it cost them (average-cost basis). */
export async function portfolioOf(deps: TradingDeps, userId: string): Promise<Portfolio> {
  const { db } = deps;
  const [basis, pendingOrders] = await Promise.all([
    repo.listHoldings(db, userId),
    repo.countPendingOrders(db, userId),
  ]);
  const holdings: Holding[] = [];
  for (const asset of tradeAssets) {
    const wallet = await assetWalletOf(db, userId, asset);
    const held = basis.find((row) => row.asset === asset);
    const balance = BigInt(wallet?.balance ?? 0n);
    if (!wallet || (balance === 0n && !held)) continue;
    const price = await livePrice(deps.rates, asset);
    holdings.push(
      holdingFigures({
        id: held?.id ?? wallet.id,
        asset,
        balance,
        basis: held ? { quantity: BigInt(held.quantity), cost: BigInt(held.cost) } : null,
        priceCents: price.minor,
      }),
    );
  }
  const sum = (field: 'currentValue' | 'totalInvested') =>
    holdings.reduce((total, holding) => total + Money.parse(holding[field], 'USD').minor, 0n);
  const value = sum('currentValue');
  const invested = sum('totalInvested');
  const usd = (cents: bigint) => Money.of(cents, 'USD').format();
  return {
    holdings: holdings.filter((holding) => holding.quantity !== Money.zero(holding.asset).format()),
    totalValue: usd(value),
    totalInvested: usd(invested),
    totalProfitLoss: usd(value - invested),
    totalProfitLossPercent: percentOf(value - invested, invested),
    pendingOrders,
  };
}
