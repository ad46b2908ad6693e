import type { Kysely } from 'kysely';
import type { AccountantGrantsTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The accountant_grants table (migration 0038): written here only. */

export function insertGrant(db: Db, row: AccountantGrantsTable) {
  return db.insertInto('accountant_grants').values(row).execute();
}

/** The owner's invites and grants, with each accountant's name once accepted, newest first. */
export function listForOwner(db: Db, ownerId: string) {
  return db
    .selectFrom('accountant_grants as g')
    .leftJoin('users as u', 'u.id', 'g.accountant_id')
    .select([
      'g.id',
      'g.email',
      'g.annotate',
      'g.invited_at',
      'g.expires_at',
      'g.accepted_at',
      'g.last_used_at',
      'g.suspended_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('g.owner_id', '=', ownerId)
    .orderBy('g.invited_at', 'desc')
    .orderBy('g.id')
    .execute();
}

export async function countForOwner(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('accountant_grants')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findByOwnerAndEmail(db: Db, ownerId: string, email: string) {
  return db
    .selectFrom('accountant_grants')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('accountant_grants')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findOwned(db: Db, ownerId: string, id: string) {
  return db
    .selectFrom('accountant_grants')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The accepted grant of the owner's books to the accountant, if it still stands: not suspended, unless
 * `suspended` asks for one on hold too (to leave it, or not to accept a second).
 */
export function findGrant(db: Db, ownerId: string, accountantId: string, include = { suspended: false }) {
  let query = db
    .selectFrom('accountant_grants')
    .select(['id', 'annotate', 'last_used_at'])
    .where('owner_id', '=', ownerId)
    .where('accountant_id', '=', accountantId)
    .where('accepted_at', 'is not', null);
  if (!include.suspended) query = query.where('suspended_at', 'is', null);
  return query.executeTakeFirst();
}

/** The books the accountant may read, with each owner's name and address. */
export function listReadable(db: Db, accountantId: string, ownerId?: string) {
  let query = db
    .selectFrom('accountant_grants as g')
    .innerJoin('users as o', 'o.id', 'g.owner_id')
    .select(['g.owner_id', 'g.annotate', 'o.email', 'o.first_name', 'o.last_name'])
    .where('g.accountant_id', '=', accountantId)
    .where('g.accepted_at', 'is not', null)
    .where('g.suspended_at', 'is', null);
  if (ownerId !== undefined) query = query.where('g.owner_id', '=', ownerId);
  return query.orderBy('o.email').execute();
}

export function accept(db: Db, id: string, accountantId: string, at: string) {
  return db
    .updateTable('accountant_grants')
    .set({ accountant_id: accountantId, accepted_at: at, token_hash: null })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
}

/** Puts every access and unexpired invite of the owner on hold; answers how many. */
export async function suspendAllOf(db: Db, ownerId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('accountant_grants')
    .set({ suspended_at: at })
    .where('owner_id', '=', ownerId)
    .where('suspended_at', 'is', null)
    .where((eb) => eb.or([eb('accepted_at', 'is not', null), eb('expires_at', '>', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes a suspended access or invite off hold; false when it was not on hold. */
export async function resume(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('accountant_grants')
    .set({ suspended_at: null })
    .where('id', '=', id)
    .where('suspended_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function touch(db: Db, id: string, at: string) {
  return db.updateTable('accountant_grants').set({ last_used_at: at }).where('id', '=', id).execute();
}

export function deleteGrant(db: Db, id: string) {
  return db.deleteFrom('accountant_grants').where('id', '=', id).execute();
}
