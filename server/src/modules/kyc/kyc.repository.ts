import type { ExpressionBuilder, Insertable, Kysely, Updateable } from 'kysely';
import type { KycCheckId } from '@contract/kyc';
import type { Database, KycApplicationsTable, KycDocumentsTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

type Db = Kysely<Database>;

export function findApplication(db: Db, userId: string) {
  return db.selectFrom('kyc_applications').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findApplicationById(db: Db, id: string) {
  return db.selectFrom('kyc_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertApplication(db: Db, row: Insertable<KycApplicationsTable>) {
  return db.insertInto('kyc_applications').values(row).execute();
}

export function updateApplication(db: Db, id: string, changes: Updateable<KycApplicationsTable>) {
  return db.updateTable('kyc_applications').set(changes).where('id', '=', id).execute();
}

export function listDocuments(db: Db, applicationId: string) {
  return db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at')
    .execute();
}

/** The user's own document; another user's is simply not found. */
export function findDocument(db: Db, userId: string, id: string) {
  return db
    .selectFrom('kyc_documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Puts the document in its side's place; returns the storage key of the one it replaced, if any. */
export async function replaceDocument(db: Db, row: Insertable<KycDocumentsTable>): Promise<string | null> {
  const old = await db
    .deleteFrom('kyc_documents')
    .where('application_id', '=', row.application_id)
    .where('side', '=', row.side)
    .returning('storage_key')
    .executeTakeFirst();
  await db.insertInto('kyc_documents').values(row).execute();
  return old?.storage_key ?? null;
}

/** Removes a side that the document type no longer has (a passport has no back); returns its storage key. */
export async function deleteDocumentSide(db: Db, applicationId: string, side: string) {
  const old = await db
    .deleteFrom('kyc_documents')
    .where('application_id', '=', applicationId)
    .where('side', '=', side as KycDocumentsTable['side'])
    .returning('storage_key')
    .executeTakeFirst();
  return old?.storage_key ?? null;
}

export function listChecks(db: Db, applicationId: string) {
  return db
    .selectFrom('kyc_checks')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('position')
    .execute();
}

/** A new review's checks, all pending, replacing a previous review's. */
export async function resetChecks(db: Db, applicationId: string, checkIds: readonly KycCheckId[]) {
  await db.deleteFrom('kyc_checks').where('application_id', '=', applicationId).execute();
  await db
    .insertInto('kyc_checks')
    .values(
      checkIds.map((checkId, position) => ({
        application_id: applicationId,
        check_id: checkId,
        position,
        status: 'pending' as const,
        detail: null,
        completed_at: null,
      })),
    )
    .execute();
}

export function completeCheck(
  db: Db,
  applicationId: string,
  result: { id: KycCheckId; passed: boolean; detail: string },
  at: string,
) {
  return db
    .updateTable('kyc_checks')
    .set({ status: result.passed ? 'passed' : 'failed', detail: result.detail, completed_at: at })
    .where('application_id', '=', applicationId)
    .where('check_id', '=', result.id)
    .execute();
}

/**
 * Claims one application to review: a submitted one, or one whose reviewer's lease ran out (it died mid-way).
 * It becomes `reviewing` until `leaseUntil`. On PostgreSQL the row is picked with FOR UPDATE SKIP LOCKED, so
 * several processes review different applications. The id is picked in a materialized CTE, run once: in
 * `id in (select … limit 1 for update skip locked)` PostgreSQL may rescan the subquery for every row it joins
 * (a nested-loop semi-join), each rescan locking one more, and claim every waiting application at once.
 */
export function claimApplication(db: Db, now: string, leaseUntil: string) {
  const claimable = (eb: ExpressionBuilder<Database, 'kyc_applications'>) =>
    eb.or([
      eb('status', '=', 'submitted'),
      eb.and([eb('status', '=', 'reviewing'), eb('lease_until', '<', now)]),
    ]);
  return db
    .with(
      (cte) => cte('picked').materialized(),
      (qb) => {
        const picked = qb
          .selectFrom('kyc_applications')
          .select('id')
          .where(claimable)
          .orderBy('submitted_at')
          .limit(1);
        return isPostgres(db) ? picked.forUpdate().skipLocked() : picked;
      },
    )
    .updateTable('kyc_applications')
    .set({ status: 'reviewing', lease_until: leaseUntil })
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('id'))
    .where(claimable)
    .returningAll()
    .executeTakeFirst();
}

/** The decision, if the application is still the one this reviewer claimed (not resubmitted meanwhile). */
export async function decide(
  db: Db,
  id: string,
  leaseUntil: string,
  status: 'approved' | 'rejected',
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('kyc_applications')
    .set({ status, reviewed_at: at, lease_until: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'reviewing')
    .where('lease_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Where a user's files are, before the user (and with it these rows) is deleted. */
export async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('kyc_documents')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}
