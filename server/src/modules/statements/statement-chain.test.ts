import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { StatementList, VerifyResult } from '@contract/statements';
import type { Database } from '../../db/schema';
import { request } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { statementBooks, type StatementBooks } from './statement-test-books';

/**
 * Postings are append-only: the database refuses any update. To play the one who alters the ledger behind
 * the app's back, this test lifts that guard for one statement (PostgreSQL: the trigger disabled inside a
 * transaction; SQLite: the trigger dropped and made again, as migration 0002 makes it).
 */
async function forcePostingUpdate(
  db: Kysely<Database>,
  dialect: string,
  change: (db: Kysely<Database>) => Promise<unknown>,
) {
  if (dialect === 'postgres') {
    await db.transaction().execute(async (trx) => {
      await sql`alter table postings disable trigger postings_no_change`.execute(trx);
      await change(trx);
      await sql`alter table postings enable trigger postings_no_change`.execute(trx);
    });
  } else {
    await sql`drop trigger postings_no_update`.execute(db);
    await change(db);
    await sql`create trigger postings_no_update before update on postings begin select raise(abort, 'postings are append-only'); end`.execute(
      db,
    );
  }
}

describeEachDatabase('statement chain', (ctx) => {
  let books: StatementBooks;
  let lastMonth: string;
  let firstMonth: string;
  const verify = async (session = books.session): Promise<VerifyResult> => {
    const response = await request(ctx.app, session, 'GET', '/api/statements/verify');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The USD history row and posting of a movement, by its description. */
  const movement = async (description: string) => {
    const row = await ctx.app.db
      .selectFrom('transactions')
      .innerJoin('postings', 'postings.entry_id', 'transactions.entry_id')
      .select([
        'transactions.id as historyId',
        'transactions.amount',
        'transactions.created_at',
        'postings.id as postingId',
        'postings.amount as postingAmount',
      ])
      .where('transactions.user_id', '=', books.userId)
      .where('transactions.description', '=', description)
      .where('postings.account_id', '=', books.wallets.USD!.id)
      .executeTakeFirstOrThrow();
    return row;
  };

  beforeAll(async () => {
    books = await statementBooks(ctx.app);
    const list = (await request(ctx.app, books.session, 'GET', '/api/statements')).json() as StatementList;
    lastMonth = list.months[1]!.month;
    firstMonth = list.months.at(-1)!.month;
  });

  it('verifies every stored statement against the ledger', async () => {
    const result = await verify();
    expect(result).toMatchObject({ ok: true, checked: 7, problems: [], brokenFrom: [] });
  });

  it("holds when a history row's figures change later, as a limit order's row does when it fills", async () => {
    // The statement shows the ledger's postings, which never change; a history row takes its fill's figures
    // when an order fills, perhaps after its month closed. That is not tampering, and verify must not say so.
    const { historyId, amount } = await movement('Rent for the studio');
    await ctx.app.db
      .updateTable('transactions')
      .set({ amount: amount + 1n })
      .where('id', '=', historyId)
      .execute();
    expect(await verify()).toMatchObject({ ok: true, problems: [] });
    await ctx.app.db.updateTable('transactions').set({ amount }).where('id', '=', historyId).execute();
  });

  it("fails after a history row's date is altered", async () => {
    const { historyId, created_at } = await movement('First instant of the month');
    const earlier = new Date(Date.parse(created_at) - 1000).toISOString();
    await ctx.app.db
      .updateTable('transactions')
      .set({ created_at: earlier })
      .where('id', '=', historyId)
      .execute();
    expect((await verify()).problems).toEqual([
      { walletId: books.wallets.USD!.id, currency: 'USD', month: lastMonth, problem: 'altered' },
    ]);
    await ctx.app.db.updateTable('transactions').set({ created_at }).where('id', '=', historyId).execute();
    expect((await verify()).ok).toBe(true);
  });

  it("fails after a posting's amount is altered, though the ledger refuses such changes", async () => {
    const { postingId, postingAmount } = await movement('Client payment, March project');
    await expect(
      ctx.app.db
        .updateTable('postings')
        .set({ amount: postingAmount - 1n })
        .where('id', '=', postingId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await forcePostingUpdate(ctx.app.db, ctx.dialect, (db) =>
      db
        .updateTable('postings')
        .set({ amount: postingAmount - 1n })
        .where('id', '=', postingId)
        .execute(),
    );
    const result = await verify();
    // The first month's movements changed, and so did the opening balance of every later month: each is named.
    expect(result.problems.map((problem) => [problem.currency, problem.month])).toEqual(
      result.problems.map(() => ['USD', expect.any(String)]),
    );
    expect(result.problems[0]).toMatchObject({ month: firstMonth, problem: 'altered' });
    expect(result.brokenFrom).toEqual([
      { walletId: books.wallets.USD!.id, currency: 'USD', month: firstMonth },
    ]);
    await forcePostingUpdate(ctx.app.db, ctx.dialect, (db) =>
      db.updateTable('postings').set({ amount: postingAmount }).where('id', '=', postingId).execute(),
    );
    expect((await verify()).ok).toBe(true);
  });

  it('fails when a stored statement is removed: the month is missing, and never closed again', async () => {
    const stored = await ctx.app.db
      .selectFrom('statements')
      .selectAll()
      .where('account_id', '=', books.wallets.EUR!.id)
      .orderBy('month')
      .execute();
    await ctx.app.db.deleteFrom('statements').where('id', '=', stored[1]!.id).execute();
    const result = await verify();
    expect(result.problems).toEqual([
      { walletId: books.wallets.EUR!.id, currency: 'EUR', month: stored[1]!.month, problem: 'missing' },
    ]);
    expect(result.brokenFrom).toEqual([
      { walletId: books.wallets.EUR!.id, currency: 'EUR', month: stored[1]!.month },
    ]);
    await ctx.app.db
      .insertInto('statements')
      .values({ ...stored[1]!, movements: Number(stored[1]!.movements) })
      .execute();
    expect((await verify()).ok).toBe(true);
  });

  it("checks only the caller's own statements, closing their ended months first", async () => {
    const other = await statementBooks(ctx.app);
    expect(await verify(other.session)).toMatchObject({ ok: true, checked: 7 });
    expect(await verify()).toMatchObject({ ok: true, checked: 7 });
  });
});
