import type { Kysely } from 'kysely';

/**
 * `invoices.language`: the client's language ('en', 'de', 'fr', 'es'), in which the invoice's PDF, emails and
 * pay page speak (contract/src/i18n.ts). Invoices made before it speak English, as they always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('language').execute();
}
