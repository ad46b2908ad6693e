import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, signUp, type Session } from '../test/http';
import { newKey, walletsOf } from '../test/money';
import { createTestApp, type TestContext } from '../test/test-app';
import { isConnectionLost } from './connection-lost';

/**
 * A stalled process must not hold the others' writers: a statement waits for a lock at most
 * PG_LOCK_TIMEOUT_MS and its request is answered 503 with Retry-After; a transaction left idle past
 * PG_IDLE_IN_TRANSACTION_TIMEOUT_MS has its session ended by the server, which frees its locks. (SQLite has
 * one writer, in this process: there is no other session to wait for.)
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL lock and idle timeouts [postgres]', () => {
  let ctx: TestContext & { close(): Promise<void> };
  let alice: Session;
  let usd: string;

  beforeAll(async () => {
    ctx = await createTestApp('postgres', {
      PG_LOCK_TIMEOUT_MS: 300,
      PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: 500,
    });
    alice = await signUp(ctx.app);
    usd = (await walletsOf(ctx.app, alice)).USD!.id;
  });
  afterAll(() => ctx?.close());

  const deposit = () =>
    request(ctx.app, alice, 'POST', `/api/wallets/${usd}/deposit`, { amount: '10.00' }, newKey());
  const balance = async () => (await walletsOf(ctx.app, alice)).USD!.balance;

  it("a write behind another session's row lock is answered 503 UNAVAILABLE with Retry-After, and keeps nothing", async () => {
    const before = await balance();
    // Another process's worker, stalled with the wallet's row locked.
    const holder = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from ledger_accounts where id = $1 for update', [usd]);
      const answer = await deposit();
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual({ code: 'UNAVAILABLE', message: 'Something went wrong' });
      expect(answer.headers['retry-after']).toBe('5');
      expect(await balance()).toBe(before);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // Asked again once the lock is gone, the request goes through.
    expect((await deposit()).statusCode).toBe(201);
    expect(await balance()).not.toBe(before);
  });

  it('a transaction left idle has its session ended by the server, which frees its locks', async () => {
    const before = await balance();
    const alive = async (pid: number) =>
      (
        await sql<{ n: bigint }>`select count(*) as n from pg_stat_activity where pid = ${pid}`.execute(
          ctx.app.db,
        )
      ).rows[0]!.n > 0n;
    const stalled = ctx.app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select id from ledger_accounts where id = ${usd} for update`.execute(trx);
      // The worker stalls mid-transaction, holding the wallet's lock, until the server ends its session.
      await expect.poll(() => alive(rows[0]!.pid), { timeout: 15_000 }).toBe(false);
      await sql`select 1`.execute(trx);
    });
    await expect(stalled).rejects.toSatisfy(isConnectionLost);
    // The lock went with the session: a payment to the wallet goes through.
    expect((await deposit()).statusCode).toBe(201);
    expect(await balance()).not.toBe(before);
  });
});
