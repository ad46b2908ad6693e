import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in and the security toggles (modules/auth/two-factor.*, security-settings.ts):
 * - `two_factor`: one row per user who started enrolling. `secret` is the TOTP seed sealed with AES-256-GCM
 *   (lib/secret-box.ts), never the base32 text; `enabled_at` is null until a code confirmed it;
 *   `last_used_step` is the newest TOTP time step accepted, so a code is accepted once.
 * - `two_factor_recovery_codes`: SHA-256 of each one-time recovery code (they are high-entropy random, so a
 *   fast hash is enough); `used_at` set when spent.
 * - `login_challenges`: a sign-in whose password was right and that waits for its code. `id` is the SHA-256
 *   of the challenge token the browser holds; 5 minutes, single use, dead after 5 wrong codes.
 * - `security_settings`: the user's toggles; no row means the defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('login_challenges_expires')
    .on('login_challenges')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('login_challenges_user').on('login_challenges').column('user_id').execute();

  await db.schema
    .createTable('security_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('login_alerts', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_settings').execute();
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
