import type { Kysely } from 'kysely';

/**
 * Signed webhooks (modules/webhooks).
 * - `webhook_endpoints`: a user's URLs and the event types each wants (a JSON list). The signing secret is
 *   sealed (lib/secret-box.ts, bound to the endpoint's id); after a rotation the previous one keeps signing
 *   until `previous_secret_until`, so a receiver can switch without losing a delivery. `failing_since` is the
 *   first failure of the current run of failures; a day of them sets `disabled_at` (and `enabled` to 0).
 * - `webhook_events`: the outbox. One row per event ('msg_…', the `webhook-id` every retry repeats), written in
 *   the transaction of what it announces, and only when some enabled endpoint of the user wants its type.
 * - `webhook_deliveries`: an event to one endpoint. Jobs claim due rows by pushing `next_attempt_at` past a
 *   lease (as mail_outbox does), so processes never send one delivery at once; `retry_until` ends retrying.
 * - `webhook_attempts`: every try of a delivery, for the log the profile shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('disabled_at', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_user')
    .on('webhook_endpoints')
    .columns(['user_id', 'enabled'])
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) => col.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('retry_until', 'text', (col) => col.notNull())
    .addColumn('last_status_code', 'integer')
    .addColumn('last_latency_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('delivery_id', 'text', (col) =>
      col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
