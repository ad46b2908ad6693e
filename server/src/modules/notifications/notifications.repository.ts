import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, NotificationRow, NotificationsTable } from '../../db/schema';
import { precompiledRows } from '../../db/precompiled';

type Db = Kysely<Database>;

/** The sort key of the panel's order: pinned first, then newest, id breaking ties. */
export interface NotificationCursor {
  pinned: 0 | 1;
  createdAt: string;
  id: string;
}

/** The PostgreSQL channel that carries "this user's notifications changed" (the payload is the user id). */
// Named again in the trigger function that signals it (sql/notifications-signal.sql): change both together.
export const NOTIFICATIONS_CHANNEL = 'meridian_notifications';

/**
 * Writes notifications. On PostgreSQL a trigger signals each row's user on NOTIFICATIONS_CHANNEL (migration
 * 0019; PostgreSQL delivers identical notifications of one transaction once). Compiled once per row count
 * (db/precompiled.ts): every payment raises one or two.
 */
export async function insertNotifications(db: Db, rows: Insertable<NotificationsTable>[]) {
  await notificationsInsert(db, rows);
}

const notificationsInsert = precompiledRows((db: Db, rows: Insertable<NotificationsTable>[]) =>
  db.insertInto('notifications').values(rows),
);

/** One page in the panel's order, strictly after `after`; one walk down the notifications_list index. */
export function listNotifications(db: Db, userId: string, after: NotificationCursor | null, limit: number) {
  let select = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (after) {
    select = select.where((eb) =>
      eb(
        eb.refTuple('is_pinned', 'created_at', 'id'),
        '<',
        eb.tuple(after.pinned, after.createdAt, after.id),
      ),
    );
  }
  return select
    .orderBy('is_pinned', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The most recently raised, whatever their pin: what a live stream compares with what it already sent. */
export function newestNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Changes one of the user's notifications; false when it is not theirs (or gone). */
export async function updateNotification(
  db: Db,
  userId: string,
  id: string,
  change: { is_read?: number; is_pinned?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set(change)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
