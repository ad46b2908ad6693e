import { beforeAll, expect, it } from 'vitest';
import { Money } from '@contract/money';
import type { Portfolio, TradeQuote, TradingOrder } from '@contract/trading';
import { request, signUp, type Session } from '../../test/http';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import type { RateSource } from '../fx/rate-source';
import { verifyLedger } from '../ledger/ledger.verify';
import { issueQuote } from '../quotes/quotes';
import { createTradingService } from './trading.service';

/** A market whose BTC and ETH prices the test sets. */
function marketAt(prices: { BTC: string; ETH: string }) {
  const source: RateSource = {
    getRate: (from, to) => {
      if (to !== 'USD' || (from !== 'BTC' && from !== 'ETH')) throw new Error(`no ${from}/${to}`);
      return { rate: prices[from], change24h: '0.00', timestamp: new Date().toISOString() };
    },
  };
  return { prices, source };
}

const reservationBalance = async (ctx: TestContext, userId: string, currency: string) => {
  const row = await ctx.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', 'reservation')
    .where('currency', '=', currency as 'USD')
    .executeTakeFirst();
  return row ? Money.of(BigInt(row.balance ?? 0n), currency as 'USD').format() : null;
};

describeEachDatabase('trading', (ctx) => {
  let ada: Session;
  let ben: Session;
  const post = (session: Session, url: string, body: unknown, key = true) =>
    request(ctx.app, session, 'POST', url, body, key ? newKey() : {});
  const balances = async (session: Session) => {
    const wallets = await walletsOf(ctx.app, session);
    return { USD: wallets.USD?.balance, BTC: wallets.BTC?.balance, ETH: wallets.ETH?.balance };
  };

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, ada);
    await fund(ctx.app.db, wallets.USD!.id, '100000.00', 'USD');
  });

  it('buys at market at exactly the quoted price, in one balanced entry, and tells the user', async () => {
    const quote: TradeQuote = (
      await post(ada, '/api/trade/quote', { type: 'buy', asset: 'BTC', quantity: '0.01' }, false)
    ).json();
    expect(quote).toMatchObject({ type: 'buy', asset: 'BTC', quantity: '0.01000000' });
    const price = Money.parse(quote.price, 'USD').minor;
    const value = (price * 1_000_000n + 99_999_999n) / 100_000_000n;
    const fee = (value * 50n + 9_999n) / 10_000n;
    expect(quote.value).toBe(Money.of(value, 'USD').format());
    expect(quote.fee).toBe(Money.of(fee, 'USD').format());
    expect(quote.total).toBe(Money.of(value + fee, 'USD').format());
    expect(new Date(quote.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    const before = await balances(ada);
    const response = await post(ada, '/api/trade', {
      type: 'buy',
      asset: 'BTC',
      quantity: '0.01',
      price: null,
      totalAmount: quote.total,
      quoteId: quote.quoteId,
    });
    expect(response.statusCode).toBe(201);
    const order: TradingOrder = response.json();
    expect(order).toMatchObject({
      status: 'completed',
      price: null,
      fillPrice: quote.price,
      totalAmount: quote.total,
    });
    const after = await balances(ada);
    expect(Money.parse(before.USD!, 'USD').minus(Money.parse(after.USD!, 'USD')).format()).toBe(quote.total);
    expect(after.BTC).toBe(Money.parse(before.BTC!, 'BTC').plus(Money.parse('0.01', 'BTC')).format());
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);

    const [notice] = (await request(ctx.app, ada, 'GET', '/api/notifications')).json();
    expect(notice.title).toBe('Trade executed');
    const [row] = (await request(ctx.app, ada, 'GET', '/api/transactions?type=exchange')).json();
    expect(row).toMatchObject({
      type: 'exchange',
      fromCurrency: 'USD',
      toCurrency: 'BTC',
      status: 'completed',
    });
  });

  it('honours a quote once, for its own user, within its window and terms; otherwise nothing moves', async () => {
    const body = { type: 'buy', asset: 'ETH', quantity: '0.5' } as const;
    const quote: TradeQuote = (await post(ada, '/api/trade/quote', body, false)).json();
    expect((await post(ada, '/api/trade', { ...body, quoteId: quote.quoteId })).statusCode).toBe(201);
    const snapshot = await ledgerSnapshot(ctx.app.db);

    const reused = await post(ada, '/api/trade', { ...body, quoteId: quote.quoteId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('QUOTE_EXPIRED');

    const another = (await post(ada, '/api/trade/quote', body, false)).json() as TradeQuote;
    expect((await post(ben, '/api/trade', { ...body, quoteId: another.quoteId })).statusCode).toBe(404);
    const otherTerms = await post(ada, '/api/trade', { ...body, quantity: '0.6', quoteId: another.quoteId });
    expect(otherTerms.statusCode).toBe(422);

    const stale = await issueQuote(ctx.app.db, {
      userId: ada.user.id,
      kind: 'trade',
      terms: { ...body, quantity: '0.50000000' },
      price: '1.00',
      now: new Date(Date.now() - 31_000),
    });
    const expired = await post(ada, '/api/trade', { ...body, quoteId: stale.quoteId });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'QUOTE_EXPIRED' });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
  });

  it('refuses a total that is not the one the server computes, and bad input, moving nothing', async () => {
    const snapshot = await ledgerSnapshot(ctx.app.db);
    const wrong = await post(ada, '/api/trade', {
      type: 'buy',
      asset: 'BTC',
      quantity: '0.01',
      totalAmount: '1.00',
    });
    expect(wrong.statusCode).toBe(422);
    for (const bad of [
      { type: 'buy', asset: 'BTC', quantity: '0' },
      { type: 'buy', asset: 'BTC', quantity: '-1' },
      { type: 'buy', asset: 'BTC', quantity: '0.000000001' },
      { type: 'buy', asset: 'DOGE', quantity: '1' },
      { type: 'hold', asset: 'BTC', quantity: '1' },
      { type: 'buy', asset: 'BTC', quantity: '1', price: '100.001' },
      { type: 'buy', asset: 'BTC', quantity: '1', price: '0' },
    ]) {
      const response = await post(ada, '/api/trade', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
  });

  it("refuses a quantity or price past its currency's ceiling with a 400 naming the field", async () => {
    const snapshot = await ledgerSnapshot(ctx.app.db);
    const cases: [Record<string, string>, string, string][] = [
      [
        { asset: 'BTC', quantity: '100000.00000001' },
        'quantity',
        'Amount can be at most 100,000.00000000 BTC',
      ],
      [{ asset: 'ETH', quantity: '1000000.00000001' }, 'quantity', 'Quantity is too large'],
      [
        { asset: 'BTC', quantity: '1', price: '5000000000.01' },
        'price',
        'Price can be at most 5,000,000,000.00 USD',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(ada, '/api/trade', { type: 'buy', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields).toEqual({ [field]: message });
    }
    // ETH's own ceiling is ten times BTC's: a quote for 500,000 ETH is priced.
    const quote = await post(
      ada,
      '/api/trade/quote',
      { type: 'buy', asset: 'ETH', quantity: '500000' },
      false,
    );
    expect(quote.statusCode).toBe(200);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
  });

  it('refuses what the wallets cannot cover', async () => {
    const tooMuch = await post(ben, '/api/trade', { type: 'buy', asset: 'BTC', quantity: '1' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    const noCoins = await post(ben, '/api/trade', { type: 'sell', asset: 'ETH', quantity: '1' });
    expect(noCoins.statusCode).toBe(422);
    const limit = await post(ben, '/api/trade', {
      type: 'sell',
      asset: 'BTC',
      quantity: '1',
      price: '99999.00',
    });
    expect(limit.json().code).toBe('INSUFFICIENT_FUNDS');
  });

  it('answers a replayed key with the same order and moves money once', async () => {
    const key = newKey();
    const body = { type: 'buy', asset: 'BTC', quantity: '0.001' };
    const first = await request(ctx.app, ada, 'POST', '/api/trade', body, key);
    const snapshot = await ledgerSnapshot(ctx.app.db);
    const second = await request(ctx.app, ada, 'POST', '/api/trade', body, key);
    expect(second.json()).toEqual(first.json());
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
  });

  it('reserves a limit buy at its limit, fills it at the market price when reached, returns the rest', async () => {
    const market = marketAt({ BTC: '30000.00', ETH: '2000.00' });
    const matcher = createTradingService({
      db: ctx.app.db,
      rates: market.source,
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
    const before = await balances(ada);
    const placed = await post(ada, '/api/trade', {
      type: 'buy',
      asset: 'BTC',
      quantity: '0.1',
      price: '25000.00',
      totalAmount: '2512.50',
    });
    expect(placed.statusCode).toBe(201);
    const order: TradingOrder = placed.json();
    expect(order).toMatchObject({
      status: 'pending',
      price: '25000.00',
      totalAmount: '2512.50',
      fee: '12.50',
    });
    expect((await balances(ada)).USD).toBe(
      Money.parse(before.USD!, 'USD').minus(Money.parse('2512.50', 'USD')).format(),
    );
    expect(await reservationBalance(ctx, ada.user.id, 'USD')).toBe('2512.50');
    expect((await request(ctx.app, ada, 'GET', '/api/portfolio')).json().pendingOrders).toBe(1);

    expect(await matcher.matchOrders()).toBe(0);
    // The market jumps below the limit: the order fills at 24,000, and what the reservation did not spend
    // (2,512.50 − 2,412.00) comes back in the same entry.
    market.prices.BTC = '24000.00';
    expect(await matcher.matchOrders()).toBe(1);
    expect(await matcher.matchOrders()).toBe(0);
    const orders: TradingOrder[] = (await request(ctx.app, ada, 'GET', '/api/trading-orders')).json();
    expect(orders.find((o) => o.id === order.id)).toMatchObject({
      status: 'completed',
      price: '25000.00',
      fillPrice: '24000.00',
      totalAmount: '2412.00',
      fee: '12.00',
    });
    expect(await reservationBalance(ctx, ada.user.id, 'USD')).toBe('0.00');
    expect((await balances(ada)).USD).toBe(
      Money.parse(before.USD!, 'USD').minus(Money.parse('2412.00', 'USD')).format(),
    );
    const history = await ctx.app.db
      .selectFrom('transactions')
      .select(['amount', 'fee', 'status', 'description'])
      .where(
        'id',
        '=',
        (
          await ctx.app.db
            .selectFrom('trading_orders')
            .select('transaction_id')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).transaction_id!,
      )
      .executeTakeFirstOrThrow();
    expect({ ...history, amount: BigInt(history.amount), fee: BigInt(history.fee) }).toEqual({
      amount: 240_000n,
      fee: 1_200n,
      status: 'completed',
      description: 'Limit Buy 0.10000000 BTC at $24,000.00',
    });
    expect((await balances(ada)).BTC).toBe(
      Money.parse(before.BTC!, 'BTC').plus(Money.parse('0.1', 'BTC')).format(),
    );
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('fills a limit buy above the market at once, at the market price, never at the limit', async () => {
    const market = marketAt({ BTC: '29900.00', ETH: '2000.00' });
    const trader = createTradingService({
      db: ctx.app.db,
      rates: market.source,
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
    const before = await balances(ada);
    // The review's total is the order at its limit (40.00 + 0.20 fee): the most it may cost.
    const { status, body } = await trader.trade(
      { userId: ada.user.id, key: crypto.randomUUID(), fingerprint: crypto.randomUUID() },
      { type: 'buy', asset: 'BTC', quantity: '0.001', price: '40000.00', totalAmount: '40.20' },
    );
    expect(status).toBe(201);
    // 0.001 × 29,900 = 29.90; fee 0.5% = 0.1495 → 0.15.
    expect(body).toMatchObject({
      status: 'completed',
      price: '40000.00',
      fillPrice: '29900.00',
      totalAmount: '30.05',
      fee: '0.15',
    });
    expect((await balances(ada)).USD).toBe(
      Money.parse(before.USD!, 'USD').minus(Money.parse('30.05', 'USD')).format(),
    );
    expect(await reservationBalance(ctx, ada.user.id, 'USD')).toBe('0.00');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('fills a limit sell below the market at once, at the market price', async () => {
    const market = marketAt({ BTC: '29900.00', ETH: '2000.00' });
    const trader = createTradingService({
      db: ctx.app.db,
      rates: market.source,
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
    const before = await balances(ada);
    const { body } = await trader.trade(
      { userId: ada.user.id, key: crypto.randomUUID(), fingerprint: crypto.randomUUID() },
      { type: 'sell', asset: 'BTC', quantity: '0.01', price: '20000.00' },
    );
    // 0.01 × 29,900 = 299.00; fee 1.50.
    expect(body).toMatchObject({ status: 'completed', fillPrice: '29900.00', totalAmount: '297.50' });
    expect((await balances(ada)).USD).toBe(
      Money.parse(before.USD!, 'USD').plus(Money.parse('297.50', 'USD')).format(),
    );
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('fills a limit sell when the market rises to it, and cancels another, returning its reservation', async () => {
    const market = marketAt({ BTC: '30000.00', ETH: '2000.00' });
    const matcher = createTradingService({
      db: ctx.app.db,
      rates: market.source,
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
    const before = await balances(ada);
    const sell = (
      await post(ada, '/api/trade', { type: 'sell', asset: 'BTC', quantity: '0.05', price: '35000.00' })
    ).json();
    const keep = (
      await post(ada, '/api/trade', { type: 'sell', asset: 'BTC', quantity: '0.02', price: '90000.00' })
    ).json();
    expect(await reservationBalance(ctx, ada.user.id, 'BTC')).toBe('0.07000000');

    market.prices.BTC = '35000.01';
    expect(await matcher.matchOrders()).toBe(1);
    // 0.05 × 35,000 = 1,750.00; fee 8.75.
    const after = await balances(ada);
    expect(after.USD).toBe(Money.parse(before.USD!, 'USD').plus(Money.parse('1741.25', 'USD')).format());

    expect((await request(ctx.app, ben, 'DELETE', `/api/trading-orders/${keep.id}`)).statusCode).toBe(404);
    expect((await request(ctx.app, ada, 'DELETE', `/api/trading-orders/${keep.id}`)).statusCode).toBe(204);
    expect((await request(ctx.app, ada, 'DELETE', `/api/trading-orders/${keep.id}`)).statusCode).toBe(409);
    expect((await request(ctx.app, ada, 'DELETE', `/api/trading-orders/${sell.id}`)).statusCode).toBe(409);
    expect(await reservationBalance(ctx, ada.user.id, 'BTC')).toBe('0.00000000');
    expect((await balances(ada)).BTC).toBe(
      Money.parse(before.BTC!, 'BTC').minus(Money.parse('0.05', 'BTC')).format(),
    );
    const orders: TradingOrder[] = (await request(ctx.app, ada, 'GET', '/api/trading-orders')).json();
    expect(orders.find((o) => o.id === keep.id)!.status).toBe('cancelled');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('values holdings by average cost; the quantity is the wallet balance', async () => {
    const carla = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, carla)).USD!.id, '10000.00', 'USD');
    const market = marketAt({ BTC: '20000.00', ETH: '1000.00' });
    const trader = createTradingService({
      db: ctx.app.db,
      rates: market.source,
      notifier: ctx.app.notifier,
      limits: ctx.app.spendingLimits,
    });
    const trade = (type: 'buy' | 'sell', quantity: string) =>
      trader.trade(
        { userId: carla.user.id, key: crypto.randomUUID(), fingerprint: crypto.randomUUID() },
        { type, asset: 'ETH', quantity },
      );
    await trade('buy', '1'); // 1,000.00 + 5.00
    market.prices.ETH = '2000.00';
    await trade('buy', '1'); // 2,000.00 + 10.00
    await trade('sell', '0.5'); // basis 3,015.00 for 2 → 753.75 leaves
    const portfolio: Portfolio = await trader.portfolio(carla.user.id);
    expect(portfolio.holdings).toEqual([
      expect.objectContaining({
        asset: 'ETH',
        quantity: '1.50000000',
        totalInvested: '2261.25',
        averageBuyPrice: '1507.50',
        price: '2000.00',
        currentValue: '3000.00',
        profitLoss: '738.75',
        profitLossPercent: '32.67',
      }),
    ]);
    expect((await walletsOf(ctx.app, carla)).ETH!.balance).toBe('1.50000000');
    expect(portfolio).toMatchObject({ totalValue: '3000.00', totalProfitLoss: '738.75', pendingOrders: 0 });
  });

  it('is signed-in only', async () => {
    for (const [method, url] of [
      ['GET', '/api/portfolio'],
      ['GET', '/api/trading-orders'],
      ['POST', '/api/trade'],
      ['POST', '/api/trade/quote'],
    ] as const) {
      expect((await request(ctx.app, null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(
        401,
      );
    }
  });
});
