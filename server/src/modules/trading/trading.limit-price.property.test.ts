import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { Money } from '@contract/money';
import { signUp } from '../../test/http';
import { fund, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import type { RateSource } from '../fx/rate-source';
import { verifyLedger } from '../ledger/ledger.verify';
import { priceTrade } from './trade-pricing';
import { createTradingService } from './trading.service';

const cents = fc.integer({ min: 1_000_00, max: 60_000_00 });
const usd = (minor: number | bigint) => Money.of(BigInt(minor), 'USD');
const order = fc.record({
  type: fc.constantFrom('buy' as const, 'sell' as const),
  quantity: fc.integer({ min: 100_000, max: 2_000_000 }).map((minor) => Money.of(BigInt(minor), 'BTC')),
  limit: cents,
  /** The market when the order is placed, and where it moves next (the matching job runs after the move). */
  market: cents,
  later: cents,
});

async function usdBalance(ctx: TestContext, userId: string) {
  const row = await ctx.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', 'wallet')
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance ?? 0n);
}

/**
 * For any market and limit: a limit buy never pays more than min(limit, market) plus the fee, a limit sell never
 * receives less than max(limit, market) minus the fee, where the market is the price when it fills (at once
 * when placed, or when the matching job reaches it). An order the market never reaches costs nothing once
 * cancelled.
 */
describeEachDatabase('limit order pricing (property)', (ctx) => {
  let userId: string;
  const prices = { BTC: '30000.00', ETH: '2000.00' };
  const rates: RateSource = {
    getRate: (from) => ({
      rate: prices[from as 'BTC' | 'ETH'],
      change24h: '0',
      timestamp: new Date().toISOString(),
    }),
  };
  const trading = () =>
    createTradingService({
      db: ctx.app.db,
      rates,
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
  const request = () => ({ userId, key: crypto.randomUUID(), fingerprint: crypto.randomUUID() });

  beforeAll(async () => {
    const session = await signUp(ctx.app);
    userId = session.user.id;
    await fund(ctx.app.db, (await walletsOf(ctx.app, session)).USD!.id, '2000000.00', 'USD');
    await trading().trade(request(), { type: 'buy', asset: 'BTC', quantity: '20' });
  });

  it('buys never pay above min(limit, market) + fee; sells never receive below max(limit, market) − fee', async () => {
    await fc.assert(
      fc.asyncProperty(order, async ({ type, quantity, limit, market, later }) => {
        const service = trading();
        prices.BTC = usd(market).format();
        const before = await usdBalance(ctx, userId);
        const { body: placed } = await service.trade(request(), {
          type,
          asset: 'BTC',
          quantity: quantity.format(),
          price: usd(limit).format(),
        });
        let filledAt: number | null = placed.status === 'completed' ? market : null;
        if (filledAt === null) {
          prices.BTC = usd(later).format();
          await service.matchOrders();
          const now = (await service.orders(userId)).find((each) => each.id === placed.id)!;
          if (now.status === 'completed') filledAt = later;
          else await service.cancel(userId, placed.id);
        }
        const moved = (await usdBalance(ctx, userId)) - before;
        if (filledAt === null) {
          expect(moved).toBe(0n);
          return;
        }
        if (type === 'buy') {
          const ceiling = priceTrade('buy', quantity, usd(Math.min(limit, filledAt))).total;
          expect(-moved).toBeLessThanOrEqual(ceiling.minor);
        } else {
          const floor = priceTrade('sell', quantity, usd(Math.max(limit, filledAt))).total;
          expect(moved).toBeGreaterThanOrEqual(floor.minor);
        }
      }),
      { numRuns: 25 },
    );
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
