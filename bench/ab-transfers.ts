import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestDatabase } from '../server/src/test/test-app';
import { freePort } from '../server/src/test/server-process';
import { loadTest, type LoadResult } from './api-load';
import { fundedCustomers } from './fixtures';

/**
 * A/B of two or more source trees on PostgreSQL, interleaved (A B A B ...), each run on a fresh database with
 * its own server (2 app processes, as bench/run.ts): API transfers/s (POST /api/transactions) and market
 * orders/s (POST /api/trade), SECONDS each. Interleaving is what makes the figures comparable on a machine
 * others share: a drift of the machine lands on both sides alike.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx tsx bench/ab-transfers.ts --pairs 3 with=. without=/tmp/tree-without-the-function
 *
 * Each `label=dir` is a checkout of the project (its own server/src, same node_modules): a variant is made by
 * editing a copy, so the code under test carries no switch for the bench.
 */
const SECONDS = Number(process.env.AB_SECONDS ?? 15);
const CONNECTIONS = 50;
const WORKERS = 2;

const args = process.argv.slice(2);
const pairsAt = args.indexOf('--pairs');
const rounds = pairsAt >= 0 ? Number(args[pairsAt + 1]) : 3;
const variants = args
  .filter((arg) => arg.includes('='))
  .map((arg) => {
    const [label, dir] = arg.split('=') as [string, string];
    return { label, root: resolve(dir) };
  });
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl || variants.length < 2) {
  console.error(
    'usage: BENCH_DATABASE_URL=... tsx bench/ab-transfers.ts [--pairs N] a=dir b=dir [c=dir ...]',
  );
  process.exit(2);
}

async function startServer(root: string, databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKERS: String(WORKERS),
      PG_POOL_SIZE: String(Math.ceil(8 / WORKERS)),
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: '',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SIGNUPS_PER_MINUTE: '100000',
      VERIFY_LINKS_PER_MINUTE: '100000',
      PAYOUT_SETTLEMENT_DELAY_SECONDS: '86400',
      UNVERIFIED_MONTHLY_LIMIT_USD: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null || attempt > 600) throw new Error(`server in ${root} did not start`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function measure(root: string): Promise<{ transfers: LoadResult; trades: LoadResult }> {
  const database = await createTestDatabase('postgres', adminUrl);
  const server = await startServer(root, database.config.DATABASE_URL!);
  try {
    const customers = await fundedCustomers(server.url, CONNECTIONS);
    let turn = 0;
    const transfers = await loadTest({
      url: server.url,
      connections: CONNECTIONS,
      seconds: SECONDS,
      method: 'POST',
      path: '/api/transactions',
      nextRequest: () => {
        const sender = customers[turn++ % customers.length]!;
        const recipient = customers[(turn * 7) % customers.length]!;
        const to = recipient === sender ? customers[(turn + 1) % customers.length]! : recipient;
        return {
          cookie: sender.cookie,
          body: {
            type: 'send',
            amount: '1.00',
            currency: 'USD',
            fromCurrency: 'USD',
            toCurrency: 'USD',
            recipientEmail: to.email,
          },
        };
      },
    });
    const trades = await loadTest({
      url: server.url,
      connections: CONNECTIONS,
      seconds: SECONDS,
      method: 'POST',
      path: '/api/trade',
      nextRequest: () => ({
        cookie: customers[turn++ % customers.length]!.cookie,
        body: { type: 'buy', asset: 'BTC', quantity: '0.0001', price: null },
      }),
    });
    return { transfers, trades };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const transfersOf = new Map(variants.map((variant) => [variant.label, [] as number[]]));
const tradesOf = new Map(variants.map((variant) => [variant.label, [] as number[]]));

for (let round = 1; round <= rounds; round++) {
  for (const { label, root } of variants) {
    const { transfers, trades } = await measure(root);
    transfersOf.get(label)!.push(transfers.requestsPerSecond);
    tradesOf.get(label)!.push(trades.requestsPerSecond);
    const line = `round ${round} ${label}: transfers/s ${transfers.requestsPerSecond.toFixed(0)} (p50 ${transfers.p50} ms, ${transfers.failed} failed), trades/s ${trades.requestsPerSecond.toFixed(0)} (p50 ${trades.p50} ms, ${trades.failed} failed)`;
    console.log(line);
  }
}
for (const { label } of variants) {
  console.log(
    `${label}: median transfers/s ${median(transfersOf.get(label)!).toFixed(0)} [${transfersOf
      .get(label)!
      .map((value) => value.toFixed(0))
      .join(', ')}], median trades/s ${median(tradesOf.get(label)!).toFixed(0)} [${tradesOf
      .get(label)!
      .map((value) => value.toFixed(0))
      .join(', ')}]`,
  );
}
