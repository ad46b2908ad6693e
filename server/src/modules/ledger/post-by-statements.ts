import type { Transaction } from 'kysely';
import { withinCeiling } from '@contract/money';
import type { Book, Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  demoAccountError,
  historyRow,
  insufficientFunds,
  LedgerRuleError,
  overCeiling,
  type EntryInput,
  type PostedEntry,
  type PostingInput,
} from './entry';
import { writeHistory } from './entry-history';
import { houseAccountId, isHouseKind } from './house-accounts';
import * as repo from './ledger.repository';

/**
 * postEntry as single statements from JavaScript: SQLite's path (its queries cost no round trip), and on
 * PostgreSQL the reference the ledger_post_entry function is tested against (ledger.agreement.test.ts).
 * The entry is already checked well-formed (entry.ts). Exported for that test only; callers use postEntry.
 */
export async function postEntryByStatements(
  trx: Transaction<Database>,
  entry: EntryInput,
): Promise<PostedEntry> {
  const ids = [...new Set(entry.postings.map((posting) => posting.accountId))];
  const customer = await repo.lockCustomerAccounts(trx, ids);
  const others = customer.length === ids.length ? [] : await repo.findHouseAccounts(trx, ids);
  const { postings, house } = await inBookOfEntry(trx, entry, customer, others);
  const accounts = new Map([...customer, ...house].map((account) => [account.id, account]));

  const deltas = new Map<string, bigint>();
  for (const { accountId, amount } of postings) {
    const account = accounts.get(accountId);
    if (!account) throw new LedgerRuleError(`No ledger account ${accountId}`);
    if (account.currency !== amount.currency) {
      throw new LedgerRuleError(`Posting in ${amount.currency} to a ${account.currency} account`);
    }
    deltas.set(accountId, (deltas.get(accountId) ?? 0n) + amount.minor);
  }

  const balances = new Map<string, bigint>();
  for (const account of customer) {
    const balance = account.balance! + deltas.get(account.id)!;
    if (balance < 0n) throw insufficientFunds(account.currency, account.balance!);
    balances.set(account.id, balance);
  }
  // After every shortfall, as ledger_post_entry orders its refusals.
  for (const account of customer) {
    if (deltas.get(account.id)! > 0n && !withinCeiling(balances.get(account.id)!, account.currency)) {
      throw overCeiling(account.currency);
    }
  }

  const entryId = newId();
  const createdAt = entry.createdAt ?? new Date().toISOString();
  await repo.insertEntry(trx, {
    id: entryId,
    kind: entry.kind,
    description: entry.description,
    metadata: JSON.stringify(entry.metadata ?? {}),
    created_at: createdAt,
  });
  await repo.insertPostings(
    trx,
    postings.map(({ accountId, amount }) => ({
      id: newId(),
      entry_id: entryId,
      account_id: accountId,
      currency: amount.currency,
      amount: amount.minor,
    })),
  );
  for (const account of customer) {
    const delta = deltas.get(account.id)!;
    if (delta !== 0n && !(await repo.applyBalanceDelta(trx, account.id, delta))) {
      throw new AppError('INSUFFICIENT_FUNDS', `Insufficient funds in your ${account.currency} wallet`);
    }
  }
  const rows = entry.transactions?.length
    ? await writeHistory(
        trx,
        entry.transactions.map((row) => historyRow(row, entryId, createdAt)),
      )
    : [];
  return { entryId, createdAt, balances, transactions: rows };
}

type LoadedAccount = Awaited<ReturnType<typeof repo.findHouseAccounts>>[number];

/**
 * The entry's book is that of its own accounts (wallets, open or released) and of any house account named in
 * another book; they must agree. In the demo book, the live house accounts the caller named are swapped for
 * the demo's own.
 */
async function inBookOfEntry(
  trx: Transaction<Database>,
  entry: EntryInput,
  customer: LoadedAccount[],
  others: LoadedAccount[],
): Promise<{ postings: PostingInput[]; house: LoadedAccount[] }> {
  const isLiveHouse = (account: LoadedAccount) => isHouseKind(account.kind) && account.book === 'live';
  const named = new Set<Book>([...customer, ...others].filter((a) => !isLiveHouse(a)).map((a) => a.book));
  if (entry.book) named.add(entry.book);
  if (named.size > 1) throw demoAccountError();
  const book = [...named][0] ?? 'live';
  if (book === 'live') return { postings: entry.postings, house: others };

  const moved = new Map<string, string>();
  for (const account of others) {
    if (isLiveHouse(account) && isHouseKind(account.kind)) {
      moved.set(account.id, houseAccountId(account.kind, account.currency, book));
    }
  }
  if (moved.size === 0) return { postings: entry.postings, house: others };
  const house = [
    ...others.filter((account) => !moved.has(account.id)),
    ...(await repo.findHouseAccounts(trx, [...new Set(moved.values())])),
  ];
  const postings = entry.postings.map((posting) => {
    const accountId = moved.get(posting.accountId);
    return accountId ? { ...posting, accountId } : posting;
  });
  return { postings, house };
}
