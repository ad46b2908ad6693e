import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { Money } from '@contract/money';
import type { TradeAsset } from '@contract/trading';
import { AppError } from '../../lib/errors';
import { signUp } from '../../test/http';
import { fund, ledgerSnapshot, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import type { RateSource } from '../fx/rate-source';
import { verifyLedger } from '../ledger/ledger.verify';
import { createTradingService } from './trading.service';

const assets = ['BTC', 'ETH'] as const;
const asset = fc.constantFrom(...assets);
const quantity = fc
  .integer({ min: 1, max: 5_000_000 })
  .map((minor) => Money.of(BigInt(minor), 'BTC').format());
const cents = fc.integer({ min: 100_00, max: 60_000_00 });
const command = fc.oneof(
  fc.record({ kind: fc.constant('market' as const), type: fc.constantFrom('buy', 'sell'), asset, quantity }),
  fc.record({
    kind: fc.constant('limit' as const),
    type: fc.constantFrom('buy', 'sell'),
    asset,
    quantity,
    cents,
  }),
  fc.record({ kind: fc.constant('move' as const), asset, cents }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

async function accountBalance(ctx: TestContext, userId: string, kind: string, currency: TradeAsset | 'USD') {
  const row = await ctx.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return BigInt(row?.balance ?? 0n);
}

/**
 * Random market and limit orders, price moves (each followed by matching) and cancels. After every step:
 * each reservation account holds exactly what the pending orders need, the cost basis quantity of each asset
 * equals the wallet plus what pending sells reserve (only trades move these coins), a refused command changed
 * nothing, and the ledger's invariants hold.
 */
describeEachDatabase('trading invariants (property)', (ctx) => {
  let userId: string;

  beforeAll(async () => {
    const session = await signUp(ctx.app);
    userId = session.user.id;
    await fund(ctx.app.db, (await walletsOf(ctx.app, session)).USD!.id, '50000.00', 'USD');
  });

  it('keeps reservations, holdings and the ledger consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const prices: Record<TradeAsset, string> = { BTC: '30000.00', ETH: '2000.00' };
        const rates: RateSource = {
          getRate: (from) => ({
            rate: prices[from as TradeAsset],
            change24h: '0',
            timestamp: new Date().toISOString(),
          }),
        };
        const trading = createTradingService({
          db: ctx.app.db,
          rates,
          notifier: ctx.app.notifier,
          limits: ctx.app.spendingLimits,
        });
        const request = () => ({ userId, key: crypto.randomUUID(), fingerprint: crypto.randomUUID() });
        for (const step of commands) {
          const before = await ledgerSnapshot(ctx.app.db);
          try {
            if (step.kind === 'market') {
              await trading.trade(request(), { type: step.type, asset: step.asset, quantity: step.quantity });
            } else if (step.kind === 'limit') {
              const price = Money.of(BigInt(step.cents), 'USD').format();
              await trading.trade(request(), {
                type: step.type,
                asset: step.asset,
                quantity: step.quantity,
                price,
              });
            } else if (step.kind === 'move') {
              prices[step.asset] = Money.of(BigInt(step.cents), 'USD').format();
              await trading.matchOrders();
            } else {
              const pending = (await trading.orders(userId)).filter((order) => order.status === 'pending');
              if (pending.length > 0) await trading.cancel(userId, pending[step.pick % pending.length]!.id);
            }
          } catch (error) {
            const refused =
              error instanceof AppError &&
              (error.code === 'INSUFFICIENT_FUNDS' || error.code === 'BUSINESS_RULE');
            if (!refused) throw error;
            expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
          }
          const orders = await ctx.app.db
            .selectFrom('trading_orders')
            .selectAll()
            .where('user_id', '=', userId)
            .where('status', '=', 'pending')
            .execute();
          const reservedUsd = orders
            .filter((o) => o.type === 'buy')
            .reduce((sum, o) => sum + BigInt(o.total), 0n);
          expect(await accountBalance(ctx, userId, 'reservation', 'USD')).toBe(reservedUsd);
          for (const each of assets) {
            const reservedAsset = orders
              .filter((o) => o.type === 'sell' && o.asset === each)
              .reduce((sum, o) => sum + BigInt(o.quantity), 0n);
            const reserve = await accountBalance(ctx, userId, 'reservation', each);
            expect(reserve).toBe(reservedAsset);
            const basis = await ctx.app.db
              .selectFrom('holdings')
              .select('quantity')
              .where('user_id', '=', userId)
              .where('asset', '=', each)
              .executeTakeFirst();
            const wallet = await accountBalance(ctx, userId, 'wallet', each);
            expect(BigInt(basis?.quantity ?? 0n)).toBe(wallet + reserve);
          }
        }
        expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
