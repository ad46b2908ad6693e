import type { Transaction } from 'kysely';
import { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { houseAccountId } from './house-accounts';
import { inCeilingParts, postEntry, type PostingInput } from './ledger.service';
import * as repo from './ledger.repository';

/**
 * Frees a user's ledger so the user row can be deleted (auth's onUserRemoving hook; used for idle demos).
 *
 * The ledger is append-only, so nothing is erased: the user's accounts are detached (no owner, no cached
 * balance — like a house account, their balance is now the sum of their postings) and one closing entry
 * moves whatever is left on them to the external world, bringing each to zero. Every entry the user ever
 * took part in stays, balanced, and so does the other side of any transfer with a real customer. The user's
 * own history rows (the user-facing view, not the ledger) go with the user, by the transactions module's
 * own hook (transactions/history.ts).
 */
export async function releaseUserLedger(trx: Transaction<Database>, userId: string): Promise<void> {
  const accounts = await repo.lockAccountsOf(trx, userId);
  if (accounts.length === 0) return;

  await repo.detachAccountsOf(trx, userId);
  const sums = await repo.postingSums(
    trx,
    accounts.map((account) => account.id),
  );
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const postings: PostingInput[] = [];
  for (const { account_id, total } of sums) {
    const currency = currencyOf.get(account_id)!;
    if (BigInt(total) === 0n) continue;
    // In parts: a balance held past the ceiling from before there was one is larger than one posting may be.
    for (const part of inCeilingParts(Money.of(BigInt(total), currency))) {
      postings.push({ accountId: account_id, amount: part.negated() });
      postings.push({ accountId: houseAccountId('external', currency), amount: part });
    }
  }
  if (postings.length > 0) {
    await postEntry(trx, {
      kind: 'account_closure',
      description: `Closed accounts of removed user ${userId}`,
      postings,
    });
  }
}
