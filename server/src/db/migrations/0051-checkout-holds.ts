import { sql, type Kysely } from 'kysely';

/**
 * Card checkouts (modules/payments) that hold what they may collect, and that can need an operator:
 * - `expires_at`: when the processor's session expires (asked for when it opens). An open checkout holds its
 *   amount of the invoice until it is paid or ends: expired, as the processor's webhook says, or as the
 *   processor answers when asked about one past this time, or cancelled by the payer who opened it.
 * - `attention`: why a checkout needs an operator (a signed payment event that does not match it: another
 *   amount or currency). Such a checkout is never credited by a webhook, and holds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_checkouts').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('payment_checkouts').addColumn('attention', 'text').execute();
  // System Status counts them: the few that need an operator, not every checkout ever opened.
  await db.schema
    .createIndex('payment_checkouts_attention')
    .on('payment_checkouts')
    .column('id')
    .where(sql.ref('attention'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_checkouts_attention').execute();
  await db.schema.alterTable('payment_checkouts').dropColumn('attention').execute();
  await db.schema.alterTable('payment_checkouts').dropColumn('expires_at').execute();
}
