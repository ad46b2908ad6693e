/**
 * The idempotency keys' table. A rule in both TypeScript and PostgreSQL: claimKey then findKey =
 * `idempotency_claim` (sql/idempotency-claim.sql), the first step of transfer_context and payment_context,
 * held to these statements by transfer-context.test.ts and wallet-context.test.ts.
 */
import type { Kysely } from 'kysely';
import { precompiledQuery } from '../../db/precompiled';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Claims (user, key) for this transaction. On PostgreSQL a concurrent request holding the same key makes this
 * wait until that one commits (then it finds the stored row) or rolls back (then the claim succeeds).
 * Mirrored, with findKey, by the stored function `idempotency_claim` (sql/idempotency-claim.sql).
 */
export async function claimKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
  now = new Date(),
): Promise<boolean> {
  const result = await keyClaim(db, userId, key, requestHash, now.toISOString());
  return Number(result.numAffectedRows ?? 0n) === 1;
}

export function findKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Stores the answer on the claimed row. */
export async function storeResponse(db: Db, userId: string, key: string, status: number, body: string) {
  await responseStore(db, status, body, userId, key);
}

// Every money-moving POST claims a key and stores its answer: compiled once (db/precompiled.ts).
const keyClaim = precompiledQuery(
  (db: Db, userId: string, key: string, requestHash: string, createdAt: string) =>
    db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        request_hash: requestHash,
        // Placeholder until storeResponse, in the same transaction: never visible to anyone else.
        response_status: 0,
        response_body: '',
        created_at: createdAt,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing()),
);

const responseStore = precompiledQuery((db: Db, status: number, body: string, userId: string, key: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body })
    .where('user_id', '=', userId)
    .where('key', '=', key),
);
