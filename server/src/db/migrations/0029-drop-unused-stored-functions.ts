import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: drops the stored functions nothing calls any more. Every ledger entry is posted by
 * `ledger_post_entry` (modules/ledger/sql/post-entry.sql) and the transaction's other writes are plain
 * statements, so `ledger_post_entry_or_raise`, `ledger_post_entry_then` and `write_rows` (created by
 * migrations 0019–0024) have no caller and no source file. Their rows in `stored_functions` go too: a file of
 * the same name and text added later must be applied, not taken for already applied.
 */
const LEDGER_ARGS =
  'text, text, text, text, text, text, text[], text[], text[], text[], bigint[], bigint[], jsonb';

const DROPPED = [
  {
    signature: `ledger_post_entry_or_raise(${LEDGER_ARGS}, jsonb)`,
    file: 'modules/ledger/sql/post-entry-or-raise.sql',
  },
  {
    signature: `ledger_post_entry_then(${LEDGER_ARGS}, jsonb)`,
    file: 'modules/ledger/sql/post-entry-then.sql',
  },
  { signature: 'write_rows(jsonb)', file: 'db/sql/write-rows.sql' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The caller first: or_raise calls then, which calls write_rows.
  for (const { signature } of DROPPED) await sql.raw(`drop function if exists ${signature}`).execute(db);
  await sql`delete from stored_functions where name in (${sql.join(DROPPED.map((fn) => fn.file))})`.execute(
    db,
  );
}

/** Going down leaves them dropped: the app of the version before this one calls none of them either. */
export async function down(): Promise<void> {}
