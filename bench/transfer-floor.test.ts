import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { Money } from '@contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Session } from '../server/src/test/http';
import { fund, sendUsd, walletsOf } from '../server/src/test/money';
import { createTestApp, type TestContext } from '../server/src/test/test-app';
import { verifyLedger } from '../server/src/modules/ledger/ledger.verify';
import { measureTransferFloor, prepareFloorCustomers } from './transfer-floor';

const postgresUrl = process.env.TEST_DATABASE_URL;
const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;

/** The tables a transfer writes to, and how many rows each holds. */
const TABLES = ['journal_entries', 'postings', 'transactions', 'notifications', 'idempotency_keys'] as const;

/**
 * The bench's floor script (transfer-floor.pgbench) must ask PostgreSQL for what an API transfer asks: the
 * same rows in the same tables, the ledger still sound. Otherwise the bench's "PostgreSQL's own limit for
 * this transfer" measures something else.
 */
describe.skipIf(!postgresUrl || !hasPgbench)(
  'the bench floor script writes what an API transfer writes',
  () => {
    let ctx: TestContext & { close(): Promise<void> };
    let payer: Session;
    let payee: Session;

    beforeAll(async () => {
      ctx = await createTestApp('postgres');
      payer = await signUp(ctx.app);
      payee = await signUp(ctx.app);
      // The script picks its sender at random, so both can pay.
      for (const session of [payer, payee])
        await fund(ctx.app.db, (await walletsOf(ctx.app, session)).USD!.id, '100.00', 'USD');
    });
    afterAll(async () => ctx?.close());

    const rowCounts = async () => {
      const counts: Record<string, number> = {};
      for (const table of TABLES) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
          ctx.app.db,
        );
        counts[table] = rows[0]!.n;
      }
      return counts;
    };
    const difference = (after: Record<string, number>, before: Record<string, number>) =>
      Object.fromEntries(TABLES.map((table) => [table, after[table]! - before[table]!]));

    it('one transfer through each: the same rows, a balanced ledger, the same money moved', async () => {
      const start = await rowCounts();
      expect((await sendUsd(ctx.app, payer, payee.user.email, '1.00')).statusCode).toBe(201);
      const afterApi = await rowCounts();

      const customers = await prepareFloorCustomers(ctx.config.DATABASE_URL!, [
        payer.user.email,
        payee.user.email,
      ]);
      expect(customers).toBe(2);
      const floor = measureTransferFloor(ctx.config.DATABASE_URL!, customers, { transactions: 1 });
      expect(floor).toMatchObject({ transactions: 1 });
      const afterScript = await rowCounts();

      expect(difference(afterScript, afterApi)).toEqual(difference(afterApi, start));
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
      // Whoever the script picked as the sender, the two customers' money fell by the two fees (0.03 each).
      const usd = async (session: Session) =>
        Money.parse((await walletsOf(ctx.app, session)).USD!.balance, 'USD');
      expect((await usd(payer)).plus(await usd(payee)).format()).toBe('199.94');
    });
  },
);
