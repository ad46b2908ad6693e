import type { Kysely } from 'kysely';

/**
 * `statements.seal`: an HMAC of the stored statement under a key the database does not hold
 * (modules/statements/statement-seal.ts), so that whoever can write the database can no longer remake a
 * month's digest unnoticed. A migration cannot read that key, so the statements closed before it keep a null
 * seal here: the process that applies this migration seals those that still match the ledger as it starts
 * (statement-legacy-seals.ts), keeping the time each was closed; any left null is reported by the check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('statements').addColumn('seal', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('statements').dropColumn('seal').execute();
}
