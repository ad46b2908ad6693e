import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Claims (user, key) for this transaction. On PostgreSQL a concurrent request holding the same key makes this
 * wait until that one commits (then it finds the stored row) or rolls back (then the claim succeeds).
 */
export async function claimKey(db: Db, userId: string, key: string, requestHash: string): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: userId,
      key,
      request_hash: requestHash,
      // Placeholder until storeResponse, in the same transaction: never visible to anyone else.
      response_status: 0,
      response_body: '',
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export function storeResponse(db: Db, userId: string, key: string, status: number, body: string) {
  return db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
