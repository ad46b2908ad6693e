import type { Kysely } from 'kysely';

/**
 * Sign-in throttling that every app process shares (modules/auth/login-throttle.ts):
 * - `login_throttle`: failed sign-ins per key (an account from one source, an account from everywhere, a
 *   source across accounts, a known device) and until when the key must wait.
 * - `login_devices`: browsers that signed in to an account before (only the SHA-256 of the device cookie is
 *   stored). A sign-in from one of them is not slowed by failures made elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('blocked_until', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_updated').on('login_throttle').column('updated_at').execute();

  await db.schema
    .createTable('login_devices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_devices_user').on('login_devices').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_devices').execute();
  await db.schema.dropTable('login_throttle').execute();
}
