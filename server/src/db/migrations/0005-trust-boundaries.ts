import { sql, type Kysely } from 'kysely';

/**
 * Trust boundaries: who may move money where, beyond entries that balance.
 * - `ledger_accounts.book`: 'live' or 'demo'. Demo wallets and the demo's own house accounts are in the demo
 *   book; an entry never mixes books (modules/ledger/ledger.service.ts), so play money cannot reach a real
 *   customer. Accounts that existed before keep 'live': their old entries were posted against the live house
 *   accounts, and a book that contradicted its history would make ledger:verify report them.
 * - `payouts.book`: which book a simulated external payout settles in.
 * - `users.email_verified_at`: money sent by email lands only on a verified address. Demo users are verified.
 * - `email_verifications`: single-use links (only the token's SHA-256 is stored), to confirm a new account's
 *   address or a change of address.
 * - `mail_outbox`: every email Meridian sends, written in the transaction that caused it and delivered
 *   after commit (modules/mail).
 * - `held_transfers`: money sent to an address no verified account has yet; it waits in the held_transfers
 *   house account until that address is verified, or goes back to the sender.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ledger_accounts')
    .addColumn('book', 'text', (col) => col.notNull().defaultTo('live'))
    .execute();
  await db.schema
    .alterTable('payouts')
    .addColumn('book', 'text', (col) => col.notNull().defaultTo('live'))
    .execute();

  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await sql`update users set email_verified_at = created_at where is_demo = 1`.execute(db);

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_verifications_user')
    .on('email_verifications')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('action_url', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // Only mail still to be sent is looked up by time, so the index stays as small as the queue.
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('mail_outbox_user_kind')
    .on('mail_outbox')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();

  await db.schema
    .createTable('held_transfers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('sender_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('recipient_email', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('return_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_entry_id', 'text', (col) => col.references('journal_entries.id'))
    .addColumn('recipient_id', 'text', (col) => col.references('users.id'))
    .addCheckConstraint('held_transfers_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('held_transfers_waiting_email')
    .on('held_transfers')
    .column('recipient_email')
    .where(sql.ref('status'), '=', 'held')
    .execute();
  await db.schema
    .createIndex('held_transfers_waiting_return')
    .on('held_transfers')
    .column('return_at')
    .where(sql.ref('status'), '=', 'held')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('held_transfers').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.alterTable('payouts').dropColumn('book').execute();
  await db.schema.alterTable('ledger_accounts').dropColumn('book').execute();
}
