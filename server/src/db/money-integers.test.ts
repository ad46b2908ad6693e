import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { houseAccountId } from '../modules/ledger/house-accounts';
import { verifyLedger } from '../modules/ledger/ledger.verify';
import { signUp } from '../test/http';
import { walletsOf } from '../test/money';
import { createTestApp } from '../test/test-app';
import { sqliteMoneyColumns } from './migrations/0024-amount-ceilings';
import { sqlitePaymentMoneyColumns } from './migrations/0030-invoice-payments';
import { sqliteCheckoutMoneyColumns } from './migrations/0032-payment-checkouts';
import { sqliteForecastMoneyColumns } from './migrations/0041-forecast';

/** Integer columns that are not money: counters, clocks, sizes. Anything else declared bigint is money. */
const notMoney = new Set(['rate_limits.window_start', 'two_factor.last_used_step', 'passkeys.counter']);

/**
 * SQLite stores whatever it is given in a bigint column. Migration 0024's triggers keep money columns to
 * integers, so an overflowing `balance + delta` (which SQLite turns into a float) fails instead of corrupting
 * the book; and ledger:verify reports such values rather than crashing on them.
 */
describe('money columns hold integers only [sqlite]', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let walletId: string;

  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
    walletId = (await walletsOf(ctx.app, await signUp(ctx.app))).USD!.id;
  });
  afterAll(async () => ctx?.close());

  const run = (query: string) => sql.raw(query).execute(ctx.app.db);

  it('guards every bigint column that holds money, on insert and on update', async () => {
    const declared = await sql<{ table: string; column: string }>`
      select m.name as "table", c.name as "column" from sqlite_master m, pragma_table_info(m.name) c
      where m.type = 'table' and lower(c.type) = 'bigint'`.execute(ctx.app.db);
    const guarded = [
      ...sqliteMoneyColumns.flatMap(({ table, columns }) => columns.map((c) => `${table}.${c.name}`)),
      ...[...sqlitePaymentMoneyColumns, ...sqliteCheckoutMoneyColumns, ...sqliteForecastMoneyColumns].flatMap(
        ({ table, columns }) => columns.map((c) => `${table}.${c}`),
      ),
    ];
    const money = declared.rows.map((row) => `${row.table}.${row.column}`).filter((c) => !notMoney.has(c));
    expect(guarded.sort()).toEqual(money.sort());

    const triggers = await sql<{ name: string }>`
      select name from sqlite_master where type = 'trigger' and name like '%_money_integer_%'`.execute(
      ctx.app.db,
    );
    expect(triggers.rows).toHaveLength(
      (sqliteMoneyColumns.length +
        sqlitePaymentMoneyColumns.length +
        sqliteCheckoutMoneyColumns.length +
        sqliteForecastMoneyColumns.length) *
        2,
    );
  });

  it('refuses a float, text or an overflowing sum in a balance or a posting', async () => {
    const refused = /money must be an integer count of minor units/;
    await expect(run(`update ledger_accounts set balance = 12.5 where id = '${walletId}'`)).rejects.toThrow(
      refused,
    );
    await expect(run(`update ledger_accounts set balance = 'lots' where id = '${walletId}'`)).rejects.toThrow(
      refused,
    );
    // What the attack did: a balance near 2^63 plus a payment overflows into a float.
    await run(`update ledger_accounts set balance = 9223372036854775000 where id = '${walletId}'`);
    await expect(
      run(`update ledger_accounts set balance = balance + 1000 where id = '${walletId}'`),
    ).rejects.toThrow(refused);
    await run(`update ledger_accounts set balance = 0 where id = '${walletId}'`);

    const entryId = newId();
    await run(
      `insert into journal_entries (id, kind, description, metadata, created_at)
       values ('${entryId}', 'test', 'test', '{}', '2026-01-01T00:00:00.000Z')`,
    );
    await expect(
      run(
        `insert into postings (id, entry_id, account_id, currency, amount)
         values ('${newId()}', '${entryId}', '${walletId}', 'USD', 1.5)`,
      ),
    ).rejects.toThrow(refused);
    // Whole numbers still go in, and a nullable money column takes NULL.
    await run(`update cards set limit_daily = null where 0`);
    await run(`update ledger_accounts set balance = 0 where id = '${walletId}'`);
  });

  it('lets ledger:verify report non-integer money and overflowing sums as findings, not crash', async () => {
    // The state the attack left, written past the triggers (as a database from before them may hold it).
    await run('drop trigger ledger_accounts_money_integer_update');
    const external = houseAccountId('external', 'USD');
    for (let i = 0; i < 2; i++) {
      const entryId = newId();
      await run(
        `insert into journal_entries (id, kind, description, metadata, created_at)
         values ('${entryId}', 'invoice_payment', 'attack', '{}', '2026-01-01T00:00:00.000Z')`,
      );
      await run(
        `insert into postings (id, entry_id, account_id, currency, amount) values
         ('${newId()}', '${entryId}', '${walletId}', 'USD', 8999999999999999910),
         ('${newId()}', '${entryId}', '${external}', 'USD', -8999999999999999910)`,
      );
      await run(
        `update ledger_accounts set balance = balance + 8999999999999999910 where id = '${walletId}'`,
      );
    }

    const report = await verifyLedger(ctx.app.db);
    expect(report.violations).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^ledger_accounts\\.balance of row \\d+ is a real, not an integer`)),
        expect.stringMatching(new RegExp(`^account ${walletId} holds .* USD, past the ceiling`)),
        expect.stringMatching(/overflows a 64-bit integer/),
      ]),
    );
  });
});
