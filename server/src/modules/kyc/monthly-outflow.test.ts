import fc from 'fast-check';
import { expect, it } from 'vitest';
import { transactionStatuses, transactionTypes } from '@contract/transactions';
import { newId } from '../../lib/ids';
import { signUp } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { countsTowardMonthlyLimit } from './monthly-outflow';

/**
 * The monthly totals the database keeps by trigger (PostgreSQL: sql/monthly-outflow.sql; SQLite: migration
 * 0018's triggers) against the one definition, countsTowardMonthlyLimit: random history rows of random entry
 * kinds are inserted, have their status changed and are deleted, and the totals must equal the sum the
 * definition gives over the rows left, per user, month and currency.
 */
const entryKinds = [
  'transfer',
  'deposit',
  'exchange',
  'trade_buy',
  'trade_sell',
  'order_reservation',
  'card_payment',
  'payout',
];
const currencies = ['USD', 'EUR', 'BTC'] as const;
const months = ['2026-09', '2026-10', '2026-11'];

const row = fc.record({
  user: fc.nat(1),
  kind: fc.constantFrom(...entryKinds),
  type: fc.constantFrom(...transactionTypes),
  status: fc.constantFrom(...transactionStatuses),
  currency: fc.constantFrom(...currencies),
  fromCurrency: fc.constantFrom(null, ...currencies),
  amount: fc.bigInt({ min: 1n, max: 10_000_000n }),
  month: fc.constantFrom(...months),
});
const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), row }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom(...transactionStatuses),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
);

describeEachDatabase('what counts toward the monthly limit', (ctx) => {
  it('the totals the triggers keep are the sum countsTowardMonthlyLimit gives', async () => {
    const db = ctx.app.db;
    const users = [(await signUp(ctx.app)).user.id, (await signUp(ctx.app)).user.id];
    interface Kept {
      id: string;
      user: string;
      kind: string;
      type: string;
      status: string;
      currency: string;
      fromCurrency: string | null;
      amount: bigint;
      month: string;
    }
    const kept: Kept[] = [];

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          if (s.op === 'insert') {
            const entryId = newId();
            const createdAt = `${s.row.month}-15T12:00:00.000Z`;
            await db
              .insertInto('journal_entries')
              .values({
                id: entryId,
                kind: s.row.kind,
                description: 'test',
                metadata: '{}',
                created_at: createdAt,
              })
              .execute();
            const id = newId();
            const user = users[s.row.user]!;
            await db
              .insertInto('transactions')
              .values({
                id,
                user_id: user,
                entry_id: entryId,
                wallet_id: null,
                type: s.row.type,
                amount: s.row.amount,
                currency: s.row.currency,
                fee: 0n,
                from_currency: s.row.fromCurrency,
                description: 'test',
                status: s.row.status,
                created_at: createdAt,
              })
              .execute();
            kept.push({ ...s.row, id, user });
          } else if (kept.length > 0) {
            const index = s.pick % kept.length;
            const target = kept[index]!;
            if (s.op === 'status') {
              await db
                .updateTable('transactions')
                .set({ status: s.status })
                .where('id', '=', target.id)
                .execute();
              target.status = s.status;
            } else {
              await db.deleteFrom('transactions').where('id', '=', target.id).execute();
              kept.splice(index, 1);
            }
          }
        }

        const expected = new Map<string, bigint>();
        for (const r of kept) {
          if (
            !countsTowardMonthlyLimit(
              { type: r.type, status: r.status, from_currency: r.fromCurrency },
              r.kind,
            )
          )
            continue;
          const key = `${r.user} ${r.month} ${r.currency}`;
          expected.set(key, (expected.get(key) ?? 0n) + r.amount);
        }
        const totals = await db
          .selectFrom('monthly_outflows')
          .select(['user_id', 'month', 'currency', 'amount'])
          .where('user_id', 'in', users)
          .execute();
        const actual = new Map(
          totals
            .filter((total) => BigInt(total.amount) !== 0n)
            .map((total) => [`${total.user_id} ${total.month} ${total.currency}`, BigInt(total.amount)]),
        );
        expect(actual).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
