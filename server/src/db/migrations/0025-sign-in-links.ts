import type { Kysely } from 'kysely';

/**
 * `sign_in_links` (modules/auth/sign-in-link.ts): a one-time sign-in link mailed to the verified address of an
 * account without two-factor whose new-browser sign-ins are held back by an attack from many addresses, after
 * a right password. `id` is the SHA-256 of the 128-bit token (only the hash is kept); 15 minutes, single use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('sign_in_links_user').on('sign_in_links').column('user_id').execute();
  await db.schema.createIndex('sign_in_links_expires').on('sign_in_links').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_links').execute();
}
