import { beforeAll, expect, it } from 'vitest';
import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { TransactionType } from '@contract/transactions';
import { request, signUp, type Session } from '../../test/http';
import { walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { fixedRateSource } from '../../test/rates';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry } from '../ledger/ledger.service';
import { withMoneyTransaction } from '../../db/money-transaction';
import { createAnalyticsService } from './analytics.service';

const now = new Date('2026-06-15T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describeEachDatabase('analytics', (ctx) => {
  let session: Session;
  const analytics = () =>
    createAnalyticsService({ db: ctx.app.db, rates: fixedRateSource({ EUR_USD: '1.1' }), now: () => now });

  /** One movement between the user's wallet and the outside world, with its history row. */
  async function record(
    type: TransactionType,
    amount: string,
    currency: Currency,
    at: string,
    payer?: string,
  ) {
    const wallet = (await walletsOf(ctx.app, session))[currency]!.id;
    const money = Money.parse(amount, currency);
    const fee = type === 'send' ? Money.parse('1.45', currency) : Money.zero(currency);
    const incoming = type === 'receive' || type === 'deposit';
    const postings = incoming
      ? [
          { accountId: wallet, amount: money },
          { accountId: houseAccountId('external', currency), amount: money.negated() },
        ]
      : [
          { accountId: wallet, amount: money.plus(fee).negated() },
          { accountId: houseAccountId('external', currency), amount: money.plus(fee) },
        ];
    await withMoneyTransaction(ctx.app.db, (trx) =>
      postEntry(trx, {
        kind: type,
        description: type,
        createdAt: at,
        postings,
        transactions: [
          {
            user_id: session.user.id,
            type,
            amount: money.minor,
            fee: fee.minor,
            currency,
            counterparty: payer ?? null,
            counterparty_email: payer ? `${payer.toLowerCase()}@example.com` : null,
            description: type,
            status: 'completed',
          },
        ],
      }),
    );
  }

  beforeAll(async () => {
    session = await signUp(ctx.app);
    await record('deposit', '5000.00', 'USD', daysAgo(120));
    await record('receive', '200.00', 'USD', daysAgo(100), 'Alpha');
    // Posted out of date order on purpose: the EUR has to arrive before it can be sent.
    await record('receive', '500.00', 'EUR', daysAgo(40), 'Beta');
    await record('send', '50.00', 'EUR', daysAgo(60));
    await record('receive', '1000.00', 'USD', daysAgo(1), 'Alpha');
    await record('card_payment', '100.00', 'USD', daysAgo(2));
    await record('deposit', '5000.00', 'USD', daysAgo(1));
  });

  it('counts client payments only, valued in USD', async () => {
    expect(await analytics().summary(session.user.id)).toEqual({
      monthlyEarnings: '1000.00',
      // (1000.00 + 500.00 EUR × 1.1) / 2 over the last 90 days; the 100-day-old payment is out
      averageProject: '775.00',
      activeClients: 2,
      currency: 'USD',
    });
  });

  it('charts six months of income against spending (fees included)', async () => {
    expect(await analytics().cashflow(session.user.id)).toEqual([
      { month: '2026-01', income: '0.00', spending: '0.00' },
      { month: '2026-02', income: '0.00', spending: '0.00' },
      { month: '2026-03', income: '200.00', spending: '0.00' },
      // 50.00 EUR sent + 1.45 fee = 51.45 EUR × 1.1 = 56.595 USD: valued half up (valueIn), as everywhere.
      { month: '2026-04', income: '0.00', spending: '56.60' },
      { month: '2026-05', income: '550.00', spending: '0.00' },
      { month: '2026-06', income: '1000.00', spending: '100.00' },
    ]);
  });

  it('serves both over HTTP, zero for a new user', async () => {
    const fresh = await signUp(ctx.app);
    const summary = await request(ctx.app, fresh, 'GET', '/api/analytics');
    expect(summary.json()).toEqual({
      monthlyEarnings: '0.00',
      averageProject: '0.00',
      activeClients: 0,
      currency: 'USD',
    });
    const cashflow = (await request(ctx.app, fresh, 'GET', '/api/analytics/cashflow')).json();
    expect(cashflow).toHaveLength(6);
    expect(cashflow[5].month).toBe(new Date().toISOString().slice(0, 7));
    expect((await request(ctx.app, null, 'GET', '/api/analytics')).statusCode).toBe(401);
  });
});
