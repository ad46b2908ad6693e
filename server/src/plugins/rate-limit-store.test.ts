import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { testConfig } from '../test/config';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { BatchedRateLimitCounter } from './batched-rate-limit-counter';
import { databaseRateLimitStore } from './rate-limit-store';

/** Two app instances on one PostgreSQL database stand for two processes (WORKERS=2, or two machines). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits shared by every process [postgres]', () => {
  let database: TestDatabase;
  let first: App;
  let second: App;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = testConfig({ ...database.config, RATE_LIMIT_PER_MINUTE: 4, SIGNUPS_PER_MINUTE: 2 });
    first = await buildApp(config);
    second = await buildApp(config);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('counts one client against one API limit, whichever process answers', async () => {
    const from = { remoteAddress: '198.51.100.70' };
    const statuses = [];
    for (const app of [first, second, first, second, first, second]) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/auth/options', ...from })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another client has its own allowance.
    const other = await second.inject({
      method: 'GET',
      url: '/api/auth/options',
      remoteAddress: '198.51.100.71',
    });
    expect(other.statusCode).toBe(200);
  });

  it('shares the sign-up limit too (register and demo, across processes)', async () => {
    const from = { remoteAddress: '198.51.100.72' };
    const register = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'shared-limit@example.com', password: 'correct horse battery' },
      ...from,
    });
    expect(register.statusCode).toBe(201);
    expect((await second.inject({ method: 'POST', url: '/api/auth/demo', ...from })).statusCode).toBe(201);
    expect((await first.inject({ method: 'POST', url: '/api/auth/demo', ...from })).statusCode).toBe(429);
  });
});

/**
 * The store itself, one "process" per Kysely (its own pool), each logging the statements it sends. Flushes are
 * by hand (the timer is set far off) so each test says exactly when a process writes and learns.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the database rate-limit store [postgres]', () => {
  const minute = 60_000;
  let database: TestDatabase;
  let admin: Kysely<Database>;
  const opened: Array<{ close(): Promise<void> }> = [];

  function openDb() {
    const statements: string[] = [];
    const pool = new pg.Pool({ connectionString: database.config.DATABASE_URL, max: 2 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => void statements.push(event.query.sql),
    });
    return { db, statements };
  }

  function openProcess(options: { onFlushError?: (error: unknown) => void; now?: () => number } = {}) {
    const { db, statements } = openDb();
    const counter = new BatchedRateLimitCounter(db, { flushEveryMs: 3_600_000, ...options });
    const store = new (databaseRateLimitStore(db, counter))({});
    const incr = (key: string, max: number, timeWindow = minute) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, max),
      );
    const process = { counter, statements, incr, close: () => counter.close().then(() => db.destroy()) };
    opened.push(process);
    return process;
  }

  const rows = async () =>
    Object.fromEntries(
      (await admin.selectFrom('rate_limits').select(['key', 'hits']).execute()).map((row) => [
        row.key,
        Number(row.hits),
      ]),
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = openDb().db;
    await migrateToLatest(admin as Kysely<unknown>);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((process) => process.close()));
    await admin.deleteFrom('rate_limits').execute();
  });
  afterAll(async () => {
    await admin?.destroy();
    await database?.drop();
  });

  it('answers a large limit from memory and writes all its keys in one statement per flush', async () => {
    const one = openProcess();
    const answers = [];
    for (const key of ['a', 'a', 'b', 'a', 'b']) answers.push((await one.incr(key, 600)).current);
    expect(answers).toEqual([1, 2, 1, 3, 2]);
    expect(one.statements).toEqual([]);
    expect(await rows()).toEqual({});

    await one.counter.flush();
    expect(one.statements).toHaveLength(1);
    expect(await rows()).toEqual({ 'global|a': 3, 'global|b': 2 });
    // What is left at close is written too.
    await one.incr('a', 600);
    await one.counter.close();
    expect(await rows()).toEqual({ 'global|a': 4, 'global|b': 2 });
  });

  it('flushes on its own, shortly after a hit', async () => {
    const { db } = openDb();
    const counter = new BatchedRateLimitCounter(db, { flushEveryMs: 20 });
    opened.push({ close: () => counter.close().then(() => db.destroy()) });
    counter.hit('global|timer', minute);
    await expect.poll(rows, { timeout: 2_000 }).toEqual({ 'global|timer': 1 });
  });

  it('two processes refuse together once the shared total passes max, each from its next flush', async () => {
    const [first, second] = [openProcess(), openProcess()];
    for (let i = 0; i < 60; i++) {
      expect((await first.incr('client', 100)).current).toBeLessThanOrEqual(100);
      expect((await second.incr('client', 100)).current).toBeLessThanOrEqual(100);
    }
    await first.counter.flush();
    await second.counter.flush();
    expect(await rows()).toEqual({ 'global|client': 120 });
    // The second flushed last and knows the total; the first learns it at its next flush, having admitted a
    // hit meanwhile (the over-admission the batched path allows).
    expect((await second.incr('client', 100)).current).toBe(121);
    expect((await first.incr('client', 100)).current).toBe(61);
    await first.counter.flush();
    expect((await first.incr('client', 100)).current).toBe(122);
    await second.counter.flush();
    expect((await second.incr('client', 100)).current).toBe(123);
    expect(first.statements.length + second.statements.length).toBe(4);
  });

  it('restarts a window once it is over, in memory and in the shared row', async () => {
    let clock = Date.now();
    const now = () => clock;
    const [first, second] = [openProcess({ now }), openProcess({ now })];
    const window = 1_000;
    for (let i = 0; i < 3; i++) await first.incr('restart', 100, window);
    await first.counter.flush();
    expect((await second.incr('restart', 100, window)).current).toBe(1);
    await second.counter.flush();
    expect((await second.incr('restart', 100, window)).current).toBe(5);
    const before = await admin.selectFrom('rate_limits').select('window_start').executeTakeFirstOrThrow();

    clock += window + 50;
    // The second's last hit, never written, belonged to the old window: dropped, not carried into the new one.
    const answer = await first.incr('restart', 100, window);
    expect(answer.current).toBe(1);
    expect(answer.ttl).toBe(window);
    await first.counter.flush();
    await second.counter.flush();
    expect(await rows()).toEqual({ 'global|restart': 1 });
    const after = await admin.selectFrom('rate_limits').select('window_start').executeTakeFirstOrThrow();
    expect(after.window_start).toBeGreaterThan(before.window_start);
  });

  it('keeps the counts of a failed flush for the next one, answering meanwhile', async () => {
    const failures: unknown[] = [];
    const one = openProcess({ onFlushError: (error) => failures.push(error) });
    for (let i = 0; i < 3; i++) await one.incr('outage', 600);
    await sql`alter table rate_limits rename to rate_limits_away`.execute(admin);
    try {
      await one.counter.flush();
      await one.counter.flush();
      expect((await one.incr('outage', 600)).current).toBe(4);
      await one.counter.flush();
    } finally {
      await sql`alter table rate_limits_away rename to rate_limits`.execute(admin);
    }
    // Told once, not at every retry.
    expect(failures).toHaveLength(1);
    await one.counter.flush();
    expect(await rows()).toEqual({ 'global|outage': 4 });
    expect((await one.incr('outage', 600)).current).toBe(5);
  });

  it('still counts small limits exactly, one upsert per request', async () => {
    const [first, second] = [openProcess(), openProcess()];
    const answers = [];
    for (const process of [first, second, first, second, first, second]) {
      answers.push((await process.incr('sign-in', 5)).current);
    }
    expect(answers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.statements.length + second.statements.length).toBe(6);
    expect(await rows()).toEqual({ 'global|sign-in': 6 });
  });
});
