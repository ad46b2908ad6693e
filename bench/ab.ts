import { resolve } from 'node:path';
import type { Customer } from '../server/src/test/bank/bank-client';
import { createTestDatabase, type TestDatabase } from '../server/src/test/test-app';
import { median, transferLoad, walletsLoad } from './loads';
import { fundedCustomers } from './fixtures';

/**
 * `tsx bench/ab.ts <dir A> <dir B> <figure> [pairs] [seconds]`: one bench figure measured on two checkouts of
 * the project (each directory's own server, started by its own server-process.ts), interleaved A B A B so a
 * machine shared with other work drifts on both alike. Both builds run on one database, with the same 50
 * customers funded once (signing up is most of a run's time on a busy machine), under the bench's load
 * (bench/run.ts): 50 connections, PostgreSQL with 2 app processes and 4 connections each. The builds must
 * share their migrations.
 * `figure`: sqlite-transfers, pg-transfers, sqlite-wallets or pg-wallets (PostgreSQL: BENCH_DATABASE_URL).
 * Prints each run and the medians; an A/B of an optimisation is its build with and without it.
 */
const [dirA, dirB, figure = 'sqlite-transfers', pairsArg = '3', secondsArg = '15'] = process.argv.slice(2);
const CONNECTIONS = 50;
const PG_WORKERS = 2;

type Figure = 'sqlite-transfers' | 'pg-transfers' | 'sqlite-wallets' | 'pg-wallets';
const figures: Figure[] = ['sqlite-transfers', 'pg-transfers', 'sqlite-wallets', 'pg-wallets'];

interface Load {
  url: string;
  customers: Customer[];
}

/** One run: `dir`'s server on the figure's database (customers funded by the first run), loaded for `seconds`. */
async function runOnce(
  dir: string,
  which: Figure,
  database: TestDatabase,
  seconds: number,
  customers: Customer[],
): Promise<number> {
  const postgres = which.startsWith('pg-');
  const { startServerProcess } = (await import(
    resolve(dir, 'server/src/test/server-process.ts')
  )) as typeof import('../server/src/test/server-process');
  const workers = postgres ? PG_WORKERS : 1;
  const server = await startingAgain(() =>
    startServerProcess({
      WORKERS: String(workers),
      PG_POOL_SIZE: String(Math.ceil(8 / workers)),
      ...(database.config.DATABASE_URL ? { DATABASE_URL: database.config.DATABASE_URL } : {}),
      ...(database.config.SQLITE_PATH ? { SQLITE_PATH: database.config.SQLITE_PATH } : {}),
      WEB_DIST_DIR: '',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SIGNUPS_PER_MINUTE: '100000',
      VERIFY_LINKS_PER_MINUTE: '100000',
      PAYOUT_SETTLEMENT_DELAY_SECONDS: '86400',
      UNVERIFIED_MONTHLY_LIMIT_USD: '1000000000',
    }),
  );
  try {
    if (customers.length === 0) customers.push(...(await fundedCustomers(server.url, CONNECTIONS)));
    const result = await load(which, { url: server.url, customers }, seconds);
    if (result.failed > 0) console.error(`${dir}: ${result.failed} failed`);
    return result.requestsPerSecond;
  } finally {
    await server.kill('SIGTERM');
  }
}

/** On a machine this busy a server may take longer than server-process.ts waits: it is started again. */
async function startingAgain<T>(start: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`start failed (${String(error)}); again`);
    }
  }
}

function load(which: Figure, { url, customers }: Load, seconds: number) {
  const options = { url, customers, connections: CONNECTIONS, seconds };
  return which.endsWith('-wallets') ? walletsLoad(options) : transferLoad(options);
}

async function main() {
  if (!dirA || !dirB || !figures.includes(figure as Figure))
    throw new Error(`usage: tsx bench/ab.ts <dir A> <dir B> <${figures.join('|')}> [pairs] [seconds]`);
  const pairs = Number(pairsArg);
  const seconds = Number(secondsArg);
  const which = figure as Figure;
  const database = which.startsWith('pg-')
    ? await createTestDatabase('postgres', process.env.BENCH_DATABASE_URL)
    : await createTestDatabase('sqlite');
  const customers: Customer[] = [];
  const a: number[] = [];
  const b: number[] = [];
  try {
    for (let pair = 1; pair <= pairs; pair++) {
      a.push(await runOnce(dirA, which, database, seconds, customers));
      b.push(await runOnce(dirB, which, database, seconds, customers));
      console.log(`pair ${pair}: A ${a.at(-1)!.toFixed(0)}  B ${b.at(-1)!.toFixed(0)}`);
    }
  } finally {
    await database.drop();
  }
  const [medianA, medianB] = [median(a), median(b)];
  console.log(
    `${figure}: A ${a.map((x) => x.toFixed(0)).join(', ')} (median ${medianA.toFixed(0)}); ` +
      `B ${b.map((x) => x.toFixed(0)).join(', ')} (median ${medianB.toFixed(0)}); ` +
      `B/A ${((medianB / medianA - 1) * 100).toFixed(1)}%`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
