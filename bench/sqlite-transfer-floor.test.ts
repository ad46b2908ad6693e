import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../server/src/db/database';
import { verifyLedger } from '../server/src/modules/ledger/ledger.verify';
import { recordTransfer, replayTransfers, type Party, type TransferTemplate } from './sqlite-transfer-floor';

/** The tables a transfer writes to. */
const TABLES = ['journal_entries', 'postings', 'transactions', 'notifications', 'idempotency_keys'] as const;

/**
 * The bench's SQLite floor runs a recorded API transfer again as other transfers between other customers.
 * It must ask SQLite for what the API asks: each one the rows of a transfer, between the customers it names,
 * the ledger still sound. Otherwise "SQLite's own limit for this transfer" measures something else.
 */
describe('the SQLite floor runs again what an API transfer runs', () => {
  let dir: string;
  let path: string;
  let recorded: { template: TransferTemplate; customers: Party[] };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-floor-test-'));
    path = join(dir, 'floor.db');
    recorded = await recordTransfer(path, 3);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const withDatabase = async <T>(use: (handle: DatabaseHandle) => Promise<T>) => {
    const handle = openDatabase({ sqlitePath: path });
    try {
      return await use(handle);
    } finally {
      await handle.destroy();
    }
  };
  const rowCounts = () =>
    withDatabase(async ({ db }) => {
      const counts: Record<string, number> = {};
      for (const table of TABLES) {
        const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        counts[table] = Number(rows[0]!.n);
      }
      return counts;
    });
  const balances = () =>
    withDatabase(async ({ db }) => {
      const rows = await db
        .selectFrom('ledger_accounts')
        .select(['id', 'balance'])
        .where(
          'id',
          'in',
          recorded.customers.map((customer) => customer.walletId),
        )
        .execute();
      return Object.fromEntries(rows.map((row) => [row.id, BigInt(row.balance!)]));
    });

  it('recorded one money transaction whose own values are the ids, the key and the time', () => {
    const { template } = recorded;
    expect(
      template.statements.some((statement) => /insert into "journal_entries"/.test(statement.source)),
    ).toBe(true);
    // An entry, its postings, two history rows, two notifications, the key and its time at least.
    expect(template.own.length).toBeGreaterThanOrEqual(8);
  });

  it('three transfers in batches of two: the rows of three, between the customers named, the ledger sound', async () => {
    const before = await rowCounts();
    const moneyBefore = await balances();
    const { count } = await replayTransfers(path, recorded.template, recorded.customers, { transfers: 3 }, 2);
    expect(count).toBe(3);

    const after = await rowCounts();
    const added = Object.fromEntries(TABLES.map((table) => [table, after[table]! - before[table]!]));
    // Each: one entry with three postings (the fee's too), a history row and a notification for each side,
    // the stored answer under its key.
    expect(added).toEqual({
      journal_entries: 3,
      postings: 9,
      transactions: 6,
      notifications: 6,
      idempotency_keys: 3,
    });
    expect((await withDatabase(({ db }) => verifyLedger(db))).violations).toEqual([]);

    // The bench's pairs for turns 0, 1 and 2 of three customers: 0 → 1, 1 → 2, 2 → 0 (see replayTransfers);
    // each sent 1.00 plus the 0.03 fee and received 1.00.
    const moneyAfter = await balances();
    for (const customer of recorded.customers)
      expect(moneyAfter[customer.walletId]! - moneyBefore[customer.walletId]!).toBe(-3n);
  });
});
