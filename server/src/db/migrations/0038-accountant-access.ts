import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Read-only access for an accountant (modules/accountants).
 *
 * `accountant_grants`: an owner's invite to an address (`token_hash` of the mailed link, `expires_at`), which
 * becomes access once the account holding that verified address accepts it (`accountant_id`, `accepted_at`).
 * Revoking, declining and leaving delete the row, so a row is the whole truth of who may read whose books, and
 * every request that reads them asks it again. One grant per owner and accountant, one invite per address.
 *
 * `sessions.books_owner_id`: whose books a session has open (null: its own). It lives on the session, in the
 * database, so every process and a plain download link read the same books. On PostgreSQL a change of it is
 * announced like any other change a remembered session could be wrong about (migration 0020).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accountant_grants')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('annotate', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('token_hash', 'text')
    .addColumn('invited_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('accountant_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('accepted_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('accountant_grants_owner_email')
    .on('accountant_grants')
    .columns(['owner_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('accountant_grants_owner_accountant')
    .on('accountant_grants')
    .columns(['owner_id', 'accountant_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('accountant_grants_accountant')
    .on('accountant_grants')
    .column('accountant_id')
    .execute();
  await db.schema
    .createIndex('accountant_grants_token')
    .on('accountant_grants')
    .column('token_hash')
    .unique()
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('books_owner_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger if exists sessions_changed_signal on sessions').execute(db);
  await sql
    .raw(
      `create trigger sessions_changed_signal after update on sessions for each row
       when (new.id <> old.id or new.user_id <> old.user_id or new.expires_at <> old.expires_at
             or new.last_seen_at < old.last_seen_at
             or new.books_owner_id is distinct from old.books_owner_id)
       execute function sessions_signal()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop trigger if exists sessions_changed_signal on sessions').execute(db);
    await sql
      .raw(
        `create trigger sessions_changed_signal after update on sessions for each row
         when (new.id <> old.id or new.user_id <> old.user_id or new.expires_at <> old.expires_at
               or new.last_seen_at < old.last_seen_at)
         execute function sessions_signal()`,
      )
      .execute(db);
  }
  await db.schema.alterTable('sessions').dropColumn('books_owner_id').execute();
  await db.schema.dropTable('accountant_grants').execute();
}
