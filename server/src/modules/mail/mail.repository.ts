import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

type Db = Kysely<Database>;

/**
 * Counts one message to someone else's address against the account's allowance for the hour starting at
 * `windowStart`, in the caller's transaction, and answers whether it fitted. One row per account: a new hour
 * starts its count again at 1; a full hour leaves the row untouched and returns nothing. The upsert holds the
 * row's lock until the caller commits, so senders in several processes count one after another. Only a
 * verified account is counted at all (the row comes from `users`): an unverified one is refused here too.
 */
export async function countMailToOthers(
  db: Db,
  accountId: string,
  windowStart: string,
  perHour: number,
): Promise<boolean> {
  const counted = await db
    .insertInto('mail_quota')
    .columns(['account_id', 'window_start', 'sent'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select(['id', eb.val(windowStart).as('window_start'), sql<number>`1`.as('sent')])
        .where('id', '=', accountId)
        .where('email_verified_at', 'is not', null),
    )
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet((eb) => ({
          sent: eb
            .case()
            .when('mail_quota.window_start', '<', eb.ref('excluded.window_start'))
            .then(1)
            .else(eb('mail_quota.sent', '+', 1))
            .end(),
          window_start: eb.ref('excluded.window_start'),
        }))
        .where((eb) =>
          eb.or([
            eb('mail_quota.window_start', '<', eb.ref('excluded.window_start')),
            eb('mail_quota.sent', '<', perHour),
          ]),
        ),
    )
    .returning('sent')
    .executeTakeFirst();
  return counted !== undefined;
}

export async function isVerifiedAccount(db: Db, accountId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Boolean(user?.email_verified_at);
}

export function insertMail(db: Db, mail: Insertable<MailOutboxTable>) {
  return db.insertInto('mail_outbox').values(mail).execute();
}

/**
 * Claims up to `limit` pending messages that are due, by pushing their next attempt past `leaseUntil`,
 * counting the attempt and stamping `token` on them. Sending happens after this commits, outside any
 * transaction (SMTP can be slow and SQLite has one writer); a process that dies mid-send leaves the message to
 * be retried when the lease ends. The ids are picked first, in a CTE, and only those rows are updated: on
 * PostgreSQL the CTE's FOR UPDATE SKIP LOCKED keeps it from being folded into the update (where a semi-join
 * could take more than `limit` rows), and several servers take different messages.
 */
export function claimDueMail(
  db: Db,
  claim: { now: string; leaseUntil: string; token: string; limit: number },
) {
  return db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const due = qb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', claim.now)
          .orderBy('next_attempt_at')
          .limit(claim.limit);
        return isPostgres(db) ? due.forUpdate().skipLocked() : due;
      },
    )
    .updateTable('mail_outbox')
    .from('due')
    .set((eb) => ({
      next_attempt_at: claim.leaseUntil,
      attempts: eb('attempts', '+', 1),
      lease_token: claim.token,
    }))
    .whereRef('mail_outbox.id', '=', 'due.id')
    .returning(['mail_outbox.id', 'to_address', 'subject', 'body', 'attempts', 'attachment', 'lease_token'])
    .execute();
}

/**
 * The outcome of an attempt is written only while the message is still the writer's: pending, and carrying
 * the token its claim stamped. A worker that outlived its lease (another claimed the message since, and may
 * have sent it) changes nothing. Each returns whether it wrote.
 */
const stillClaimed = (db: Db, id: string, token: string) =>
  db
    .updateTable('mail_outbox')
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'pending');

export async function markSent(db: Db, id: string, token: string, at: string): Promise<boolean> {
  const result = await stillClaimed(db, id, token)
    .set({ status: 'sent', sent_at: at, last_error: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markRetry(
  db: Db,
  id: string,
  token: string,
  retry: { error: string; at: string },
): Promise<boolean> {
  const result = await stillClaimed(db, id, token)
    .set({ last_error: retry.error, next_attempt_at: retry.at })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the message up; answers what its owner is told, or nothing if the claim was no longer the writer's. */
export function markFailed(db: Db, id: string, token: string, failure: { error: string; at: string }) {
  return stillClaimed(db, id, token)
    .set({ status: 'failed', last_error: failure.error, failed_at: failure.at })
    .returning(['id', 'kind', 'to_address', 'subject', 'ref', 'user_id', 'on_behalf_of'])
    .executeTakeFirst();
}

/** Failed messages, newest failure first, without their bodies (a body can hold a sign-in or reset link). */
export function failedMail(db: Db, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'attempts', 'last_error', 'created_at', 'failed_at'])
    .where('status', '=', 'failed')
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
}

/** A failed message back to pending, due `at`, with a whole new schedule of attempts; false if not failed. */
export async function requeueFailed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: at, lease_token: null, failed_at: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The newest message about `ref` (e.g. "invoice:<id>"). */
export function newestMailAbout(db: Db, ref: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'status', 'on_behalf_of'])
    .where('ref', '=', ref)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest message of a kind addressed to a user (the sandbox shows its link). */
export function latestMailOf(db: Db, userId: string, kind: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['to_address', 'action_url', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string | number | bigint>().as('n')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
