import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export function findTwoFactor(db: Db, userId: string) {
  return db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new pending secret; replaces a pending one, never an enabled one (false then). */
export async function upsertPendingSecret(db: Db, userId: string, secret: string, at: string) {
  const result = await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret, enabled_at: null, last_used_step: null, created_at: at })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ secret, created_at: at, last_used_step: null })
        .where('two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Turns a pending secret on; false when it was not pending (already on, or never set up). */
export async function markEnabled(db: Db, userId: string, at: string, step: number) {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: at, last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Spends a TOTP time step: true only if it is newer than every step accepted before. One conditional update,
 * so two requests racing with the same code cannot both win.
 */
export async function consumeTimeStep(db: Db, userId: string, step: number) {
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTwoFactor(db: Db, userId: string) {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], at: string) {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: at })))
    .execute();
}

/** Spends a recovery code: true only the first time (a conditional update, safe under races). */
export async function consumeRecoveryCode(db: Db, userId: string, hash: string, at: string) {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string) {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertChallenge(
  db: Db,
  challenge: { id: string; user_id: string; created_at: string; expires_at: string },
) {
  return db
    .insertInto('login_challenges')
    .values({ ...challenge, failures: 0, used_at: null })
    .execute();
}

/**
 * Claims one of a live challenge's guesses before the code is judged: one conditional update, so however
 * many answers arrive at once (in however many processes) only `maxGuesses` of them are ever checked. The
 * challenge's owner, or undefined when it is used, expired, unknown or out of guesses. (`failures` counts
 * every guess claimed; a right one uses the challenge up, so only wrong ones are left to count.)
 */
export function claimChallengeGuess(db: Db, id: string, at: string, maxGuesses: number) {
  return db
    .updateTable('login_challenges')
    .set({ failures: sql<number>`failures + 1` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .where('failures', '<', maxGuesses)
    .returning(['user_id'])
    .executeTakeFirst();
}

/** Uses the challenge up; false when another request already did (or it expired meanwhile). */
export async function consumeChallenge(db: Db, id: string, at: string) {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Challenges past their expiry (used or not) are of no further use. */
export function pruneChallenges(db: Db, before: string) {
  return db.deleteFrom('login_challenges').where('expires_at', '<', before).execute();
}
