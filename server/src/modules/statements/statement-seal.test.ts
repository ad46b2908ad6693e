import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { VerifyProblem } from '@contract/statements';
import { buildApp } from '../../app';
import { describeEachDatabase } from '../../test/test-app';
import { listOwnWallets } from '../wallets/wallets';
import { CLOSE_GRACE_MS, closeEndedMonths } from './statement-closing';
import { statementDigest } from './statement-digest';
import { sealLegacyStatements } from './statement-legacy-seals';
import { monthStart, nextMonth } from './statement-month';
import { readWalletMonth } from './statement-reading';
import { createStatementSealer, statementSealer, type StatementSealer } from './statement-seal';
import { statementBooks } from './statement-test-books';
import { createStatementsService } from './statements.service';

const HOUR = 3_600_000;

/**
 * The seal stands in for the key the database does not hold. Each test plays someone who can write the
 * database (every table, the statements too) but does not have the key, on books whose months were each
 * sealed on time, as a server running through those months would have sealed them.
 */
describeEachDatabase('statement seals', (ctx) => {
  const sealer = () => statementSealer(ctx.config);
  const service = (withSealer: StatementSealer = sealer()) =>
    createStatementsService({
      db: ctx.app.db,
      sealer: withSealer,
      fonts: () => {
        throw new Error('no PDF in these tests');
      },
    });
  const check = (userId: string, withSealer?: StatementSealer) => service(withSealer).verify(userId);

  /** Books whose wallets opened three months ago, each month sealed an hour after it could be closed. */
  async function sealedOnTime() {
    const books = await statementBooks(ctx.app);
    const now = new Date();
    const month = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    const months = [month(3), month(2), month(1)];
    await ctx.app.db
      .updateTable('ledger_accounts')
      .set({ created_at: monthStart(months[0]!) })
      .where('user_id', '=', books.userId)
      .execute();
    const wallets = await listOwnWallets(ctx.app.db, books.userId);
    for (const each of months) {
      const sealedAt = new Date(Date.parse(monthStart(nextMonth(each))) + CLOSE_GRACE_MS + HOUR);
      await closeEndedMonths({ db: ctx.app.db, sealer: sealer() }, books.userId, wallets, sealedAt);
    }
    return { ...books, months };
  }
  const statementsOf = (userId: string) =>
    ctx.app.db
      .selectFrom('statements')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('account_id')
      .orderBy('month')
      .execute();
  const kinds = (problems: VerifyProblem[], walletId: string) =>
    problems.filter((problem) => problem.walletId === walletId).map(({ month, problem }) => [month, problem]);

  it('holds with the right key and nothing changed', async () => {
    const books = await sealedOnTime();
    const result = await check(books.userId);
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(result.checked).toBeGreaterThanOrEqual(9);
    expect((await statementsOf(books.userId)).every((row) => /^v1\.[0-9a-f]{64}$/.test(row.seal!))).toBe(
      true,
    );
  });

  it('fails when the seals are deleted and the server seals the months again', async () => {
    const books = await sealedOnTime();
    await ctx.app.db.deleteFrom('statements').where('user_id', '=', books.userId).execute();
    // The check closes the ended months first, as every list and download would: it seals them all again.
    const result = await check(books.userId);
    expect(result.ok).toBe(false);
    const usd = kinds(result.problems, books.wallets.USD!.id);
    // The month before last ended weeks ago; last month may have ended only hours ago (no window has passed).
    expect(usd).toContainEqual([books.months[0], 'late']);
    expect(usd).toContainEqual([books.months[1], 'late']);
    expect(usd.every(([, problem]) => problem === 'late')).toBe(true);
    expect(result.brokenFrom).toContainEqual({
      walletId: books.wallets.USD!.id,
      currency: 'USD',
      month: books.months[0],
    });
  });

  it('fails when the chain is recomputed over a changed ledger, as a plain digest allowed', async () => {
    const books = await sealedOnTime();
    const usd = books.wallets.USD!;
    // A history row's time is part of the digest and needs no trigger lifted to change.
    const row = await ctx.app.db
      .selectFrom('transactions')
      .select(['id', 'created_at'])
      .where('user_id', '=', books.userId)
      .where('description', '=', 'Early in the month')
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .updateTable('transactions')
      .set({ created_at: new Date(Date.parse(row.created_at) + 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    // Then every digest from that month on, each chained to the one before, written back.
    const stored = (await statementsOf(books.userId)).filter((each) => each.account_id === usd.id);
    let previous = stored[0]!.digest;
    for (const each of stored.slice(1)) {
      const month = await readWalletMonth(
        ctx.app.db,
        books.userId,
        { id: usd.id, currency: 'USD' },
        each.month,
      );
      const digest = statementDigest(month, previous);
      await ctx.app.db
        .updateTable('statements')
        .set({ digest, previous_digest: previous })
        .where('id', '=', each.id)
        .execute();
      previous = digest;
    }
    const result = await check(books.userId);
    const problems = kinds(result.problems, usd.id);
    expect(problems).toContainEqual([books.months[1], 'seal']);
    expect(problems.every(([, problem]) => problem === 'seal')).toBe(true);
  });

  it('fails under another key: no seal verifies', async () => {
    const books = await sealedOnTime();
    const result = await check(books.userId, createStatementSealer(randomBytes(32)));
    expect(result.ok).toBe(false);
    expect(result.problems.length).toBe(result.checked);
    expect(result.problems.every((problem) => problem.problem === 'seal')).toBe(true);
  });

  it('seals the statements closed before keyed seals once, keeping when each was closed', async () => {
    const books = await sealedOnTime();
    const before = await statementsOf(books.userId);
    await ctx.app.db
      .updateTable('statements')
      .set({ seal: null })
      .where('user_id', '=', books.userId)
      .execute();
    const unsealed = await check(books.userId);
    expect(unsealed.problems.length).toBe(before.length);
    expect(unsealed.problems.every((problem) => problem.problem === 'seal')).toBe(true);
    // One of them no longer matches its ledger: it stays unsealed, and the check still says so.
    const eur = before.find((row) => row.account_id === books.wallets.EUR!.id)!;
    await ctx.app.db
      .updateTable('statements')
      .set({ digest: 'f'.repeat(64) })
      .where('id', '=', eur.id)
      .execute();

    // And the month after it no longer links to what it now says.
    const { sealed, left } = await sealLegacyStatements({ db: ctx.app.db, sealer: sealer() });
    expect({ sealed, left }).toEqual({ sealed: before.length - 2, left: 2 });
    const after = await statementsOf(books.userId);
    expect(after.map((row) => row.closed_at)).toEqual(before.map((row) => row.closed_at));
    const result = await check(books.userId);
    expect(result.problems.filter((problem) => problem.walletId !== books.wallets.EUR!.id)).toEqual([]);
    expect(kinds(result.problems, books.wallets.EUR!.id)).toEqual([
      [eur.month, 'seal'],
      [eur.month, 'altered'],
      [nextMonth(eur.month), 'seal'],
      [nextMonth(eur.month), 'link'],
    ]);
  });

  it('never seals an unsealed statement found at a later start: only the start that migrates does', async () => {
    const books = await sealedOnTime();
    const [row] = await statementsOf(books.userId);
    await ctx.app.db.updateTable('statements').set({ seal: null }).where('id', '=', row!.id).execute();
    const restarted = await buildApp(ctx.config);
    await restarted.close();
    const after = await ctx.app.db
      .selectFrom('statements')
      .select('seal')
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(after.seal).toBeNull();
    expect((await check(books.userId)).problems).toEqual([
      { walletId: row!.account_id, currency: row!.currency, month: row!.month, problem: 'seal' },
    ]);
  });
});
