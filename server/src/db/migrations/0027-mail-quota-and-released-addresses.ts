import type { Kysely } from 'kysely';

/**
 * - `mail_quota`: how many messages each account has caused to addresses other than its own in the current
 *   hour (modules/mail/mailer.ts: MAIL_TO_OTHERS_PER_HOUR). One row per account, reset when a new hour starts,
 *   counted in the transaction that writes the message, so the cap holds across processes.
 * - `users.released_email` / `email_released_at`: an account whose address stayed unverified past
 *   UNVERIFIED_EMAIL_RELEASE_DAYS gives the address up when its real owner signs up (modules/auth/
 *   stale-address.ts); the address it had is kept here for support, and its own becomes a tombstone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_quota')
    .addColumn('account_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('window_start', 'text', (col) => col.notNull())
    .addColumn('sent', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('released_email', 'text').execute();
  await db.schema.alterTable('users').addColumn('email_released_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_released_at').execute();
  await db.schema.alterTable('users').dropColumn('released_email').execute();
  await db.schema.dropTable('mail_quota').execute();
}
