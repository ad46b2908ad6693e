import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { accountantPackUrl } from '@contract/accountant-pack';
import { call } from '../server/src/test/bank/bank-client';
import { freePort, startServerProcess, type ServerProcess } from '../server/src/test/server-process';
import { createTestDatabase, type TestDatabase } from '../server/src/test/test-app';
import { loadTest, type LoadResult } from './api-load';
import { marketOrderLoad, transferLoad, walletsLoad } from './loads';
import { fundedCustomers } from './fixtures';
import { forecastRow, measureForecast, type ForecastTimes } from './forecast';
import { seedForecastInputs } from './forecast-seed';
import { seedHistory } from './history-seed';
import { describeMachine } from './machine';
import { measureLighthouse, type LighthouseRun } from './lighthouse';
import { timeGets, type Latency } from './one-at-a-time';
import { measurePgbench } from './raw-postgres';
import { measureRawSqliteTransfers } from './raw-sqlite';
import { measureSqliteTransferFloor } from './sqlite-transfer-floor';
import { measureTransferFloor, prepareFloorCustomers } from './transfer-floor';

/**
 * `npm run bench`: transfers/s and latency through the real HTTP API next to the raw durable limit of the same
 * database on the same machine, GET /api/wallets beside a bare Fastify hello route, one history page and the
 * CSV export of a 1,000,000-row history (server memory sampled while it streams). SQLite always;
 * PostgreSQL when BENCH_DATABASE_URL is set. `--quick` shortens every phase (a smoke run, not for the record);
 * `--lighthouse` adds Lighthouse on the landing page (bench/lighthouse.ts).
 * Results go to stdout and BENCHMARKS.md.
 */
const quick = process.argv.includes('--quick');
const lighthouse = process.argv.includes('--lighthouse');
const SECONDS = quick ? 3 : 15;
const HISTORY_ROWS = quick ? 5_000 : 1_000_000;
const HISTORY_PAGES = quick ? 200 : 1000;
const CONNECTIONS = 50;
/** App processes on PostgreSQL (node:cluster); SQLite has one writer, so one process. */
const PG_WORKERS = 2;

interface DialectResult {
  dialect: string;
  raw: string;
  /** The mean of the raw limit measured right before and right after the API transfers (the machine drifts). */
  rawPerSecond: number;
  rawBefore: number;
  rawAfter: number;
  transfers: LoadResult;
  /**
   * The API's transfer statements run without the app server, right after the raw limit's second
   * measurement: how fast this database can run this transfer at all; `floorHow` says how they were run.
   */
  transferFloor?: number;
  floorHow?: string;
  wallets: LoadResult;
  /** The bare Fastify hello route, measured right after GET /api/wallets (the machine as it was then). */
  hello: LoadResult;
  workers: number;
  marketOrders: LoadResult;
  /** Warm: after the same number of pages were answered once. */
  historyPage: Latency;
  historyPageCold: Latency;
  csv: {
    seconds: number;
    rows: number;
    megabytes: number;
    serverRssBefore: number;
    serverRssPeak: number;
    serverRssAfter: number;
  };
  /** GET /api/forecast of the history's customer, with what a forecast reads seeded beside the history. */
  forecast: ForecastTimes;
  /** The accountant pack (GET /api/accountant-pack) of the whole seeded history: the same rows, zipped. */
  pack: { seconds: number; megabytes: number; serverRssPeak: number; serverRssAfter: number };
}

/** Resident memory of the server: its process plus, under node:cluster, its workers (MiB). */
function rssMb(server: ServerProcess): number {
  const pid = String(server.child.pid);
  const own = execFileSync('ps', ['-o', 'rss=', '-p', pid]).toString();
  let workers = '';
  try {
    workers = execFileSync('ps', ['-o', 'rss=', '--ppid', pid]).toString();
  } catch {
    // no children: ps exits 1
  }
  return (
    `${own}\n${workers}`
      .split('\n')
      .map((line) => Number(line.trim()) || 0)
      .reduce((sum, kb) => sum + kb, 0) / 1024
  );
}

