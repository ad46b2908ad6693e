import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../server/src/db/database';
import { houseAccountId } from '../server/src/modules/ledger/house-accounts';

const CHUNK = 100_000;

/**
 * Gives one customer `rows` history rows, each with a balanced ledger entry behind it (a 12.34 USD client
 * payment: the entry, a posting to the wallet and one to the external house account, the history row), and
 * credits the wallet's cached balance by the total, so the books still balance. Set-based: four INSERT …
 * SELECT over a generated series (generate_series on PostgreSQL, a recursive CTE on SQLite) per 100,000
 * rows, so a million rows take seconds, not the minutes a million postEntry calls would. Seeding is
 * set-up, not what is measured.
 */
export async function seedHistory(
  database: { databaseUrl?: string; sqlitePath: string },
  customer: { userId: string; walletId: string },
  rows: number,
): Promise<void> {
  const { db, dialect, destroy } = openDatabase(database);
  const amount = 1234n;
  const prefix = randomUUID().slice(0, 8);
  const startSeconds = Math.floor(Date.now() / 1000) - rows * 60;
  const house = houseAccountId('external', 'USD');
  const postgres = dialect === 'postgres';
  // Rows first..last of the history, in transactions of CHUNK rows: SQLite's write lock (and its WAL) is
  // never held for the whole million, so the server's own jobs keep running meanwhile.
  const seriesOf = (first: number, last: number) =>
    postgres
      ? sql`(select n from generate_series(${first}::int, ${last}::int) as s(n))`
      : sql`(with recursive s(n) as (select cast(${first} as integer) union all select n + 1 from s where n < ${last}) select n from s)`;
  // One row a minute, oldest first, in the ISO form the app writes (…T12:34:56.000Z).
  const createdAt = postgres
    ? sql`to_char(to_timestamp(${startSeconds}::bigint + n * 60) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${startSeconds} + n * 60, 'unixepoch')`;
  // Zero-padded so ids sort like the rows they name.
  const padded = postgres ? sql`lpad(n::text, 7, '0')` : sql`substr('0000000' || n, -7, 7)`;
  const description = sql`'Invoice ' || n || ', "Acme, Inc."'`;
  try {
    for (let first = 0; first < rows; first += CHUNK) {
      const series = seriesOf(first, Math.min(rows, first + CHUNK) - 1);
      const count = BigInt(Math.min(rows, first + CHUNK) - first);
      await db.transaction().execute(async (trx) => {
        // PostgreSQL checks every foreign key with a trigger per row, most of a bulk load's time. The ids
        // above are built to match, so the seed skips them (this transaction only; needs a superuser, as
        // the bench's database user is).
        if (postgres) await sql`set local session_replication_role = replica`.execute(trx);
        await sql`insert into journal_entries (id, kind, description, metadata, created_at)
        select ${`${prefix}-e-`} || ${padded}, 'client_payment', ${description}, '{}', ${createdAt}
        from ${series} as s`.execute(trx);
        await sql`insert into postings (id, entry_id, account_id, currency, amount)
        select ${`${prefix}-p-`} || ${padded} || '-' || side, ${`${prefix}-e-`} || ${padded},
          case side when 0 then ${customer.walletId} else ${house} end, 'USD',
          cast(case side when 0 then ${amount} else ${-amount} end as bigint)
        from ${series} as s cross join (select 0 as side union all select 1) as sides`.execute(trx);
        await sql`insert into transactions (id, user_id, entry_id, wallet_id, type, amount, currency, fee,
          description, counterparty, status, created_at)
        select ${`${prefix}-t-`} || ${padded}, ${customer.userId}, ${`${prefix}-e-`} || ${padded},
          ${customer.walletId}, 'receive', cast(${amount} as bigint), 'USD', 0, ${description}, 'Acme, Inc.', 'completed',
          ${createdAt}
        from ${series} as s`.execute(trx);
        await sql`update ledger_accounts set balance = balance + cast(${amount * count} as bigint)
        where id = ${customer.walletId}`.execute(trx);
      });
    }
    // On SQLite, fold the WAL back into the database as checkpoints would have while the history grew: a
    // WAL of a million fresh rows makes every page read search its index and the server's next commit
    // copy it all back while holding the event loop.
    if (!postgres) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    // A bulk load leaves PostgreSQL's planner without statistics until autovacuum's next pass (up to a
    // minute): meanwhile it sorted the user's whole history for every export batch (7.4 s instead of ~1.3 s
    // for 100k rows). A live history grows a row at a time and is analysed as it goes.
    await sql`analyze`.execute(db);
    // Then what autovacuum and the checkpointer would have done as the history grew: set the pages' hint bits
    // and visibility, and write them out. Straight after the bulk load, the first 2,000 history pages took
    // p50 4–5 ms, p99 22–26 ms while that work ran beside them; the next 1,000 p50 2 ms, p99 6 ms.
    if (postgres) {
      await sql`vacuum (analyze) transactions, postings, journal_entries`.execute(db);
      await sql`checkpoint`.execute(db);
    }
  } finally {
    await destroy();
  }
}
