import { sql, type Kysely } from 'kysely';

/**
 * Notifications (modules/notifications): raised in the same transaction as the event they tell of, so a
 * payment and its "Money received" commit or vanish together. The list index serves the panel's order
 * (pinned first, then newest) as one index walk; the unread index serves the bell's count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('action_url', 'text')
    .addColumn('action_text', 'text')
    .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_list')
    .on('notifications')
    .columns(['user_id', 'is_pinned desc', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .columns(['user_id', 'is_read'])
    .where(sql.ref('is_read'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
