import type { Kysely } from 'kysely';

/**
 * Identity verification (modules/kyc):
 * - `users.verification_level`: 'unverified' until the reviewer approves an application ('verified'); it
 *   decides the monthly limit (modules/kyc/spending-limit.ts).
 * - `kyc_applications`: one per user. `personal` and `document` are the wizard's fields as JSON text (read
 *   back through the contract's schemas). `lease_until`: a reviewer claimed it until then (a process that
 *   died mid-review leaves it to be claimed again).
 * - `kyc_documents`: the uploaded images; the bytes live in file storage under `storage_key` (a generated
 *   id, never the client's file name). One per side; a new upload replaces the old.
 * - `kyc_checks`: the review's checks, written one by one as they complete, so the wizard can show them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('verification_level', 'text', (col) => col.notNull().defaultTo('unverified'))
    .execute();

  await db.schema
    .createTable('kyc_applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('personal', 'text')
    .addColumn('document', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('kyc_applications_status')
    .on('kyc_applications')
    .columns(['status', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('kyc_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('kyc_applications.id').onDelete('cascade'),
    )
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('kyc_documents_side', ['application_id', 'side'])
    .execute();
  await db.schema.createIndex('kyc_documents_user').on('kyc_documents').column('user_id').execute();

  await db.schema
    .createTable('kyc_checks')
    .addColumn('application_id', 'text', (col) =>
      col.notNull().references('kyc_applications.id').onDelete('cascade'),
    )
    .addColumn('check_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('kyc_checks_pk', ['application_id', 'check_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kyc_checks').execute();
  await db.schema.dropTable('kyc_documents').execute();
  await db.schema.dropTable('kyc_applications').execute();
  await db.schema.alterTable('users').dropColumn('verification_level').execute();
}
