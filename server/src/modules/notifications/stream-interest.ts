import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';

/** How long an announcement holds without renewal: a process that died stops being signalled after this. */
const HOLD_SECONDS = 90;
/** How often a process renews what it holds (well inside HOLD_SECONDS). */
export const RENEW_MS = 30_000;

/**
 * Which users some process holds a live notification stream open for, in the database (PostgreSQL:
 * `notification_listeners`, migration 0023), so a new notification is announced to the processes only when
 * somebody is there to hear it. On SQLite there is one process and the signal is an in-process event, so
 * there is nothing to record.
 */
export interface StreamInterest {
  /** This process now holds a stream for `userId`; resolves once that is committed. */
  hold(userId: string): Promise<void>;
  /** This process holds streams for exactly `userIds`: renews those, forgets the rest of its own. */
  renew(userIds: string[]): Promise<void>;
  /** This process holds nothing any more (it is closing). */
  releaseAll(): Promise<void>;
}

export function createStreamInterest(db: Kysely<Database>, dialect: Dialect): StreamInterest {
  if (dialect !== 'postgres') {
    return { hold: async () => {}, renew: async () => {}, releaseAll: async () => {} };
  }
  const processId = randomUUID();
  const expiry = sql`now() + make_interval(secs => ${HOLD_SECONDS})`;
  /** Announces (or renews) this process's hold on each user that still exists. */
  const announce = (userIds: string[]) =>
    sql`insert into notification_listeners (user_id, process_id, expires_at)
      select id, ${processId}, ${expiry} from users where id = any(${userIds}::text[])
      on conflict (user_id, process_id) do update set expires_at = excluded.expires_at`.execute(db);
  return {
    async hold(userId) {
      await announce([userId]);
    },
    async renew(userIds) {
      await announce(userIds);
      // Ours no longer held, and anyone's long expired (a process that died).
      await sql`delete from notification_listeners
        where (process_id = ${processId} and user_id <> all(${userIds}::text[]))
           or expires_at < now() - interval '1 hour'`.execute(db);
    },
    async releaseAll() {
      await sql`delete from notification_listeners where process_id = ${processId}`.execute(db);
    },
  };
}
