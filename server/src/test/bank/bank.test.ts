import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { startServerProcess, freePort, type ServerProcess } from '../server-process';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../test-app';
import { checkBank } from './bank-checks';
import { runBankWorkload, type BankRun } from './bank-workload';

/**
 * The bank test (after Jepsen's bank workload) against a real server process on each database: 10 customers
 * and 3 demo accounts, 2,000 transfers and 200 BTC trades (market, and limit orders the matching job fills or
 * leaves pending) from 32 concurrent clients; then the same with the server SIGKILLed
 * mid-run and restarted. Nothing acknowledged may be lost, nothing doubled, no value may cross between demo
 * and real money, and every ledger invariant must hold.
 */
const SIZE = { customers: 10, demos: 3, transfers: 2000, trades: 200, concurrency: 32 };

const serverEnv = (database: TestDatabase): Record<string, string> => ({
  ...(database.config.DATABASE_URL ? { DATABASE_URL: database.config.DATABASE_URL } : {}),
  ...(database.config.SQLITE_PATH ? { SQLITE_PATH: database.config.SQLITE_PATH } : {}),
  WEB_DIST_DIR: '',
  RATE_LIMIT_PER_MINUTE: '1000000',
  SIGNUPS_PER_MINUTE: '100000',
  // Each customer mails hundreds of outside payees (their payments are held): far past a person's hourly cap.
  MAIL_TO_OTHERS_PER_HOUR: '10000',
  // Demo payouts stay pending for the whole run (held payments are days from going back anyway).
  PAYOUT_SETTLEMENT_DELAY_SECONDS: '86400',
});

const expectSound = (problems: Record<string, string[]>) => {
  for (const [check, found] of Object.entries(problems)) expect(found.slice(0, 10), check).toEqual([]);
};

for (const dialect of dialectsUnderTest()) {
  describe(`bank test [${dialect}]`, () => {
    // Each scenario gets its own empty database, so its checks see only its own money.
    let database: TestDatabase | undefined;
    let handle: DatabaseHandle | undefined;
    let server: ServerProcess | undefined;

    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => {
      await server?.kill('SIGKILL');
      await handle?.destroy();
      await database?.drop();
      [server, handle, database] = [undefined, undefined, undefined];
    });

    const inspect = () => {
      handle = openDatabase({
        databaseUrl: database!.config.DATABASE_URL,
        sqlitePath: database!.config.SQLITE_PATH ?? '',
      });
      return handle.db;
    };

    it('loses and doubles nothing under concurrent load', async () => {
      server = await startServerProcess(serverEnv(database!));
      const url = server.url;
      const run = await runBankWorkload({ ...SIZE, baseUrl: () => url, seed: 1 });
      console.log(summary(dialect, 'load', run));
      expect(run.attempts).toHaveLength(SIZE.transfers);
      expectSound(await checkBank(inspect(), run));
    }, 300_000);

    it('loses and doubles nothing when the server is killed mid-run and restarted', async () => {
      const port = await freePort();
      const env = serverEnv(database!);
      server = await startServerProcess(env, port);
      const url = `http://127.0.0.1:${port}`;
      let crashed = false;
      const run = await runBankWorkload({
        ...SIZE,
        baseUrl: () => url,
        seed: 2,
        onProgress: async (answered) => {
          if (crashed || answered < SIZE.transfers / 3) return;
          crashed = true;
          await server!.kill('SIGKILL');
          server = await startServerProcess(env, port);
        },
      });
      console.log(summary(dialect, 'crash', run));
      expect(crashed).toBe(true);
      expect(run.attempts.some((attempt) => attempt.tries > 1)).toBe(true);
      expectSound(await checkBank(inspect(), run));
    }, 300_000);
  });
}

/**
 * Several processes, one bank: two app processes on one PostgreSQL database, each client request going to
 * either (round robin), and one of them SIGKILLed mid-run and restarted. The same checks must hold: the
 * processes agree on balances, idempotency keys, quotes and orders because none of it lives in their memory.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('bank test, two processes [postgres]', () => {
  it('loses and doubles nothing when one of two processes is killed mid-run', async () => {
    const database = await createTestDatabase('postgres');
    const env = serverEnv(database);
    const ports = [await freePort(), await freePort()];
    const servers = await Promise.all(ports.map((port) => startServerProcess(env, port)));
    let handle: DatabaseHandle | undefined;
    try {
      let turn = 0;
      const baseUrl = () => `http://127.0.0.1:${ports[turn++ % 2]}`;
      let crashed = false;
      const run = await runBankWorkload({
        ...SIZE,
        baseUrl,
        seed: 3,
        onProgress: async (answered) => {
          if (crashed || answered < SIZE.transfers / 3) return;
          crashed = true;
          await servers[0]!.kill('SIGKILL');
          servers[0] = await startServerProcess(env, ports[0]);
        },
      });
      console.log(summary('postgres', 'two processes, one killed', run));
      expect(crashed).toBe(true);
      handle = openDatabase({ databaseUrl: database.config.DATABASE_URL, sqlitePath: '' });
      expectSound(await checkBank(handle.db, run));
    } finally {
      await Promise.all(servers.map((server) => server.kill('SIGKILL')));
      await handle?.destroy();
      await database.drop();
    }
  }, 300_000);
});

function summary(dialect: string, kind: string, run: BankRun) {
  const count = (status: number) => run.attempts.filter((attempt) => attempt.answer.status === status).length;
  const retried = run.attempts.filter((attempt) => attempt.tries > 1).length;
  const demo = run.attempts.filter(
    (attempt) => (attempt.answer.body as { code?: string }).code === 'DEMO_ACCOUNT',
  ).length;
  const traded = run.trades.filter((trade) => trade.answer.status === 201).length;
  return `bank ${kind} [${dialect}]: ${run.attempts.length} transfers and ${run.trades.length} trades in ${run.seconds.toFixed(1)} s — ${count(201)} transfers accepted, ${count(422)} refused (${demo} between demo and real), ${retried} retried after no answer; ${traded} trades accepted`;
}
