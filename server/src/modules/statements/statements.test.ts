import { beforeAll, expect, it } from 'vitest';
import { GENESIS_DIGEST, type StatementList, type WalletStatement } from '@contract/statements';
import { formatAmount, parseAmount } from '@contract/money';
import type { Currency } from '@contract/currencies';
import { request, signUp, type Session } from '../../test/http';
import { walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { closeStatementsJob } from './statement-closing';
import { statementSealer } from './statement-seal';
import { nextMonth } from './statement-month';
import { ledgerBalanceBefore, statementBooks, type StatementBooks } from './statement-test-books';

describeEachDatabase('statements', (ctx) => {
  let books: StatementBooks;
  let ben: Session;
  const list = async (session: Session = books.session): Promise<StatementList> => {
    const response = await request(ctx.app, session, 'GET', '/api/statements');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const minor = (statement: WalletStatement, field: 'opening' | 'closing' | 'moneyIn' | 'moneyOut') =>
    parseAmount(statement[field], statement.currency as Currency);

  beforeAll(async () => {
    books = await statementBooks(ctx.app);
    ben = await signUp(ctx.app);
  });

  it('lists every UTC month from the first movement, newest first, the current one not closed', async () => {
    const { months } = await list();
    expect(months).toHaveLength(4);
    expect(months[0]!.closed).toBe(false);
    expect(months.slice(1).every((month) => month.closed)).toBe(true);
    expect(months.map((month) => month.month)).toEqual(
      [...months.map((month) => month.month)].sort().reverse(),
    );
    expect(months[0]!.wallets.every((wallet) => wallet.digest === null)).toBe(true);
    // A wallet has statements from its first movement on (BTC's is last month).
    const currenciesOf = (index: number) => months.at(index)!.wallets.map((wallet) => wallet.currency);
    expect(currenciesOf(-1).sort()).toEqual(['EUR', 'USD']);
    expect(currenciesOf(1).sort()).toEqual(['BTC', 'EUR', 'USD']);
  });

  it('opening + movements = closing, and closing is the ledger at the month end', async () => {
    const { months } = await list();
    for (const month of months) {
      for (const wallet of month.wallets) {
        const end = `${nextMonth(month.month)}-01T00:00:00.000Z`;
        const ledger = await ledgerBalanceBefore(ctx.app.db, wallet.walletId, end);
        const start = await ledgerBalanceBefore(
          ctx.app.db,
          wallet.walletId,
          `${month.month}-01T00:00:00.000Z`,
        );
        expect(minor(wallet, 'opening'), `${wallet.currency} ${month.month}`).toBe(start);
        expect(minor(wallet, 'opening') + minor(wallet, 'moneyIn') - minor(wallet, 'moneyOut')).toBe(
          minor(wallet, 'closing'),
        );
        expect(minor(wallet, 'closing'), `${wallet.currency} ${month.month}`).toBe(ledger);
      }
    }
    // The month so far ends at the cached balance.
    const now = await walletsOf(ctx.app, books.session);
    for (const wallet of months[0]!.wallets) {
      expect(wallet.closing).toBe(now[wallet.currency]!.balance);
    }
  });

  it('puts the last and the first millisecond of a month each in its own month', async () => {
    const { months } = await list();
    const usd = (index: number) => months[index]!.wallets.find((wallet) => wallet.currency === 'USD')!;
    expect(usd(2)).toMatchObject({ moneyIn: '49.99', moneyOut: '0.01', movements: 2 });
    expect(usd(1)).toMatchObject({ moneyIn: '200.00', moneyOut: '0.00', movements: 1 });
    expect(usd(1).opening).toBe(usd(2).closing);
  });

  it('chains each closed month to the wallet month before, the first to the genesis digest', async () => {
    const { months } = await list();
    const closed = [...months].reverse().filter((month) => month.closed);
    for (const currency of ['USD', 'EUR', 'BTC']) {
      const chain = closed.flatMap((month) => month.wallets.filter((wallet) => wallet.currency === currency));
      expect(chain.length).toBeGreaterThan(0);
      expect(chain[0]!.previousDigest).toBe(GENESIS_DIGEST);
      chain.forEach((statement, index) => {
        expect(statement.digest).toMatch(/^[0-9a-f]{64}$/);
        if (index > 0) expect(statement.previousDigest).toBe(chain[index - 1]!.digest);
      });
    }
  });

  it('closes each wallet month once, however many ask at once (list, download and the job)', async () => {
    const job = closeStatementsJob({ db: ctx.app.db, sealer: statementSealer(ctx.config) });
    const fresh = await statementBooks(ctx.app);
    const month = (await list(fresh.session)).months[1]!.month;
    await Promise.all([
      list(fresh.session),
      list(fresh.session),
      request(ctx.app, fresh.session, 'GET', `/api/statements/${month}/csv`),
      job.run(),
      job.run(),
    ]);
    const rows = await ctx.app.db
      .selectFrom('statements')
      .select(['account_id', 'month'])
      .where('user_id', '=', fresh.userId)
      .execute();
    expect(rows).toHaveLength(7); // USD and EUR three closed months each, BTC one
    expect(new Set(rows.map((row) => `${row.account_id}|${row.month}`)).size).toBe(rows.length);
    const before = await list(fresh.session);
    await job.run();
    expect(await list(fresh.session)).toEqual(before);
  });

  it("answers 404 for another user's wallet and 400 for a bad month or format", async () => {
    const month = (await list()).months[1]!.month;
    const usd = books.wallets.USD!.id;
    const ask = (url: string, session = ben) => request(ctx.app, session, 'GET', url);
    expect((await ask(`/api/statements/${month}/pdf?wallet=${usd}`)).statusCode).toBe(404);
    expect((await ask(`/api/statements/${month}/pdf?wallet=nope`, books.session)).statusCode).toBe(404);
    for (const bad of ['2026-13', '2026-1', '26-10', 'latest', '1999-12']) {
      expect((await ask(`/api/statements/${bad}/csv`, books.session)).statusCode, bad).toBe(400);
    }
    expect((await ask('/api/statements/2999-01/csv', books.session)).statusCode).toBe(400);
    expect((await ask(`/api/statements/${month}/xls`, books.session)).statusCode).toBe(400);
    expect((await request(ctx.app, null, 'GET', '/api/statements')).statusCode).toBe(401);
    expect((await request(ctx.app, null, 'GET', '/api/statements/verify')).statusCode).toBe(401);
  });

  it("shows a new user's one month so far and nothing else of anyone's", async () => {
    const { months } = await list(ben);
    expect(months).toHaveLength(1);
    expect(months[0]!.wallets.every((wallet) => wallet.opening === formatAmount(0n, wallet.currency))).toBe(
      true,
    );
    const theirs = new Set(Object.values(books.wallets).map((wallet) => wallet.id));
    expect(months[0]!.wallets.some((wallet) => theirs.has(wallet.walletId))).toBe(false);
  });
});
