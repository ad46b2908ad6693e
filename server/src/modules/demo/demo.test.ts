import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Category, HistoryRow } from '@contract/categories';
import type { Portfolio, TradingOrder } from '@contract/trading';
import type { Transaction } from '@contract/transactions';
import { request, signUp, startDemo } from '../../test/http';
import { walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { createAnalyticsService } from '../analytics/analytics.service';
import { fixedRateSource } from '../../test/rates';
import { verifyLedger } from '../ledger/ledger.verify';
import { createCardSecrets } from '../cards/card-secrets';
import { seedDemoActivity } from './demo.seed';

describeEachDatabase('demo seeding', (ctx) => {
  it('ends exactly on the demo balances, with every invariant holding', async () => {
    const demo = await startDemo(ctx.app);
    const wallets = await walletsOf(ctx.app, demo);
    expect([wallets.USD!.balance, wallets.EUR!.balance, wallets.BTC!.balance]).toEqual([
      '12450.00',
      '3200.00',
      '0.25000000',
    ]);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('holds BTC bought in three past trades, so the portfolio has a cost basis and a P&L', async () => {
    const demo = await startDemo(ctx.app);
    const orders: TradingOrder[] = (await request(ctx.app, demo, 'GET', '/api/trading-orders')).json();
    expect(orders.map((order) => [order.type, order.quantity, order.status])).toEqual([
      ['buy', '0.03000000', 'completed'],
      ['buy', '0.04000000', 'completed'],
      ['buy', '0.05000000', 'completed'],
    ]);
    const portfolio: Portfolio = (await request(ctx.app, demo, 'GET', '/api/portfolio')).json();
    const [btc] = portfolio.holdings;
    expect(btc).toMatchObject({ asset: 'BTC', quantity: '0.25000000' });
    // 0.12 BTC bought for 3,296.71 with fees; the other 0.13 BTC counts at today's price.
    expect(Number(btc!.totalInvested)).toBeGreaterThan(3296.71);
    expect(btc!.profitLoss).not.toBe('0.00');
  });

  it('tells two months of believable history', async () => {
    const demo = await startDemo(ctx.app);
    const history: Transaction[] = (
      await request(ctx.app, demo, 'GET', '/api/transactions?limit=100')
    ).json();
    const types = new Set(history.map((transaction) => transaction.type));
    expect([...types].sort()).toEqual(['card_payment', 'deposit', 'exchange', 'receive', 'send']);
    const clients = new Set(history.filter((t) => t.type === 'receive').map((t) => t.counterpartyEmail));
    expect(clients.size).toBeGreaterThanOrEqual(4);
    expect(clients.size).toBeLessThanOrEqual(6);
    const oldest = new Date(history.at(-1)!.createdAt).getTime();
    expect(Date.now() - oldest).toBeGreaterThan(55 * 86_400_000);
    expect(history.every((t) => new Date(t.createdAt).getTime() <= Date.now())).toBe(true);

    const analytics = (await request(ctx.app, demo, 'GET', '/api/analytics')).json();
    expect(analytics.activeClients).toBe(clients.size);
    expect(Number(analytics.averageProject)).toBeGreaterThan(0);
  });

  it('files its history in sensible categories, with an own category and rules', async () => {
    const demo = await startDemo(ctx.app);
    const history: HistoryRow[] = (await request(ctx.app, demo, 'GET', '/api/transactions?limit=100')).json();
    const categories: Category[] = (await request(ctx.app, demo, 'GET', '/api/categories')).json();
    const workspace = categories.find((category) => category.name === 'Workspace')!;
    expect(workspace).toMatchObject({ kind: 'expense', deductible: true, builtIn: false });
    const categoryOf = (description: string) =>
      new Set(history.filter((t) => t.description.includes(description)).map((t) => t.category));
    expect(categoryOf('Studio rent')).toEqual(new Set([workspace.id]));
    expect(categoryOf('WeWork')).toEqual(new Set([workspace.id]));
    expect(categoryOf('Figma')).toEqual(new Set(['software']));
    expect(categoryOf('Uber')).toEqual(new Set(['travel']));
    expect(categoryOf('Blue Bottle')).toEqual(new Set(['meals']));
    expect(new Set(history.filter((t) => t.type === 'receive').map((t) => t.category))).toEqual(
      new Set(['income']),
    );
    expect(new Set(history.filter((t) => t.type === 'exchange').map((t) => t.category))).toEqual(
      new Set(['transfers']),
    );
    const rules = (await request(ctx.app, demo, 'GET', '/api/categories/rules')).json();
    expect(rules.map((rule: { contains: string }) => rule.contains).sort()).toEqual([
      'Maple Property',
      'WeWork',
    ]);
  });

  it("keeps a client payment in the current month even on the month's first hour", async () => {
    const session = await signUp(ctx.app);
    const firstHour = new Date('2026-03-01T00:30:00.000Z');
    const secrets = createCardSecrets(randomBytes(32), 'environment');
    await seedDemoActivity(ctx.app.db, session.user.id, ctx.app.notifier, secrets, firstHour);
    const rates = fixedRateSource({ EUR_USD: '1.0831' });
    const summary = await createAnalyticsService({ db: ctx.app.db, rates, now: () => firstHour }).summary(
      session.user.id,
    );
    expect(summary.monthlyEarnings).toBe('2650.00');
    expect((await walletsOf(ctx.app, session)).USD!.balance).toBe('12450.00');
  });
});