/**
 * The floor for any HTTP endpoint here: a bare Fastify hello route in its own process, loaded exactly like
 * GET /api/wallets (same connections, same seconds, same autocannon in this process).
 */
async function measureHello(): Promise<LoadResult> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], {
    cwd: new URL('..', import.meta.url),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 300) throw new Error('hello server did not start');
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await loadTest({
      url,
      connections: CONNECTIONS,
      seconds: SECONDS,
      method: 'GET',
      path: '/hello',
      nextRequest: () => ({ cookie: '' }),
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Runs `measure` once the disk has written out what is dirty (`sync`): right after the API's load the kernel
 * was still writing the server's pages back, and the raw SQLite loop, an fsync per commit, measured 2,016/s
 * against 3,541 a minute before.
 */
async function settledThen(measure: () => Promise<number>): Promise<number> {
  execFileSync('sync');
  return measure();
}

async function benchDialect(
  dialect: 'sqlite' | 'postgres',
  database: TestDatabase,
  /** The database's raw limit (transactions/s), measured on each side of the API's transfers. */
  measureRaw: () => Promise<number>,
  /** The transfer's own statements without the app (between the given customers, on PostgreSQL). */
  measureFloor?: (emails: string[]) => Promise<number>,
): Promise<Omit<DialectResult, 'raw'>> {
  const workers = dialect === 'postgres' ? PG_WORKERS : 1;
  const server = await startServerProcess({
    WORKERS: String(workers),
    // As many PostgreSQL connections in all as the raw pgbench run has clients (8): more backends than the
    // cores can run only take turns (the transfers' own statements from pgbench did 455/s with 8 clients and
    // 385/s with 40).
    PG_POOL_SIZE: String(Math.ceil(8 / workers)),
    ...(database.config.DATABASE_URL ? { DATABASE_URL: database.config.DATABASE_URL } : {}),
    ...(database.config.SQLITE_PATH ? { SQLITE_PATH: database.config.SQLITE_PATH } : {}),
    WEB_DIST_DIR: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SIGNUPS_PER_MINUTE: '100000',
    VERIFY_LINKS_PER_MINUTE: '100000',
    PAYOUT_SETTLEMENT_DELAY_SECONDS: '86400',
    // The bench's customers are unverified and spend far more in a minute than the 1,000 USD a month such an
    // account may: with the default, most market orders of a fast run were refused (422) and counted as
    // answers. The limit is still checked on every payment, against a higher figure.
    UNVERIFIED_MONTHLY_LIMIT_USD: '1000000000',
  });
  try {
    const customers = await fundedCustomers(server.url, CONNECTIONS);
    // The raw limit moved by up to half between a run's start and its API transfers a minute later (this VM's
    // disk and CPU drift), so it is measured right before and right after them, as hello is beside wallets.
    const rawBefore = await settledThen(measureRaw);
    const load = { url: server.url, customers, connections: CONNECTIONS, seconds: SECONDS };
    const transfers = await transferLoad(load);
    const rawAfter = await settledThen(measureRaw);
    const emails = customers.map((customer) => customer.email);
    const transferFloor = measureFloor && (await settledThen(() => measureFloor(emails)));
    // Market buys of a little BTC at the live price (each one entry through the FX pool plus its order row
    // and cost basis), from the same funded customers.
    const marketOrders = await marketOrderLoad(load);
    const wallets = await walletsLoad(load);
    const hello = await measureHello();

    const [reader] = await fundedCustomers(server.url, 1, 0);
    const me = await call(() => server.url, 'GET', '/api/auth/me', { cookie: reader!.cookie });
    const userId = (me.body as { user: { id: string } }).user.id;
    await seedHistory(
      { databaseUrl: database.config.DATABASE_URL, sqlitePath: database.config.SQLITE_PATH ?? '' },
      { userId, walletId: reader!.wallets.USD! },
      HISTORY_ROWS,
    );
    // The same 1,000 pages twice: first straight after the seed (a cold server: the route's code not yet
    // optimised by V8, the history's pages not yet in the database's cache), then warm, as a server that has
    // been answering for a while runs. The target is read on the warm run; both are recorded.
    const pagePath = '/api/transactions?type=incoming&limit=20';
    const historyPageCold = await timeGets(server.url, pagePath, reader!.cookie, HISTORY_PAGES);
    const historyPage = await timeGets(server.url, pagePath, reader!.cookie, HISTORY_PAGES);
    const page = await call(() => server.url, 'GET', pagePath, { cookie: reader!.cookie });
    if ((page.body as unknown[]).length !== 20) throw new Error(`history page: ${JSON.stringify(page.body)}`);

    const rssBefore = rssMb(server);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server))), 250);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/transactions/export.csv?type=all`, {
      headers: { cookie: reader!.cookie },
    });
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      for (const byte of chunk as Uint8Array) if (byte === 10) newlines++;
    }
    const csvSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssAfter = rssMb(server);
    const pack = await measurePack(server, reader!.cookie);
    const seeded = {
      databaseUrl: database.config.DATABASE_URL,
      sqlitePath: database.config.SQLITE_PATH ?? '',
    };
    await seedForecastInputs(seeded, server.url, { userId, cookie: reader!.cookie });
    const forecast = await measureForecast(server.url, reader!.cookie);
    return {
      dialect,
      workers,
      rawBefore,
      rawAfter,
      rawPerSecond: (rawBefore + rawAfter) / 2,
      hello,
      transfers,
      ...(transferFloor !== undefined && { transferFloor }),
      wallets,
      marketOrders,
      historyPage,
      historyPageCold,
      csv: {
        seconds: csvSeconds,
        rows: newlines - 1,
        megabytes: bytes / 2 ** 20,
        serverRssBefore: rssBefore,
        serverRssPeak: Math.max(rssPeak, rssAfter),
        serverRssAfter: rssAfter,
      },
      pack,
      forecast,
    };
  } finally {
    await server.kill('SIGTERM');
  }
}

/**
 * The accountant pack of every seeded row (one a minute up to now: 1,000,000 rows is 695 days, inside a
 * pack's two years), read as fast as it comes, with the server's memory sampled as for the CSV.
 */
async function measurePack(server: ServerProcess, cookie: string) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const period = { from: day(Date.now() - HISTORY_ROWS * 60_000 - 86_400_000), to: day(Date.now()) };
  let rssPeak = rssMb(server);
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server))), 250);
  const started = performance.now();
  const response = await fetch(`${server.url}${accountantPackUrl(period)}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`accountant pack: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const serverRssAfter = rssMb(server);
  return {
    seconds,
    megabytes: bytes / 2 ** 20,
    serverRssPeak: Math.max(rssPeak, serverRssAfter),
    serverRssAfter,
  };
}

async function main() {
  const machine = describeMachine();
  console.log(`Meridian bench${quick ? ' (quick)' : ''} on ${machine}`);
  const results: DialectResult[] = [];

  const rawSqlite = async () => {
    const { transfersPerSecond } = measureRawSqliteTransfers(SECONDS);
    console.log(`raw SQLite transfer loop (WAL, synchronous=FULL): ${transfersPerSecond.toFixed(0)}/s`);
    return transfersPerSecond;
  };
  const sqliteFloor = async () => {
    const { transfersPerSecond } = await measureSqliteTransferFloor({
      customers: CONNECTIONS,
      batch: CONNECTIONS,
      length: { seconds: SECONDS },
    });
    console.log(`SQLite running the API transfer's statements, no app: ${transfersPerSecond.toFixed(0)}/s`);
    return transfersPerSecond;
  };
  const sqlite = await createTestDatabase('sqlite');
  try {
    results.push({
      ...(await benchDialect('sqlite', sqlite, rawSqlite, sqliteFloor)),
      raw: 'bare better-sqlite3 transfer loop, synchronous=FULL',
      floorHow: `recorded from the app and run again on a bare connection between ${CONNECTIONS} customers, in group commits of ${CONNECTIONS} (bench/sqlite-transfer-floor.ts)`,
    });
  } finally {
    await sqlite.drop();
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const rawPg = async () => {
      const pgbench = await measurePgbench(pgUrl, SECONDS);
      console.log(
        `raw PostgreSQL pgbench tpcb-like, 8 clients: ${'tps' in pgbench ? pgbench.tps.toFixed(0) : pgbench.error}`,
      );
      return 'tps' in pgbench ? pgbench.tps : Number.NaN;
    };
    const postgres = await createTestDatabase('postgres', pgUrl);
    const databaseUrl = postgres.config.DATABASE_URL!;
    const floor = async (emails: string[]) => {
      const customers = await prepareFloorCustomers(databaseUrl, emails);
      const measured = measureTransferFloor(databaseUrl, customers, { seconds: SECONDS });
      console.log(
        `PostgreSQL running the API transfer's statements from pgbench, 8 clients: ${'tps' in measured ? measured.tps.toFixed(0) : measured.error}`,
      );
      return 'tps' in measured ? measured.tps : Number.NaN;
    };
    try {
      results.push({
        ...(await benchDialect('postgres', postgres, rawPg, floor)),
        raw: 'pgbench tpcb-like, 8 clients',
        floorHow: 'sent by pgbench, 8 clients (bench/transfer-floor.pgbench)',
      });
    } finally {
      await postgres.drop();
    }
  } else {
    console.log('BENCH_DATABASE_URL not set: PostgreSQL skipped.');
  }

  let landing: Awaited<ReturnType<typeof measureLighthouse>> | null = null;
  if (lighthouse) {
    landing = await measureLighthouse();
    console.log('error' in landing ? `Lighthouse skipped: ${landing.error}` : 'Lighthouse measured');
  }

  const report = renderReport(machine, results, landing);
  console.log(`\n${report}`);
  if (!quick) await writeReport(report);
}

