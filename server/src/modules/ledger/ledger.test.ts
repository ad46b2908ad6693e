import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@contract/money';
import { signUp } from '../../test/http';
import { fund, ledgerSnapshot, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { AppError } from '../../lib/errors';
import { houseAccountId } from './house-accounts';
import { LedgerRuleError, postEntry, type PostingInput } from './ledger.service';
import { verifyLedger } from './ledger.verify';
import { isRetryable, withMoneyTransaction } from '../../db/money-transaction';

const usd = (amount: string) => Money.parse(amount, 'USD');

describeEachDatabase('ledger', (ctx) => {
  let alice: Record<string, { id: string }>;
  let bob: Record<string, { id: string }>;
  const post = (postings: PostingInput[]) =>
    withMoneyTransaction(ctx.app.db, (trx) =>
      postEntry(trx, { kind: 'test', description: 'test', postings }),
    );
  const transfer = (fromId: string, toId: string, amount: string) =>
    post([
      { accountId: fromId, amount: usd(amount).negated() },
      { accountId: toId, amount: usd(amount) },
    ]);
  const balanceOf = async (id: string) =>
    (
      await ctx.app.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).balance;

  beforeAll(async () => {
    alice = await walletsOf(ctx.app, await signUp(ctx.app));
    bob = await walletsOf(ctx.app, await signUp(ctx.app));
  });

  it('keeps house accounts without a cached balance, and customer balances equal to their postings', async () => {
    const house = await ctx.app.db
      .selectFrom('ledger_accounts')
      .select(['balance', 'user_id'])
      .where('id', '=', houseAccountId('external', 'USD'))
      .executeTakeFirstOrThrow();
    expect(house).toEqual({ balance: null, user_id: null });

    await fund(ctx.app.db, alice.USD!.id, '100.00', 'USD');
    await transfer(alice.USD!.id, bob.USD!.id, '30.25');
    expect(await balanceOf(alice.USD!.id)).toBe(6975n);
    expect(await balanceOf(bob.USD!.id)).toBe(3025n);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('refuses malformed entries and writes nothing', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const a = alice.USD!.id;
    const malformed: PostingInput[][] = [
      [{ accountId: a, amount: usd('1') }],
      [
        { accountId: a, amount: usd('1').negated() },
        { accountId: bob.USD!.id, amount: usd('0.99') },
      ],
      [
        { accountId: a, amount: usd('0') },
        { accountId: bob.USD!.id, amount: usd('0') },
      ],
      [
        { accountId: alice.EUR!.id, amount: usd('1').negated() },
        { accountId: bob.USD!.id, amount: usd('1') },
      ],
      [
        { accountId: 'no-such-account', amount: usd('1').negated() },
        { accountId: bob.USD!.id, amount: usd('1') },
      ],
    ];
    for (const postings of malformed) await expect(post(postings)).rejects.toThrow(LedgerRuleError);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('refuses to take a customer wallet below zero', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const attempt = transfer(bob.USD!.id, alice.USD!.id, '30.26');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('lets the database itself refuse edits and deletes of postings and entries', async () => {
    await expect(sql`delete from postings`.execute(ctx.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from journal_entries`.execute(ctx.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`update postings set amount = amount + 1`.execute(ctx.app.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`update journal_entries set description = 'x'`.execute(ctx.app.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it('serialises concurrent withdrawals: exactly as many succeed as the balance covers', async () => {
    const { USD } = await walletsOf(ctx.app, await signUp(ctx.app));
    await fund(ctx.app.db, USD!.id, '100.00', 'USD');
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () => transfer(USD!.id, houseAccountId('external', 'USD'), '10.00')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(await balanceOf(USD!.id)).toBe(0n);
  });

  it('does not deadlock on transfers in opposite directions', async () => {
    const one = (await walletsOf(ctx.app, await signUp(ctx.app))).USD!.id;
    const two = (await walletsOf(ctx.app, await signUp(ctx.app))).USD!.id;
    await fund(ctx.app.db, one, '50.00', 'USD');
    await fund(ctx.app.db, two, '50.00', 'USD');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? transfer(one, two, '1.00') : transfer(two, one, '1.00'))),
    );
    expect((await balanceOf(one))! + (await balanceOf(two))!).toBe(10000n);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it("keeps the monthly limit's running totals with the history rows, whichever way they change", async () => {
    const carol = await signUp(ctx.app);
    const { USD } = await walletsOf(ctx.app, carol);
    await fund(ctx.app.db, USD!.id, '100.00', 'USD');
    const totals = () =>
      ctx.app.db
        .selectFrom('monthly_outflows')
        .select(['month', 'amount'])
        .where('user_id', '=', carol.user.id)
        .orderBy('month')
        .execute();
    const send = (amount: string, createdAt?: string) =>
      withMoneyTransaction(ctx.app.db, (trx) =>
        postEntry(trx, {
          kind: 'transfer',
          description: 'test',
          ...(createdAt && { createdAt }),
          postings: [
            { accountId: USD!.id, amount: usd(amount).negated() },
            { accountId: houseAccountId('external', 'USD'), amount: usd(amount) },
          ],
          transactions: [
            {
              user_id: carol.user.id,
              wallet_id: USD!.id,
              type: 'send',
              amount: usd(amount).minor,
              currency: 'USD',
              description: 'test',
              status: 'completed',
            },
          ],
        }),
      );
    const month = new Date().toISOString().slice(0, 7);
    const first = await send('10.00');
    await send('2.50', '2020-01-15T12:00:00.000Z');
    expect(await totals()).toEqual([
      { month: '2020-01', amount: 250n },
      { month, amount: 1000n },
    ]);
    const [row] = first.transactions;
    await ctx.app.db
      .updateTable('transactions')
      .set({ status: 'returned' })
      .where('id', '=', row!.id)
      .execute();
    expect(await totals()).toEqual([
      { month: '2020-01', amount: 250n },
      { month, amount: 0n },
    ]);
    await ctx.app.db
      .updateTable('transactions')
      .set({ status: 'completed' })
      .where('id', '=', row!.id)
      .execute();
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    await ctx.app.db.deleteFrom('transactions').where('user_id', '=', carol.user.id).execute();
    expect((await totals()).map((total) => total.amount)).toEqual([0n, 0n]);

    // A total that drifted from the history is reported.
    await send('1.00');
    await ctx.app.db
      .updateTable('monthly_outflows')
      .set({ amount: 0n })
      .where('user_id', '=', carol.user.id)
      .execute();
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([
      `monthly outflow of user ${carol.user.id} in ${month} (USD) is off the history by 100`,
    ]);
    await ctx.app.db
      .updateTable('monthly_outflows')
      .set({ amount: 100n })
      .where('user_id', '=', carol.user.id)
      .where('month', '=', month)
      .execute();
  });
});

describe('withMoneyTransaction', () => {
  it('knows which failures are worth retrying', () => {
    expect(isRetryable({ code: '40001' })).toBe(true);
    expect(isRetryable({ code: '40P01' })).toBe(true);
    expect(isRetryable({ code: '23505' })).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});

describeEachDatabase('withMoneyTransaction', (ctx) => {
  it('re-runs the whole transaction after a serialization failure', async () => {
    let attempts = 0;
    const result = await withMoneyTransaction(ctx.app.db, async () => {
      attempts += 1;
      if (attempts < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      return 'done';
    });
    expect({ attempts, result }).toEqual({ attempts: 3, result: 'done' });
  });

  it('gives up on other errors at once', async () => {
    let attempts = 0;
    const failing = withMoneyTransaction(ctx.app.db, async () => {
      attempts += 1;
      throw new Error('nope');
    });
    await expect(failing).rejects.toThrow('nope');
    expect(attempts).toBe(1);
  });
});
