import type { Kysely } from 'kysely';

/**
 * Standing credentials put on hold when the owner takes the account back (a password reset, or "sign out
 * everywhere" with the option): an accountant's grant or invite is suspended until the owner confirms it again
 * (`accountant_grants.suspended_at`), and a webhook endpoint whose secret was replaced by one nobody has seen
 * stays off until the owner rotates it (`webhook_endpoints.secret_revoked_at`). API keys have `revoked_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accountant_grants').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('secret_revoked_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('secret_revoked_at').execute();
  await db.schema.alterTable('accountant_grants').dropColumn('suspended_at').execute();
}
