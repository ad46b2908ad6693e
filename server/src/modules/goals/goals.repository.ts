import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SavingsGoalsTable } from '../../db/schema';

type Db = Kysely<Database>;

export function insertGoal(db: Db, row: Insertable<SavingsGoalsTable>) {
  return db.insertInto('savings_goals').values(row).execute();
}

/** The user's goals with their account balance, oldest first. */
export function listGoals(db: Db, userId: string) {
  return goalsWithBalance(db)
    .where('g.user_id', '=', userId)
    .orderBy('g.created_at')
    .orderBy('g.id')
    .execute();
}

/** The user's own goal with its balance; another user's goal is simply not found. */
export function findGoal(db: Db, userId: string, id: string) {
  return goalsWithBalance(db).where('g.user_id', '=', userId).where('g.id', '=', id).executeTakeFirst();
}

const goalsWithBalance = (db: Db) =>
  db
    .selectFrom('savings_goals as g')
    .innerJoin('ledger_accounts as a', 'a.id', 'g.account_id')
    .selectAll('g')
    .select('a.balance');

export async function countGoals(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('savings_goals')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function deleteGoal(db: Db, userId: string, id: string) {
  return db.deleteFrom('savings_goals').where('id', '=', id).where('user_id', '=', userId).execute();
}

export function setSetAside(db: Db, userId: string, id: string, percent: number | null) {
  return db
    .updateTable('savings_goals')
    .set({ set_aside_percent: percent })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}
