import type { Kysely } from 'kysely';

/**
 * `clients`: the people and companies a user invoices (modules/clients), one per email per user. Invoices
 * gain `client_id`: the client an invoice was made for, by which the list filters and the owed figure is
 * summed. The invoice still keeps its own copy of the client's name, email and address, so deleting a client
 * only clears the link (ON DELETE SET NULL) and the invoice reads as it was sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('tax_id', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('payment_terms_days', 'integer', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('clients_user_email')
    .on('clients')
    .columns(['user_id', 'email'])
    .unique()
    .execute();

  await db.schema
    .alterTable('invoices')
    .addColumn('client_id', 'text', (col) => col.references('clients.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('invoices_user_client')
    .on('invoices')
    .columns(['user_id', 'client_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_user_client').execute();
  await db.schema.alterTable('invoices').dropColumn('client_id').execute();
  await db.schema.dropTable('clients').execute();
}
