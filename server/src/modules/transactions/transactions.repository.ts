import type { Insertable, Kysely } from 'kysely';
import type { TransactionStatus, TransactionType } from '@contract/transactions';
import type { Database, TransactionsTable } from '../../db/schema';

/** A history row as a money movement describes it; the ledger adds id, entry and time when it posts. */
export type NewTransaction = Omit<
  Insertable<TransactionsTable>,
  'id' | 'entry_id' | 'created_at' | 'type' | 'status'
> & {
  type: TransactionType;
  status: TransactionStatus;
};

export function insertTransactions(db: Kysely<Database>, rows: Insertable<TransactionsTable>[]) {
  return db.insertInto('transactions').values(rows).returningAll().execute();
}

/** Newest first; id breaks ties so backdated rows with equal times keep a stable order. */
export function listTransactions(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
