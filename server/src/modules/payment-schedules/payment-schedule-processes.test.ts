import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '@contract/invoice-schedules';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { call, openCustomer } from '../../test/bank/bank-client';
import { paymentBody } from '../../test/payment-schedules';
import { freePort, startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../test/test-app';

/**
 * Scheduled payments against real server processes: SCHEDULES weekly schedules whose first PERIODS - 1 dates
 * have passed, so each process's job (every second) catches up PERIODS payments per schedule; the first
 * process is SIGKILLed once some are paid and started again. PostgreSQL runs two processes at once. At the end
 * every period of every schedule must have been paid exactly once: counted in the ledger's history rows, in
 * the payee's balance and in the runs recorded.
 */
const SCHEDULES = 30;
const PERIODS = 10;
const KILL_AFTER = 20;

const today = new Date().toISOString().slice(0, 10);
const firstDate = addDays(today, -7 * (PERIODS - 1));

const serverEnv = (database: TestDatabase): Record<string, string> => ({
  ...(database.config.DATABASE_URL ? { DATABASE_URL: database.config.DATABASE_URL } : {}),
  ...(database.config.SQLITE_PATH ? { SQLITE_PATH: database.config.SQLITE_PATH } : {}),
  WEB_DIST_DIR: '',
  RATE_LIMIT_PER_MINUTE: '1000000',
  SIGNUPS_PER_MINUTE: '100000',
  PAYMENT_SCHEDULE_INTERVAL_SECONDS: '1',
});

const scenarios = dialectsUnderTest().map((dialect) => ({
  dialect,
  processes: dialect === 'postgres' ? 2 : 1,
}));

describe('scheduled payments across a SIGKILL and several processes', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await handle?.destroy();
    await database?.drop();
    [servers, handle, database] = [[], undefined, undefined];
  });

  for (const { dialect, processes } of scenarios) {
    it(`pays each period once with ${processes} process(es), one killed mid-run [${dialect}]`, async () => {
      database = await createTestDatabase(dialect);
      const env = serverEnv(database);
      const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
      servers = await Promise.all(ports.map((port) => startServerProcess(env, port)));
      const baseUrl = () => servers[0]!.url;

      const payer = await openCustomer(baseUrl, ['USD']);
      const payee = await openCustomer(baseUrl, ['USD']);
      const deposit = await call(baseUrl, 'POST', `/api/wallets/${payer.wallets.USD}/deposit`, {
        cookie: payer.cookie,
        key: randomUUID(),
        body: { amount: '1000.00' },
      });
      expect(deposit.status).toBe(201);
      const ids: string[] = [];
      for (let index = 0; index < SCHEDULES; index++) {
        // Tomorrow, so no job pays it before its dates are moved into the past below.
        const body = paymentBody({
          recipientEmail: payee.email,
          amount: '1.00',
          cadence: 'week',
          firstDate: addDays(today, 1),
          description: `Schedule ${index}`,
        });
        const created = await call(baseUrl, 'POST', '/api/payment-schedules', {
          cookie: payer.cookie,
          key: randomUUID(),
          body,
        });
        expect(created.status).toBe(201);
        ids.push((created.body as { id: string }).id);
      }

      handle = openDatabase({
        databaseUrl: database.config.DATABASE_URL,
        sqlitePath: database.config.SQLITE_PATH ?? '',
      });
      const { db } = handle;
      // As if the schedules had been made nine weeks ago and the servers had been down since.
      await db
        .updateTable('payment_schedules')
        .set({ first_date: firstDate, next_date: firstDate })
        .where('id', 'in', ids)
        .execute();
      const payerId = (
        await db
          .selectFrom('payment_schedules')
          .select('user_id')
          .where('id', '=', ids[0]!)
          .executeTakeFirstOrThrow()
      ).user_id;
      const sends = () =>
        db
          .selectFrom('transactions')
          .select(['id', 'description'])
          .where('user_id', '=', payerId)
          .where('type', '=', 'send')
          .execute();
      const paidRuns = async () =>
        Number(
          (
            await db
              .selectFrom('payment_schedule_runs')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('schedule_id', 'in', ids)
              .where('outcome', '=', 'paid')
              .executeTakeFirstOrThrow()
          ).n,
        );

      await expect
        .poll(async () => (await sends()).length, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(KILL_AFTER);
      await servers[0]!.kill('SIGKILL');
      const atKill = (await sends()).length;
      expect(atKill).toBeLessThan(SCHEDULES * PERIODS);
      servers[0] = await startServerProcess(env, ports[0]);
      await expect.poll(paidRuns, { timeout: 120_000, interval: 200 }).toBe(SCHEDULES * PERIODS);
      console.log(
        `[${dialect}] ${processes} process(es): ${atKill} of ${SCHEDULES * PERIODS} paid at the kill`,
      );

      // Exactly once: per schedule, one history row per period, and one paid run pointing at each.
      const sent = await sends();
      expect(sent).toHaveLength(SCHEDULES * PERIODS);
      const perSchedule = new Map<string, number>();
      for (const row of sent) perSchedule.set(row.description, (perSchedule.get(row.description) ?? 0) + 1);
      expect([...perSchedule.values()]).toEqual(Array.from({ length: SCHEDULES }, () => PERIODS));
      const runs = await db
        .selectFrom('payment_schedule_runs')
        .select(['schedule_id', 'period_date', 'transaction_id'])
        .where('schedule_id', 'in', ids)
        .execute();
      expect(new Set(runs.map((run) => run.transaction_id)).size).toBe(SCHEDULES * PERIODS);
      const sentIds = new Set(sent.map((row) => row.id));
      expect(runs.filter((run) => run.transaction_id === null || !sentIds.has(run.transaction_id))).toEqual(
        [],
      );
      const schedules = await db
        .selectFrom('payment_schedules')
        .select(['runs_paid', 'next_date', 'status'])
        .where('id', 'in', ids)
        .execute();
      expect(
        new Set(schedules.map((row) => `${row.status} ${Number(row.runs_paid)} ${row.next_date}`)),
      ).toEqual(new Set([`active ${PERIODS} ${addDays(today, 7)}`]));
      const wallet = await call(baseUrl, 'GET', '/api/wallets', { cookie: payee.cookie });
      const usd = (wallet.body as Array<{ currency: string; balance: string }>).find(
        (row) => row.currency === 'USD',
      );
      expect(usd?.balance).toBe(`${SCHEDULES * PERIODS}.00`);
    }, 300_000);
  }
});
