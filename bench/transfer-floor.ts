import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runPgbench, type PgbenchResult } from './raw-postgres';

const SCRIPT = fileURLToPath(new URL('./transfer-floor.pgbench', import.meta.url));

/**
 * Gives the floor script its customers: `bench_customers` (n, user_id, email, wallet_id), one row per email,
 * each with its USD wallet. A table of the bench's own, in the bench's database.
 */
export async function prepareFloorCustomers(databaseUrl: string, emails: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop table if exists bench_customers');
    await client.query(
      `create table bench_customers as
         select row_number() over (order by u.id)::int as n, u.id as user_id, u.email, a.id as wallet_id
         from users u join ledger_accounts a on a.user_id = u.id and a.kind = 'wallet' and a.currency = 'USD'
         where u.email = any($1)`,
      [emails],
    );
    await client.query('alter table bench_customers add primary key (n)');
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from bench_customers',
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL's own limit for Meridian's transfer: the statements one API transfer sends
 * (transfer-floor.pgbench), sent by pgbench with 8 clients, as the raw pgbench run is, with no app server
 * in between. The API can come near it but not pass it; what is left between it and pgbench's TPC-B is the
 * weight of the transfer itself.
 */
export function measureTransferFloor(
  databaseUrl: string,
  customers: number,
  length: { seconds: number } | { transactions: number },
): PgbenchResult {
  const clients =
    'seconds' in length
      ? ['-c', '8', '-j', '2', '-T', String(length.seconds)]
      : ['-t', String(length.transactions)];
  // No vacuum (-n): the tables are the app's. Prepared statements (-M prepared): PostgreSQL plans the
  // script's long statements once, where the app's are short calls with their arguments bound. Parsed and
  // planned anew each time, they cost ~12% of the rate.
  return runPgbench([
    '-n',
    '-M',
    'prepared',
    ...clients,
    '-D',
    `customers=${customers}`,
    '-f',
    SCRIPT,
    databaseUrl,
  ]);
}
