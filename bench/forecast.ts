import { call } from '../server/src/test/bank/bank-client';
import { startServerProcess } from '../server/src/test/server-process';
import { createTestDatabase } from '../server/src/test/test-app';
import { fundedCustomers } from './fixtures';
import { FORECAST_CARD_PURCHASES, FORECAST_INVOICES, seedForecastInputs } from './forecast-seed';
import { seedHistory } from './history-seed';
import { describeMachine } from './machine';
import { timeGets, type Latency } from './one-at-a-time';

export const FORECAST_PATH = '/api/forecast?days=90';
export const FORECAST_REQUESTS = 200;

export interface ForecastTimes {
  /** The first forecast: it also totals the tax year for the tax estimate, kept for the day after it. */
  firstMs: number;
  cold: Latency;
  warm: Latency;
}

const KINDS = ['invoice', 'scheduled_payment', 'subscription', 'tax'];

/**
 * The forecast of the history's customer: the first request alone, then cold (the next 200) and warm, one
 * request at a time. Checks the answer holds every kind of item the seed gives it.
 */
export async function measureForecast(url: string, cookie: string): Promise<ForecastTimes> {
  const started = performance.now();
  const first = await call(() => url, 'GET', FORECAST_PATH, { cookie });
  const firstMs = performance.now() - started;
  const kinds = new Set((first.body as { items?: { kind: string }[] }).items?.map((item) => item.kind));
  if (first.status !== 200 || !KINDS.every((kind) => kinds.has(kind))) {
    throw new Error(`forecast: ${first.status} ${JSON.stringify([...kinds])}`);
  }
  const cold = await timeGets(url, FORECAST_PATH, cookie, FORECAST_REQUESTS);
  const warm = await timeGets(url, FORECAST_PATH, cookie, FORECAST_REQUESTS);
  return { firstMs, cold, warm };
}

export const forecastRow = (rows: number, measured: ForecastTimes) =>
  `| GET ${FORECAST_PATH} of the same customer (${rows.toLocaleString('en-US')} history rows, ${FORECAST_CARD_PURCHASES.toLocaleString('en-US')} card purchases, ${FORECAST_INVOICES.toLocaleString('en-US')} invoices, a tax profile, a rent schedule; ${FORECAST_REQUESTS} requests one at a time, warm; target well under 1 s) | p50 ${measured.warm.p50.toFixed(1)} ms, p99 ${measured.warm.p99.toFixed(1)} ms (cold: p50 ${measured.cold.p50.toFixed(1)} ms, p99 ${measured.cold.p99.toFixed(1)} ms; the day's first, which totals the tax year: ${measured.firstMs.toFixed(0)} ms) |`;

/**
 * `tsx bench/forecast.ts [rows]`: the forecast row of `npm run bench` alone, on SQLite (BENCH_DATABASE_URL:
 * PostgreSQL too), without the loads before it.
 */
async function main() {
  const rows = Number(process.argv[2] ?? 1_000_000);
  console.log(`forecast bench on ${describeMachine()}`);
  const dialects = process.env.BENCH_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
  for (const dialect of dialects) {
    const database = await createTestDatabase(dialect, process.env.BENCH_DATABASE_URL);
    const server = await startServerProcess({
      ...(database.config.DATABASE_URL ? { DATABASE_URL: database.config.DATABASE_URL } : {}),
      ...(database.config.SQLITE_PATH ? { SQLITE_PATH: database.config.SQLITE_PATH } : {}),
      WEB_DIST_DIR: '',
    });
    try {
      const [reader] = await fundedCustomers(server.url, 1, 1);
      const me = await call(() => server.url, 'GET', '/api/auth/me', { cookie: reader!.cookie });
      const userId = (me.body as { user: { id: string } }).user.id;
      const target = {
        databaseUrl: database.config.DATABASE_URL,
        sqlitePath: database.config.SQLITE_PATH ?? '',
      };
      await seedHistory(target, { userId, walletId: reader!.wallets.USD! }, rows);
      await seedForecastInputs(target, server.url, { userId, cookie: reader!.cookie });
      console.log(`${dialect}: ${forecastRow(rows, await measureForecast(server.url, reader!.cookie))}`);
    } finally {
      await server.kill('SIGTERM');
      await database.drop();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
