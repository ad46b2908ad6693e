import { sql, type Kysely } from 'kysely';

/**
 * Webhook deliveries carry the token of the claim that holds them (modules/webhooks). A claim writes a new
 * `lease_token` with its lease; an outcome is written only where the token is still the writer's, so a worker
 * that outlived its lease cannot overwrite what the next claim recorded. A delivery whose token is set and
 * whose lease (`next_attempt_at`) has not ended is in flight: claims pass its endpoint by while it is. The
 * partial index holds just those rows (an outcome clears the token), so finding busy endpoints stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('lease_token', 'text').execute();
  await db.schema
    .createIndex('webhook_deliveries_leased')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'next_attempt_at'])
    .where(sql.ref('lease_token'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_leased').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('lease_token').execute();
}
