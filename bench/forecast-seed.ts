import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/database';
import { call } from '../server/src/test/bank/bank-client';

export const FORECAST_INVOICES = 2_000;
/** 50 card purchases a day for two years. */
export const FORECAST_CARD_PURCHASES = 36_500;

/**
 * Gives the history's customer what a forecast reads, on top of the history: a tax profile (its estimate
 * totals this tax year of the history), a monthly rent schedule, a card with 36,500 approved purchases over
 * the history's two years (500 merchants, and a 12.00 subscription on the 5th of each month), and 2,000
 * invoices from 37 clients, one in twenty still open (due within two months), the rest paid up to a week
 * late. The rows are set-based INSERT … SELECTs (as history-seed.ts), the rest through the API.
 */
export async function seedForecastInputs(
  database: { databaseUrl?: string; sqlitePath: string },
  baseUrl: string,
  customer: { userId: string; cookie: string },
): Promise<void> {
  const api = async (method: string, path: string, body: unknown, key?: string) => {
    const answer = await call(() => baseUrl, method, path, {
      cookie: customer.cookie,
      body,
      ...(key && { key }),
    });
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: string };
  };
  await api('PUT', '/api/tax/profile', {
    country: 'US',
    ratePercent: '25',
    yearStart: { month: 1, day: 1 },
    goalId: null,
  });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await api(
    'POST',
    '/api/payment-schedules',
    {
      amount: '1500.00',
      fromCurrency: 'USD',
      recipientEmail: 'landlord@bench.example',
      cadence: 'month',
      firstDate: tomorrow,
    },
    randomUUID(),
  );
  const card = await api('POST', '/api/stripe/create-card', { type: 'virtual', spendingLimit: '5000.00' });

  const { db, dialect, destroy } = openDatabase(database);
  const postgres = dialect === 'postgres';
  const series = (count: number) =>
    postgres
      ? sql`(select n from generate_series(0, ${count - 1}::int) as s(n))`
      : sql`(with recursive s(n) as (select 0 union all select n + 1 from s where n < ${count - 1}) select n from s)`;
  const now = Math.floor(Date.now() / 1000);
  const span = 2 * 365 * 86_400;
  /** The ISO time `seconds` after the Unix epoch, and the day of it. */
  const isoAt = (seconds: ReturnType<typeof sql>) =>
    postgres
      ? sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  const dayAt = (seconds: ReturnType<typeof sql>) =>
    postgres
      ? sql`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD')`
      : sql`strftime('%Y-%m-%d', ${seconds}, 'unixepoch')`;
  const prefix = randomUUID().slice(0, 8);
  try {
    await db.transaction().execute(async (trx) => {
      const step = Math.floor(span / FORECAST_CARD_PURCHASES);
      const purchaseAt = postgres
        ? sql`${now - span}::bigint + n * ${step}`
        : sql`${now - span} + n * ${step}`;
      await sql`insert into card_purchases (id, card_id, user_id, amount, currency, wallet_amount, merchant,
          category, channel, country, approved, decline_reason, transaction_id, entry_id, created_at)
        select ${`${prefix}-cp-`} || n, ${card.id}, ${customer.userId}, 2500, 'USD', 2500,
          'Merchant ' || (n % 500), 'other', 'online', 'US', 1, null, null, null, ${isoAt(purchaseAt)}
        from ${series(FORECAST_CARD_PURCHASES)} as s`.execute(trx);
      // The subscription: 12.00 on the 5th of each of the last 24 months.
      const months = Array.from({ length: 24 }, (_, index) => {
        const date = new Date();
        date.setUTCDate(5);
        date.setUTCMonth(date.getUTCMonth() - index - (new Date().getUTCDate() >= 5 ? 0 : 1));
        return date.toISOString();
      });
      for (const [index, time] of months.entries()) {
        await sql`insert into card_purchases (id, card_id, user_id, amount, currency, wallet_amount, merchant,
            category, channel, country, approved, created_at)
          values (${`${prefix}-sub-${index}`}, ${card.id}, ${customer.userId}, 1200, 'USD', 1200, 'Figma',
            'software', 'online', 'US', 1, ${time})`.execute(trx);
      }

      const invoiceDay = (offsetDays: ReturnType<typeof sql>) =>
        dayAt(
          postgres ? sql`${now}::bigint + (${offsetDays}) * 86400` : sql`${now} + (${offsetDays}) * 86400`,
        );
      const open = sql`n % 20 = 0`;
      const due = sql`case when ${open} then n % 60 else n * 700 / ${FORECAST_INVOICES} - 710 end`;
      await sql`insert into invoices (id, user_id, number, year, sequence, client_name, client_email,
          client_address, project_title, description, currency, amount, tax_rate, tax_amount, total_amount,
          issue_date, due_date, notes, status, pay_token, home_currency, paid_amount, sent_at, paid_at,
          created_at, updated_at)
        select ${`${prefix}-inv-`} || n, ${customer.userId}, 'INV-B-' || n, 1999, n,
          'Client ' || (n % 37), 'client' || (n % 37) || '@bench.example', '', 'Work', '', 'USD',
          50000, '0', 0, 50000, ${invoiceDay(sql`${due} - 30`)}, ${invoiceDay(due)}, '',
          case when ${open} then 'sent' else 'paid' end, ${`${prefix}-pay-`} || n, 'USD',
          case when ${open} then 0 else 50000 end, ${isoAt(sql`${now}`)},
          case when ${open} then null else ${invoiceDay(sql`${due} + n % 7`)} || 'T12:00:00.000Z' end,
          ${isoAt(sql`${now}`)}, ${isoAt(sql`${now}`)}
        from ${series(FORECAST_INVOICES)} as s`.execute(trx);
    });
    if (!postgres) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    await sql`analyze`.execute(db);
  } finally {
    await destroy();
  }
}
