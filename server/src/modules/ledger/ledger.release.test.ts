import { expect, it } from 'vitest';
import { Money } from '@contract/money';
import { startDemo } from '../../test/http';
import { ledgerSnapshot, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { postEntry } from './ledger.service';
import { verifyLedger } from './ledger.verify';
import { withMoneyTransaction } from '../../db/money-transaction';

describeEachDatabase('removing idle demo users', (ctx) => {
  async function makeIdle(userId: string) {
    const longAgo = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await ctx.app.db.updateTable('users').set({ created_at: longAgo }).where('id', '=', userId).execute();
    await ctx.app.db
      .updateTable('sessions')
      .set({ last_seen_at: longAgo })
      .where('user_id', '=', userId)
      .execute();
  }

  const accountsOf = (userId: string) =>
    ctx.app.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', userId).execute();

  it('removes a demo, keeps its entries (append-only) and closes its accounts to zero', async () => {
    const demo = await startDemo(ctx.app);
    const active = await startDemo(ctx.app);
    const before = await ledgerSnapshot(ctx.app.db);
    const demoAccounts = await accountsOf(demo.user.id);
    await makeIdle(demo.user.id);

    expect(await ctx.app.auth.removeIdleDemoUsers()).toBe(1);
    expect(
      await ctx.app.db.selectFrom('users').select('id').where('id', '=', demo.user.id).execute(),
    ).toEqual([]);
    expect(await accountsOf(demo.user.id)).toEqual([]);
    expect(await accountsOf(active.user.id)).toHaveLength(3);
    for (const { id } of demoAccounts) {
      const left = await ctx.app.db
        .selectFrom('postings')
        .select('amount')
        .where('account_id', '=', id)
        .execute();
      expect(left.reduce((sum, posting) => sum + BigInt(posting.amount), 0n)).toBe(0n);
    }
    const after = await ledgerSnapshot(ctx.app.db);
    expect(after.entries).toBe(before.entries + 1); // the closing entry; nothing erased
    expect(after.postings).toBeGreaterThan(before.postings);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it("keeps entries shared with another demo customer and closes the demo's side to zero", async () => {
    const demo = await startDemo(ctx.app);
    // Demo money stays in the demo book, so the only customers a demo can share an entry with are demos.
    const friend = await startDemo(ctx.app);
    const demoUsd = (await walletsOf(ctx.app, demo)).USD!.id;
    const friendUsd = (await walletsOf(ctx.app, friend)).USD!.id;
    const friendBalance = Money.parse((await walletsOf(ctx.app, friend)).USD!.balance, 'USD');
    const historyOf = (userId: string) =>
      ctx.app.db.selectFrom('transactions').select('id').where('user_id', '=', userId).execute();
    const friendHistoryBefore = (await historyOf(friend.user.id)).length;
    const hundred = Money.parse('100.00', 'USD');
    await withMoneyTransaction(ctx.app.db, (trx) =>
      postEntry(trx, {
        kind: 'transfer',
        description: 'Demo pays a friend',
        postings: [
          { accountId: demoUsd, amount: hundred.negated() },
          { accountId: friendUsd, amount: hundred },
        ],
        transactions: [
          {
            user_id: friend.user.id,
            type: 'receive',
            amount: hundred.minor,
            currency: 'USD',
            description: 'From demo',
            status: 'completed',
          },
        ],
      }),
    );
    await makeIdle(demo.user.id);

    expect(await ctx.app.auth.removeIdleDemoUsers()).toBe(1);
    expect((await walletsOf(ctx.app, friend)).USD!.balance).toBe(friendBalance.plus(hundred).format());
    const detached = await ctx.app.db
      .selectFrom('ledger_accounts')
      .select(['user_id', 'balance'])
      .where('id', '=', demoUsd)
      .executeTakeFirstOrThrow();
    expect(detached).toEqual({ user_id: null, balance: null });
    const left = await ctx.app.db
      .selectFrom('postings')
      .select('amount')
      .where('account_id', '=', demoUsd)
      .execute();
    expect(left.reduce((sum, posting) => sum + BigInt(posting.amount), 0n)).toBe(0n);
    expect(await historyOf(friend.user.id)).toHaveLength(friendHistoryBefore + 1);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
