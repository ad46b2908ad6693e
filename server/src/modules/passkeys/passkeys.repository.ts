import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeysTable, WebAuthnChallengesTable } from '../../db/schema';

type Db = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeysTable>;

export function insertChallenge(db: Db, row: WebAuthnChallengesTable) {
  return db.insertInto('webauthn_challenges').values(row).execute();
}

/**
 * Spends a challenge: deleted whatever comes next, so it answers once. Returns it (with whose registration it
 * was) only if it was live and made for this purpose.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: WebAuthnChallengesTable['purpose'],
  at: string,
): Promise<Pick<WebAuthnChallengesTable, 'user_id' | 'expires_at'> | undefined> {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at > at ? row : undefined;
}

export function pruneChallenges(db: Db, at: string) {
  return db.deleteFrom('webauthn_challenges').where('expires_at', '<=', at).execute();
}

export function listPasskeys(db: Db, userId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findPasskey(db: Db, id: string) {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertPasskey(db: Db, row: PasskeyRow) {
  return db
    .insertInto('passkeys')
    .values({ ...row, counter: Number(row.counter), backed_up: Number(row.backed_up) })
    .execute();
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every passkey of the user (a password reset ends them all). */
export function deletePasskeysOf(db: Db, userId: string) {
  return db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Records a use. The counter moves only forward: a second assertion racing this one with the same count finds
 * no row to update (0 stays 0 for authenticators that keep no count).
 */
export async function recordUse(
  db: Db,
  id: string,
  from: number,
  to: number,
  at: string,
  backedUp: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: to, last_used_at: at, backed_up: backedUp ? 1 : 0 })
    .where('id', '=', id)
    .where('counter', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
