import type { Insertable, Kysely, Updateable } from 'kysely';
import { MAX_CLIENTS } from '@contract/clients';
import type { ClientsTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export function listClients(db: Db, userId: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name')
    .orderBy('id')
    .limit(MAX_CLIENTS)
    .execute();
}

export async function countClients(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's own client; another user's is simply not found. */
export function findClient(db: Db, userId: string, id: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findClientByEmail(db: Db, userId: string, email: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Inserts unless the user already has a client with this email; returns whether it was inserted. */
export async function insertClient(db: Db, row: Insertable<ClientsTable>): Promise<boolean> {
  const result = await db
    .insertInto('clients')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function updateClient(db: Db, userId: string, id: string, changes: Updateable<ClientsTable>) {
  return db
    .updateTable('clients')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the user's own client (its invoices keep their copy and lose the link); another's deletes nothing. */
export async function deleteClient(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('clients')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
