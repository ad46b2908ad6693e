import { beforeAll, expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import { request, startDemo, type Session } from '../../test/http';
import { houseBalance, ledgerSnapshot, newKey } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { houseAccountId } from '../ledger/house-accounts';
import { verifyLedger } from '../ledger/ledger.verify';
import { settleDuePayouts } from './payouts';

/**
 * Outside recipients exist only in the demo: a demo's payment to an address nobody has is a simulated payout
 * in the demo book (a real customer's waits as a held payment instead: held-transfers.test.ts).
 */
describeEachDatabase('simulated external payouts of a demo', (ctx) => {
  let alice: Session;
  const payOut = async (amount: string, toCurrency = 'USD') => {
    const response = await request(
      ctx.app,
      alice,
      'POST',
      '/api/transactions',
      { amount, fromCurrency: 'USD', toCurrency, recipientEmail: 'payee@outside.example' },
      newKey(),
    );
    expect(response.statusCode).toBe(201);
    return response.json() as Transaction;
  };
  const statusOf = async (id: string) =>
    ((await request(ctx.app, alice, 'GET', '/api/transactions?limit=100')).json() as Transaction[]).find(
      (row) => row.id === id,
    )?.status;
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  beforeAll(async () => {
    alice = await startDemo(ctx.app);
  });

  it("stays pending until the delay has passed, then settles to the demo's outside world", async () => {
    const externalBefore = await houseBalance(ctx.app.db, houseAccountId('external', 'USD', 'demo'));
    const sent = await payOut('100.00');
    expect(sent.status).toBe('pending');
    expect(await houseBalance(ctx.app.db, houseAccountId('payouts_pending', 'USD', 'demo'))).toBe(10000n);

    expect(
      await settleDuePayouts(ctx.app.db, { notifier: ctx.app.notifier, delaySeconds: 30, now: later(10) }),
    ).toBe(0);
    expect(await statusOf(sent.id)).toBe('pending');

    expect(
      await settleDuePayouts(ctx.app.db, { notifier: ctx.app.notifier, delaySeconds: 30, now: later(31) }),
    ).toBe(1);
    expect(await statusOf(sent.id)).toBe('completed');
    expect(await houseBalance(ctx.app.db, houseAccountId('payouts_pending', 'USD', 'demo'))).toBe(0n);
    expect((await houseBalance(ctx.app.db, houseAccountId('external', 'USD', 'demo'))) - externalBefore).toBe(
      10000n,
    );
    // The real world's accounts never saw it (only demos have used this database).
    for (const kind of ['external', 'payouts_pending', 'fees'] as const) {
      expect(await houseBalance(ctx.app.db, houseAccountId(kind, 'USD'))).toBe(0n);
    }
    const payout = await ctx.app.db
      .selectFrom('payouts')
      .selectAll()
      .where('transaction_id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ status: 'completed', settled_at: expect.any(String) });
    expect(payout.settlement_entry_id).not.toBeNull();

    // Settling again finds nothing and changes nothing.
    const before = await ledgerSnapshot(ctx.app.db);
    expect(
      await settleDuePayouts(ctx.app.db, { notifier: ctx.app.notifier, delaySeconds: 0, now: later(60) }),
    ).toBe(0);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('settles many payouts in several currencies, in batches, each exactly once', async () => {
    const sent = [];
    for (let index = 0; index < 7; index++) sent.push(await payOut('5.00', index % 2 ? 'EUR' : 'USD'));
    // Two settlers at once (two servers): every payout is settled by exactly one of them.
    const counts = await Promise.all([
      settleDuePayouts(ctx.app.db, {
        notifier: ctx.app.notifier,
        delaySeconds: 0,
        now: later(1),
        batchSize: 2,
      }),
      settleDuePayouts(ctx.app.db, {
        notifier: ctx.app.notifier,
        delaySeconds: 0,
        now: later(1),
        batchSize: 2,
      }),
    ]);
    expect(counts[0]! + counts[1]!).toBe(7);
    for (const row of sent) expect(await statusOf(row.id)).toBe('completed');
    expect(await houseBalance(ctx.app.db, houseAccountId('payouts_pending', 'USD', 'demo'))).toBe(0n);
    expect(await houseBalance(ctx.app.db, houseAccountId('payouts_pending', 'EUR', 'demo'))).toBe(0n);
    const settlements = await ctx.app.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'payout_settlement')
      .executeTakeFirstOrThrow();
    expect(Number(settlements.n)).toBeGreaterThanOrEqual(5); // 1 earlier + at least 4 batches of ≤ 2
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it("still settles a payout whose sender's history was removed meanwhile", async () => {
    const sent = await payOut('1.00');
    await ctx.app.db.deleteFrom('transactions').where('id', '=', sent.id).execute();
    expect(
      await settleDuePayouts(ctx.app.db, { notifier: ctx.app.notifier, delaySeconds: 0, now: later(1) }),
    ).toBe(1);
    expect(await houseBalance(ctx.app.db, houseAccountId('payouts_pending', 'USD', 'demo'))).toBe(0n);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
