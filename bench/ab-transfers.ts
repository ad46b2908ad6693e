import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase } from '../server/src/test/test-app';
import { freePort } from '../server/src/test/server-process';
import { marketOrderLoad, median, transferLoad } from './loads';
import { fundedCustomers } from './fixtures';

/**
 * A/B of two or more source trees on PostgreSQL: one server per tree (2 app processes each, as bench/run.ts),
 * each on its own fresh database with its own funded customers, all started first; then rounds in which each
 * tree in turn takes SECONDS of API transfers (POST /api/transactions), then each in turn SECONDS of market
 * orders (POST /api/trade). Measurements of the trees are seconds apart, so a drift of a machine others share
 * lands on all of them alike; every figure is printed, then the medians.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx tsx bench/ab-transfers.ts --rounds 3 with=. without=/tmp/tree-without-the-function
 *
 * Each `label=dir` is a checkout of the project (its own server/src, the same node_modules): a variant is made
 * by editing a copy, so the code under test carries no switch for the bench.
 */
const SECONDS = Number(process.env.AB_SECONDS ?? 15);
const CONNECTIONS = 50;
const WORKERS = 2;

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
const variants = args
  .filter((arg) => arg.includes('='))
  .map((arg) => {
    const [label, dir] = arg.split('=') as [string, string];
    return { label, root: resolve(dir) };
  });
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl || variants.length < 2) {
  console.error(
    'usage: BENCH_DATABASE_URL=... tsx bench/ab-transfers.ts [--rounds N] a=dir b=dir [c=dir ...]',
  );
  process.exit(2);
}

/**
 * On a machine others share, requests/s moves with their load; the CPU a request costs hardly does. So each
 * load also reports the CPU time (user + system) that the server's processes and its database's backends
 * (PostgreSQL names each backend's database in its process title) spent per successful request.
 */
function cpuSecondsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone since it was listed
    }
  }
  return ticks / 100;
}

const psLines = (args: string[]) =>
  execFileSync('ps', args)
    .toString()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const childrenOf = (pid: number) => psLines(['-o', 'pid=', '--ppid', String(pid)]).map(Number);
function backendsOf(databaseUrl: string): number[] {
  const name = new URL(databaseUrl).pathname.slice(1);
  return psLines(['-eo', 'pid=,args='])
    .filter((line) => line.includes(`postgres: `) && line.includes(` ${name} `))
    .map((line) => Number(line.split(' ')[0]));
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
    /** CPU seconds so far of this server (its process and workers) and of its database's backends. */
    cpuSeconds: () => cpuSecondsOf([child.pid!, ...childrenOf(child.pid!), ...backendsOf(databaseUrl)]),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Customers = Awaited<ReturnType<typeof fundedCustomers>>;

const transfers = (url: string, customers: Customers) =>
  transferLoad({ url, customers, connections: CONNECTIONS, seconds: SECONDS });
const trades = (url: string, customers: Customers) =>
  marketOrderLoad({ url, customers, connections: CONNECTIONS, seconds: SECONDS });

const started: ({ label: string; customers: Customers } & Awaited<ReturnType<typeof startServer>>)[] = [];
const databases: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
try {
  for (const { label, root } of variants) {
    const database = await createTestDatabase('postgres', adminUrl);
    databases.push(database);
    const server = await startServer(root, database.config.DATABASE_URL!);
    started.push({ label, ...server, customers: await fundedCustomers(server.url, CONNECTIONS) });
    console.log(`${label}: started from ${root}`);
  }
  const figures = new Map(
    started.map(({ label }) => [
      label,
      {
        transfers: [] as number[],
        trades: [] as number[],
        transfersCpu: [] as number[],
        tradesCpu: [] as number[],
      },
    ]),
  );
  for (let round = 1; round <= rounds; round++) {
    for (const [name, load] of [
      ['transfers', transfers],
      ['trades', trades],
    ] as const) {
      // Each round starts one tree later, so no tree always follows the same one.
      const order = [
        ...started.slice((round - 1) % started.length),
        ...started.slice(0, (round - 1) % started.length),
      ];
      for (const { label, url, customers, cpuSeconds } of order) {
        const cpuBefore = cpuSeconds();
        const result = await load(url, customers);
        const cpuMs = ((cpuSeconds() - cpuBefore) * 1000) / Math.max(result.ok, 1);
        figures.get(label)![name].push(result.requestsPerSecond);
        figures.get(label)![`${name}Cpu`].push(cpuMs);
        console.log(
          `round ${round} ${name} ${label}: ${result.requestsPerSecond.toFixed(0)}/s (p50 ${result.p50} ms, ${result.failed} failed), ${cpuMs.toFixed(2)} CPU ms each`,
        );
      }
    }
  }
  for (const [label, { transfers: t, trades: m, transfersCpu: tc, tradesCpu: mc }] of figures) {
    const list = (values: number[], digits = 0) => values.map((value) => value.toFixed(digits)).join(', ');
    console.log(
      `${label}: transfers/s median ${median(t).toFixed(0)} [${list(t)}], CPU ms each ${median(tc).toFixed(2)} [${list(tc, 2)}]; ` +
        `trades/s median ${median(m).toFixed(0)} [${list(m)}], CPU ms each ${median(mc).toFixed(2)} [${list(mc, 2)}]`,
    );
  }
} finally {
  for (const server of started) await server.stop();
  for (const database of databases) await database.drop();
}
