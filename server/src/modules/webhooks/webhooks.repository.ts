import type { Insertable, Kysely, Updateable } from 'kysely';
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../../db/schema';
import { isPostgres } from '../../db/dialect';

type Db = Kysely<Database>;

export function listEndpoints(db: Db, userId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function findEndpoint(db: Db, userId: string, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function endpointById(db: Db, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The enabled endpoints of these users, in one indexed read: what an event pays when nobody listens. */
export function enabledEndpoints(db: Db, userIds: readonly string[]) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'user_id', 'events'])
    .where('user_id', 'in', userIds)
    .where('enabled', '=', 1)
    .execute();
}

export function countEndpoints(db: Db, userId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export function insertEndpoint(db: Db, row: Insertable<WebhookEndpointsTable>) {
  return db.insertInto('webhook_endpoints').values(row).execute();
}

export function updateEndpoint(db: Db, id: string, changes: Updateable<WebhookEndpointsTable>) {
  return db.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

/** Replaces the secret only if it is still `current`: two rotations at once must not both take it. */
export async function replaceSecret(
  db: Db,
  id: string,
  current: string,
  changes: { secret: string; previous_secrets: string; secret_revoked_at?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .where('secret', '=', current)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function deleteEndpoint(db: Db, userId: string, id: string) {
  return db
    .deleteFrom('webhook_endpoints')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertEvent(db: Db, row: Insertable<WebhookEventsTable>) {
  return db.insertInto('webhook_events').values(row).execute();
}

export function insertDeliveries(db: Db, rows: Insertable<WebhookDeliveriesTable>[]) {
  return db.insertInto('webhook_deliveries').values(rows).execute();
}

/**
 * Claims up to `limit` due deliveries, at most one per endpoint and none of an endpoint that has one in flight
 * (its token set and its lease not over, in any process): the oldest due delivery of each endpoint, oldest
 * first. A claim pushes the next attempt past `leaseUntil`, counts the attempt and writes `token`, which the
 * outcome must still find (settleDelivery). The POST happens after this commits; a process that dies mid-send
 * leaves the delivery to be tried again when the lease ends, with the same webhook-id.
 *
 * The ids are picked in a materialized CTE, run once. In `id in (select … limit n for update skip locked)`
 * PostgreSQL may rescan the subquery once per row it joins (a nested-loop semi-join, its plan when its
 * statistics say little is due), and each rescan locks n more rows: a burst claimed everything due at once.
 */
export function claimDue(db: Db, claim: { now: string; leaseUntil: string; token: string; limit: number }) {
  const { now, leaseUntil, token, limit } = claim;
  return db
    .with('busy', (qb) =>
      qb
        .selectFrom('webhook_deliveries')
        .select('endpoint_id')
        .where('lease_token', 'is not', null)
        .where('next_attempt_at', '>', now),
    )
    .with('heads', (qb) =>
      qb
        .selectFrom('webhook_deliveries')
        .select((eb) => [
          'id',
          eb.fn
            .agg<number>('row_number')
            .over((over) => over.partitionBy('endpoint_id').orderBy('next_attempt_at').orderBy('id'))
            .as('place'),
        ])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where('endpoint_id', 'not in', (eb) => eb.selectFrom('busy').select('endpoint_id')),
    )
    .with(
      (cte) => cte('picked').materialized(),
      (qb) => {
        const picked = qb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('id', 'in', (eb) => eb.selectFrom('heads').select('id').where('place', '=', 1))
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit);
        return isPostgres(db) ? picked.forUpdate().skipLocked() : picked;
      },
    )
    .updateTable('webhook_deliveries')
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1), lease_token: token }))
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('id'))
    .returning(['id', 'event_id', 'endpoint_id', 'attempts', 'retry_until'])
    .execute();
}

export function eventById(db: Db, id: string) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAttempt(db: Db, row: Insertable<WebhookAttemptsTable>) {
  return db.insertInto('webhook_attempts').values(row).execute();
}

export async function firstAttemptAt(db: Db, deliveryId: string): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.min('at').as('first'))
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirst();
  return row?.first ?? null;
}

export function updateDelivery(db: Db, id: string, changes: Updateable<WebhookDeliveriesTable>) {
  return db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
}

/**
 * Writes a claimed delivery's outcome and ends its claim, only while the claim is still `token`'s: once its
 * lease ran out another worker may have claimed it (a new token) and recorded its own outcome, which a late
 * worker must not overwrite. Answers whether it wrote.
 */
export async function settleDelivery(
  db: Db,
  id: string,
  token: string,
  changes: Updateable<WebhookDeliveriesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...changes, lease_token: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The endpoint's newest deliveries with their events' types. */
export function deliveriesOf(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export function attemptsOf(db: Db, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A delivery of the user's (through its endpoint), or nothing. */
export function findDelivery(db: Db, userId: string, id: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select('e.type as event_type')
    .where('w.user_id', '=', userId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/**
 * Starts the endpoint's run of failures at `at` unless one is running, and answers when it started. The
 * disabling (only the first process to see a day's failures does it, and only it tells the owner) is the
 * update's `disabled_at is null` guard.
 */
export async function markFailing(db: Db, id: string, at: string) {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: at })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
  return db
    .selectFrom('webhook_endpoints')
    .select(['failing_since', 'user_id', 'url', 'enabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function disableIfEnabled(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_at: at })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function userEmail(db: Db, userId: string) {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

/**
 * Deletes up to `limit` events made before `cutoff` that nothing is still trying to deliver, with their
 * deliveries and attempts (children first, in the caller's transaction). Returns how many events went.
 */
export async function pruneEventsBefore(db: Db, cutoff: string, limit: number): Promise<number> {
  const events = await db
    .selectFrom('webhook_events as e')
    .select('e.id')
    .where('e.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.event_id', '=', 'e.id')
            .where('d.status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('e.created_at')
    .limit(limit)
    .execute();
  const ids = events.map((event) => event.id);
  if (ids.length === 0) return 0;
  const deliveries = db.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', ids);
  await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await db.deleteFrom('webhook_deliveries').where('event_id', 'in', ids).execute();
  await db.deleteFrom('webhook_events').where('id', 'in', ids).execute();
  return ids.length;
}
