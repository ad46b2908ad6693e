import { EventEmitter } from 'node:events';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { NotificationCategory, NotificationType } from '@contract/notifications';
import type { Dialect } from '../../db/database';
import type { PgListener } from '../../db/pg-listener';
import type { Database, NotificationsTable } from '../../db/schema';
import { newId } from '../../lib/ids';
import { insertNotifications, NOTIFICATIONS_CHANNEL as CHANNEL } from './notifications.repository';

/** What a module tells a user; `actionUrl` is an in-app path such as "/history". */
export interface Notice {
  category: NotificationCategory;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string;
  actionText?: string;
}

export interface NotifierStatus {
  mode: 'postgres' | 'in-process';
  ok: boolean;
  detail: string;
}

export type Notifier = ReturnType<typeof createNotifier>;

/**
 * Raises notifications and tells every app process when a user's notifications change, so open streams
 * (notification-stream.ts) can push them.
 *
 * `raise` writes in the caller's transaction, like the mail outbox: a notification exists if and only if its
 * event committed. The change signal is transactional too on PostgreSQL: `pg_notify` inside a transaction
 * is delivered at commit (and never after a rollback) to every process LISTENing on this database, through
 * its one listener connection (db/pg-listener.ts). A new notification's signal comes from a trigger, and only
 * while some process holds a stream open for its user (stream-interest.ts, sql/notifications-signal.sql): a signal costs
 * the committing transaction a database-wide lock. On SQLite there is one process: the signal is an
 * in-process event, and a stream that reads after it queues behind the writing transaction on the one
 * connection, so it reads what committed (a rolled-back notification is simply not found).
 */
export function createNotifier(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  /** This process's LISTEN connection (PostgreSQL only). */
  listener?: PgListener | undefined;
}) {
  const { dialect, listener } = deps;
  const changes = new EventEmitter();
  changes.setMaxListeners(0);
  const emit = (userId: string) => changes.emit('change', userId);
  listener?.on(CHANNEL, emit);

  /** Tells every process (this one included) that `userId`'s notifications changed, once `db` commits. */
  async function signal(db: Kysely<Database>, userId: string) {
    if (dialect === 'postgres') await sql`select pg_notify(${CHANNEL}, ${userId})`.execute(db);
    else setImmediate(emit, userId);
  }

  const rowOf = (userId: string, notice: Notice, createdAt: string): Insertable<NotificationsTable> => ({
    id: newId(),
    user_id: userId,
    category: notice.category,
    type: notice.type,
    title: notice.title,
    message: notice.message,
    action_url: notice.actionUrl ?? null,
    action_text: notice.actionText ?? null,
    created_at: createdAt,
  });

  /**
   * Writes the notifications and signals their users. On PostgreSQL that is ONE statement, the insert and its
   * pg_notify per row (PostgreSQL delivers identical notifications of one transaction once), so a money
   * movement pays one round trip for all it tells; on SQLite two cheap local statements.
   */
  async function raiseAll(
    trx: Kysely<Database>,
    notices: { userId: string; notice: Notice }[],
    createdAt: string,
  ) {
    if (notices.length === 0) return;
    const rows = notices.map(({ userId, notice }) => rowOf(userId, notice, createdAt));
    await insertNotifications(trx, rows);
    if (dialect === 'postgres') return;
    for (const userId of new Set(rows.map((row) => row.user_id))) setImmediate(emit, userId);
  }

  return {
    /** Writes a notification for `userId` in the caller's transaction (backdated only by the demo's story). */
    async raise(trx: Kysely<Database>, userId: string, notice: Notice, createdAt = new Date().toISOString()) {
      await raiseAll(trx, [{ userId, notice }], createdAt);
    },

    /** Several notifications of one event (say the sender's and the recipient's of a transfer) at once. */
    async raiseMany(trx: Kysely<Database>, notices: { userId: string; notice: Notice }[]) {
      await raiseAll(trx, notices, new Date().toISOString());
    },

    signal,

    /** Calls `listener(userId)` whenever a user's notifications changed in any process; returns an unsubscribe. */
    onChange(handler: (userId: string) => void) {
      changes.on('change', handler);
      return () => void changes.off('change', handler);
    },

    status(): NotifierStatus {
      if (dialect !== 'postgres') {
        return {
          mode: 'in-process',
          ok: true,
          detail: 'One process (SQLite): pushes go straight to open streams',
        };
      }
      return listener?.listening
        ? {
            mode: 'postgres',
            ok: true,
            detail: 'Listening on PostgreSQL; pushes and sign-outs reach every app process',
          }
        : { mode: 'postgres', ok: false, detail: `Not listening: ${listener?.lastError ?? 'connecting'}` };
    },
  };
}