const REPORT_FILE = new URL('../BENCHMARKS.md', import.meta.url);
const START = '<!-- bench:start (written by npm run bench) -->';
const END = '<!-- bench:end -->';

/**
 * Replaces the measured part of BENCHMARKS.md and keeps what people wrote around it (the analysis). Formatted
 * as Prettier would, so `npm run lint` stays clean after a bench run.
 */
async function writeReport(report: string) {
  const measured = `${START}\n${report}\n${END}`;
  const current = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${measured}${current.slice(end + END.length)}`
      : `# Benchmarks\n\n${measured}\n`;
  const options = await resolveConfig(REPORT_FILE);
  writeFileSync(REPORT_FILE, await format(next, { ...options, parser: 'markdown' }));
}

/** Aims (the issue "scale out and speed"); BENCHMARKS.md says where the rest of the time goes. */
const TARGET = { sqliteRaw: 0.5, postgresRaw: 0.4, hello: 0.25, historyP99Ms: 5, lighthouse: 95 };

function renderReport(
  machine: string,
  results: DialectResult[],
  landing: LighthouseRun | { error: string } | null,
): string {
  const rows = results.map((r) => {
    const ratio = r.transfers.requestsPerSecond / r.rawPerSecond;
    const rawTarget = r.dialect === 'postgres' ? TARGET.postgresRaw : TARGET.sqliteRaw;
    const { hello } = r;
    const helloRatio = r.wallets.requestsPerSecond / hello.requestsPerSecond;
    const processes = r.workers > 1 ? `${r.workers} app processes` : 'one app process';
    return [
      `### ${r.dialect}`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| API transfers/s (${processes}, ${CONNECTIONS} connections, ${SECONDS} s) | ${r.transfers.requestsPerSecond.toFixed(0)} (p50 ${r.transfers.p50} ms, p99 ${r.transfers.p99} ms; ${r.transfers.ok} ok, ${r.transfers.failed} failed) |`,
      `| raw limit: ${r.raw}, the mean of right before and right after the API's transfers | ${r.rawPerSecond.toFixed(0)}/s (${r.rawBefore.toFixed(0)} before, ${r.rawAfter.toFixed(0)} after) |`,
      `| ratio API / raw (target ≥ ${rawTarget}×) | ${ratio.toFixed(2)}× |`,
      ...(r.transferFloor === undefined
        ? []
        : [
            `| the API's transfer statements ${r.floorHow}, no app server: this database's limit for this transfer | ${r.transferFloor.toFixed(0)}/s |`,
            `| ratio of that limit to the raw limit: the transfer's own weight in the database | ${(r.transferFloor / r.rawPerSecond).toFixed(2)}× |`,
            `| ratio API / that limit: what the app server leaves of it | ${(r.transfers.requestsPerSecond / r.transferFloor).toFixed(2)}× |`,
          ]),
      `| API market orders/s (POST /api/trade, ${CONNECTIONS} connections, ${SECONDS} s) | ${r.marketOrders.requestsPerSecond.toFixed(0)} (p50 ${r.marketOrders.p50} ms, p99 ${r.marketOrders.p99} ms; ${r.marketOrders.ok} ok, ${r.marketOrders.failed} failed) |`,
      `| GET /api/wallets | ${r.wallets.requestsPerSecond.toFixed(0)} req/s, p99 ${r.wallets.p99} ms |`,
      `| bare Fastify hello route, one process | ${hello.requestsPerSecond.toFixed(0)} req/s, p99 ${hello.p99} ms |`,
      `| ratio wallets / hello (target ≥ ${TARGET.hello}×) | ${helloRatio.toFixed(2)}× |`,
      `| one history page (20 of ${HISTORY_ROWS.toLocaleString('en-US')} rows, ${HISTORY_PAGES} requests one at a time, warm; target p99 ≤ ${TARGET.historyP99Ms} ms) | p50 ${r.historyPage.p50.toFixed(1)} ms, p99 ${r.historyPage.p99.toFixed(1)} ms (cold, the first ${HISTORY_PAGES} after the seed: p50 ${r.historyPageCold.p50.toFixed(1)} ms, p99 ${r.historyPageCold.p99.toFixed(1)} ms) |`,
      `| CSV export of ${r.csv.rows.toLocaleString('en-US')} rows (target: flat server memory) | ${r.csv.seconds.toFixed(2)} s, ${r.csv.megabytes.toFixed(1)} MiB; server RSS ${r.csv.serverRssBefore.toFixed(0)} → peak ${r.csv.serverRssPeak.toFixed(0)} → ${r.csv.serverRssAfter.toFixed(0)} MiB |`,
      `| accountant pack of the same rows (ZIP, target: flat server memory) | ${r.pack.seconds.toFixed(2)} s (${(r.csv.rows / r.pack.seconds).toFixed(0)} rows/s), ${r.pack.megabytes.toFixed(1)} MiB; server RSS peak ${r.pack.serverRssPeak.toFixed(0)} → ${r.pack.serverRssAfter.toFixed(0)} MiB |`,
      forecastRow(HISTORY_ROWS, r.forecast),
      '',
    ].join('\n');
  });
  if (landing && !('error' in landing)) {
    const { scores } = landing;
    rows.push(
      [
        '### landing page',
        '',
        '| measure | value |',
        '| --- | --- |',
        `| Lighthouse on / (mobile, default throttling, median of 3 runs; target ≥ ${TARGET.lighthouse} in each) | performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo} |`,
        `| its paint and blocking times | FCP ${landing.firstContentfulPaint}, LCP ${landing.largestContentfulPaint}, TBT ${landing.totalBlockingTime}, CLS ${landing.cumulativeLayoutShift} |`,
        '',
      ].join('\n'),
    );
  }
  return [`Measured by \`npm run bench\` in one run on: ${machine}.`, '', ...rows].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
