import { sql, type Kysely, type Transaction } from 'kysely';
import { isCurrency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { houseAccountId } from './house-accounts';
import { isPostgres } from './ledger.repository';
import { postEntry, type PostingInput } from './ledger.service';

const CHUNK = 500;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Frees a user's ledger so the user row can be deleted (auth's onUserRemoving hook; used for idle demos).
 *
 * Entries that touch only this user's accounts and house accounts are removed whole: every entry balances on
 * its own, so removing whole entries keeps every invariant, and a demo's sandbox history does not pile up
 * forever. An entry shared with another customer (say a transfer to a real user) must stay, since it is part
 * of their history and balance: this user's accounts are then detached (no owner, no cached balance, like a
 * house account) and a closing entry moves what is left on them to the external world, so they sum to zero.
 */
export async function releaseUserLedger(trx: Transaction<Database>, userId: string): Promise<void> {
  const owned = trx
    .selectFrom('ledger_accounts')
    .select(['id', 'currency'])
    .where('user_id', '=', userId)
    .orderBy('id');
  const accounts = await (isPostgres(trx) ? owned.forUpdate() : owned).execute();
  await trx.deleteFrom('transactions').where('user_id', '=', userId).execute();
  if (accounts.length === 0) return;
  const accountIds = accounts.map((account) => account.id);

  const entryIds = await distinctEntries(trx, accountIds);
  const shared = new Set<string>();
  for (const ids of chunks(entryIds)) {
    const rows = await trx
      .selectFrom('postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select('p.entry_id')
      .distinct()
      .where('p.entry_id', 'in', ids)
      .where('a.user_id', 'is not', null)
      .where('a.user_id', '<>', userId)
      .execute();
    rows.forEach((row) => shared.add(row.entry_id));
  }
  for (const ids of chunks(entryIds.filter((id) => !shared.has(id)))) {
    await trx.deleteFrom('transactions').where('entry_id', 'in', ids).execute();
    await trx.deleteFrom('postings').where('entry_id', 'in', ids).execute();
    await trx.deleteFrom('journal_entries').where('id', 'in', ids).execute();
  }

  if (shared.size > 0) await closeDetachedAccounts(trx, userId, accounts);
  // Accounts left without postings have no history to keep.
  await trx
    .deleteFrom('ledger_accounts')
    .where('id', 'in', accountIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('postings')
            .select('postings.id')
            .whereRef('postings.account_id', '=', 'ledger_accounts.id'),
        ),
      ),
    )
    .execute();
}

async function distinctEntries(trx: Kysely<Database>, accountIds: string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const chunk of chunks(accountIds)) {
    const rows = await trx
      .selectFrom('postings')
      .select('entry_id')
      .distinct()
      .where('account_id', 'in', chunk)
      .execute();
    rows.forEach((row) => ids.add(row.entry_id));
  }
  return [...ids];
}

async function closeDetachedAccounts(
  trx: Transaction<Database>,
  userId: string,
  accounts: { id: string; currency: string }[],
) {
  // Owner and cached balance go together (a check constraint says so); the balance is now the postings' sum.
  await trx
    .updateTable('ledger_accounts')
    .set({ user_id: null, balance: null })
    .where('user_id', '=', userId)
    .execute();
  const sums = await trx
    .selectFrom('postings')
    .select(['account_id', sql<bigint>`cast(sum(amount) as bigint)`.as('total')])
    .where(
      'account_id',
      'in',
      accounts.map((account) => account.id),
    )
    .groupBy('account_id')
    .execute();
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const postings: PostingInput[] = [];
  for (const { account_id, total } of sums) {
    const currency = currencyOf.get(account_id)!;
    if (total === 0n || !isCurrency(currency)) continue;
    postings.push({ accountId: account_id, amount: Money.of(-total, currency) });
    postings.push({ accountId: houseAccountId('external', currency), amount: Money.of(total, currency) });
  }
  if (postings.length > 0) {
    await postEntry(trx, {
      kind: 'account_closure',
      description: `Closed accounts of removed user ${userId}`,
      postings,
    });
  }
}
