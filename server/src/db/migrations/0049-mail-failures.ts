import { sql, type Kysely } from 'kysely';

/**
 * Mail that could not go, and who may write a message's outcome (modules/mail).
 * - `lease_token`: stamped by each claim; a worker writes sent, retry or failed only while the row still
 *   carries its token, so one that outlived its lease changes nothing another worker did since.
 * - `on_behalf_of`: the account whose action mailed someone else (an invoice's owner); it is told when such a
 *   message finally fails. Mail to a user's own address names them in `user_id` already.
 * - `failed_at`: when retrying ended; operators list failed mail newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('lease_token', 'text').execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('on_behalf_of', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', 'text').execute();
  await db.schema
    .createIndex('mail_outbox_failed')
    .on('mail_outbox')
    .column('failed_at')
    .where(sql.ref('status'), '=', 'failed')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_failed').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('failed_at').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('on_behalf_of').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('lease_token').execute();
}
