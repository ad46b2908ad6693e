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
 * Claims up to `limit` pending messages that are due, by pushing their next attempt past `leaseUntil` and
 * counting the attempt. Sending happens after this commits, outside any transaction (SMTP can be slow and
 * SQLite has one writer); a process that dies mid-send leaves the message to be retried when the lease ends.
 * On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so several servers take different messages.
 */
export function claimDueMail(db: Db, now: string, leaseUntil: string, limit: number) {
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit);
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', isPostgres(db) ? due.forUpdate().skipLocked() : due)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'to_address', 'subject', 'body', 'attempts', 'attachment'])
    .execute();
}

export function markSent(db: Db, id: string, at: string) {
  return db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at, last_error: null })
    .where('id', '=', id)
    .execute();
}

export function markFailedAttempt(db: Db, id: string, failure: { error: string; retryAt: string | null }) {
  return db
    .updateTable('mail_outbox')
    .set({
      last_error: failure.error,
      ...(failure.retryAt ? { next_attempt_at: failure.retryAt } : { status: 'failed' as const }),
    })
    .where('id', '=', id)
    .execute();
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
