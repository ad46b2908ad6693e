import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLost } from '../../db/connection-lost';
import { cuttableProxy } from '../../test/cuttable-proxy';
import { request, signUp, type Session } from '../../test/http';
import { ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app';
import { verifyLedger } from './ledger.verify';
import { withMoneyTransaction } from '../../db/money-transaction';

/**
 * A PostgreSQL connection ended from the database's side in the middle of a payment, as an administrator's
 * pg_terminate_backend or a failover does. The backend ends itself from a trigger on the Idempotency-Key's
 * row, the first time it fires only (a sequence counts firings: nextval is not rolled back): an ordinary
 * trigger fires before COMMIT; a deferred constraint trigger fires during COMMIT, where the app cannot know
 * whether the payment was kept.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a payment whose connection is lost [postgres]', () => {
  let ctx: TestContext & { close(): Promise<void> };
  let alice: Session;
  let usd: string;

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    alice = await signUp(ctx.app);
    usd = (await walletsOf(ctx.app, alice)).USD!.id;
    await sql`create sequence connection_loss_firings`.execute(ctx.app.db);
    await sql`create function end_own_connection_once() returns trigger language plpgsql as $$
      begin
        if nextval('connection_loss_firings') = 1 then perform pg_terminate_backend(pg_backend_pid()); end if;
        return new;
      end $$`.execute(ctx.app.db);
    await sql`create table connection_loss_probe (id serial primary key)`.execute(ctx.app.db);
  });
  afterAll(() => ctx?.close());

  const deposit = (key = newKey()) =>
    request(ctx.app, alice, 'POST', `/api/wallets/${usd}/deposit`, { amount: '10.00' }, key);
  const balance = async () => (await walletsOf(ctx.app, alice)).USD!.balance;
  const firings = async () =>
    Number(
      (await sql<{ last_value: bigint }>`select last_value from connection_loss_firings`.execute(ctx.app.db))
        .rows[0]!.last_value,
    );

  async function withTrigger(definition: string, use: () => Promise<void>) {
    await sql`alter sequence connection_loss_firings restart`.execute(ctx.app.db);
    await sql.raw(definition).execute(ctx.app.db);
    const table = /after insert on (\w+)/.exec(definition)![1]!;
    try {
      await use();
    } finally {
      await sql.raw(`drop trigger end_own_connection on ${table}`).execute(ctx.app.db);
    }
  }

  it('is run again on a fresh connection when lost before COMMIT, and applied once', async () => {
    const before = await balance();
    await withTrigger(
      `create trigger end_own_connection after insert on idempotency_keys
         for each row execute function end_own_connection_once()`,
      async () => {
        const answer = await deposit();
        expect(answer.statusCode).toBe(201);
        expect(await firings()).toBe(2); // the lost try, and the one that was kept
      },
    );
    expect(Number(await balance()) - Number(before)).toBe(10);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('when lost during COMMIT, is run again with the same key, and applied once', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const key = newKey();
    await withTrigger(
      `create constraint trigger end_own_connection after insert on idempotency_keys
         deferrable initially deferred for each row execute function end_own_connection_once()`,
      async () => {
        const answer = await deposit(key);
        expect(answer.statusCode).toBe(201);
        expect(await firings()).toBe(2);
      },
    );
    const after = await ledgerSnapshot(ctx.app.db);
    expect(after.idempotencyKeys - before.idempotencyKeys).toBe(1);
    expect(after.entries - before.entries).toBe(1);
    // The client retrying with its key is answered with the stored result; nothing moves again.
    const again = await deposit(key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await ledgerSnapshot(ctx.app.db)).entries).toBe(after.entries);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('does not run a transaction without a key again when lost during COMMIT: its outcome is unknown', async () => {
    let runs = 0;
    await withTrigger(
      `create constraint trigger end_own_connection after insert on connection_loss_probe
         deferrable initially deferred for each row execute function end_own_connection_once()`,
      async () => {
        const insert = withMoneyTransaction(ctx.app.db, async (trx) => {
          runs++;
          await sql`insert into connection_loss_probe default values`.execute(trx);
        });
        // The socket's ECONNRESET or node-postgres' "Connection terminated", whichever is heard first.
        await expect(insert).rejects.toSatisfy(isConnectionLost);
      },
    );
    expect(runs).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database that cannot be reached [postgres]', () => {
  it('answers 503 UNAVAILABLE with Retry-After on every path, never a 500', async () => {
    const database = await createTestDatabase('postgres');
    const proxy = await cuttableProxy(new URL(database.config.DATABASE_URL!));
    // Sessions remembered for a while, so that requests get past sign-in to the queries of their own route.
    const ctx = await createTestApp('postgres', {
      DATABASE_URL: proxy.url.toString(),
      SESSION_CACHE_SECONDS: 60,
    }).catch(async (error) => {
      await database.drop();
      throw error;
    });
    try {
      const session = await signUp(ctx.app);
      const usd = (await walletsOf(ctx.app, session)).USD!.id;
      await proxy.cut();
      const answers = [
        await request(ctx.app, session, 'GET', '/api/wallets'),
        await request(ctx.app, session, 'GET', '/api/transactions'),
        await request(ctx.app, session, 'POST', `/api/wallets/${usd}/deposit`, { amount: '1.00' }, newKey()),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503);
        expect(answer.json().code).toBe('UNAVAILABLE');
        expect(answer.headers['retry-after']).toBe('5');
      }
    } finally {
      await ctx.close().catch(() => {});
      await database.drop();
    }
  }, 30_000);
});
