import type { Kysely } from 'kysely';

/**
 * Passkeys (modules/passkeys).
 * - `passkeys`: one row per WebAuthn credential; `id` is the credential id (base64url) the authenticator made,
 *   so an assertion names its row. `public_key` is the COSE key (base64url); `counter` the authenticator's
 *   signature count (up to 2^32, hence bigint), which must rise with each use when the authenticator keeps one;
 *   `transports` comma separated; `device_type` single or multi device, `backed_up` 0/1 (synced passkeys).
 * - `webauthn_challenges`: each challenge handed to a browser, in the database because the process that
 *   answers the verify need not be the one that made the options. Deleted when used (single use), refused
 *   past `expires_at`. `user_id` is null for a sign-in (nobody is named: discoverable credentials).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
