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

/** The forecast of the history's customer, cold (straight after the seed) and warm, one request at a time. */
export async function measureForecast(
  url: string,
  cookie: string,
): Promise<{ cold: Latency; warm: Latency }> {
  const cold = await timeGets(url, FORECAST_PATH, cookie, FORECAST_REQUESTS);
  const warm = await timeGets(url, FORECAST_PATH, cookie, FORECAST_REQUESTS);
  return { cold, warm };
}

export const forecastRow = (rows: number, measured: { cold: Latency; warm: Latency }) =>
  `| GET ${FORECAST_PATH} of the same customer (${rows.toLocaleString('en-US')} history rows, ${FORECAST_CARD_PURCHASES.toLocaleString('en-US')} card purchases, ${FORECAST_INVOICES.toLocaleString('en-US')} invoices, a tax profile, a rent schedule; ${FORECAST_REQUESTS} requests one at a time, warm; target well under 1 s) | p50 ${measured.warm.p50.toFixed(1)} ms, p99 ${measured.warm.p99.toFixed(1)} ms (cold: p50 ${measured.cold.p50.toFixed(1)} ms, p99 ${measured.cold.p99.toFixed(1)} ms) |`;

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
      const forecast = await call(() => server.url, 'GET', FORECAST_PATH, { cookie: reader!.cookie });
      const body = forecast.body as { items: { kind: string }[] };
      const kinds = new Set(body.items.map((item) => item.kind));
      if (
        forecast.status !== 200 ||
        !['invoice', 'scheduled_payment', 'subscription', 'tax'].every((kind) => kinds.has(kind))
      ) {
        throw new Error(`forecast: ${forecast.status} ${JSON.stringify([...kinds])}`);
      }
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
