import type { Kysely } from 'kysely';

/**
 * Cards (modules/cards). `number_encrypted` is the full number under AES-256-GCM (card-secrets.ts), null for
 * a Stripe card (Stripe keeps the number); no column ever holds a number or a CVV in clear, and the CVV is
 * not stored at all (derived on reveal). Limits are minor units of the card's currency, null for none.
 * `card_purchases` holds every authorization, approved or declined; an approved one names its history row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_card_id', 'text')
    .addColumn('provider_cardholder_id', 'text')
    .addColumn('card_type', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('number_encrypted', 'text')
    .addColumn('expiry_month', 'integer', (col) => col.notNull())
    .addColumn('expiry_year', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('home_country', 'text', (col) => col.notNull())
    .addColumn('shipping_address', 'text')
    .addColumn('allow_online', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('allow_contactless', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('allow_atm', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('allow_international', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('blocked_categories', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('limit_per_payment', 'bigint')
    .addColumn('limit_daily', 'bigint')
    .addColumn('limit_monthly', 'bigint')
    .addColumn('limit_atm', 'bigint')
    .addColumn('status_changed_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cards_user').on('cards').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('cards_status').on('cards').columns(['status', 'status_changed_at']).execute();

  await db.schema
    .createTable('card_purchases')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('card_id', 'text', (col) => col.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('wallet_amount', 'bigint', (col) => col.notNull())
    .addColumn('merchant', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('approved', 'integer', (col) => col.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('entry_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('card_purchases_window')
    .on('card_purchases')
    .columns(['card_id', 'approved', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_purchases').execute();
  await db.schema.dropTable('cards').execute();
}
