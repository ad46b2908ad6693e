import { sql, type Transaction } from 'kysely';
import { maxMinorOf, type Currency } from '@contract/currencies';
import { Money, overCeilingMessage, withinCeiling } from '@contract/money';
import { isPostgres } from '../../db/dialect';
import { jsonbText } from '../../db/jsonb';
import type { Book, Database, TransactionRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { insertTransactions, type NewTransaction } from '../transactions/transactions.repository';
import { houseAccountId, houseKinds, isHouseKind } from './house-accounts';
import * as repo from './ledger.repository';
import { newId } from '../../lib/ids';

/** One signed amount on one account: positive = money into the account. */
export interface PostingInput {
  accountId: string;
  amount: Money;
}

export interface EntryInput {
  /** What kind of movement, e.g. "deposit", "exchange", "client_payment". */
  kind: string;
  description: string;
  metadata?: Record<string, string>;
  /** ISO time; defaults to now. Only the demo seed backdates. */
  createdAt?: string;
  postings: PostingInput[];
  /** The user-facing history rows of this movement, written in the same transaction. */
  transactions?: NewTransaction[];
  /** The book of an entry that touches house accounts only (e.g. settling demo payouts). Default: live. */
  book?: Book;
}

export interface PostedEntry {
  entryId: string;
  createdAt: string;
  /** New cached balance of each customer account the entry touched. */
  balances: Map<string, bigint>;
  transactions: TransactionRow[];
}

/** A malformed entry: a bug in the calling code, never the user's fault, so it surfaces as a 500. */
export class LedgerRuleError extends Error {
  override name = 'LedgerRuleError';
}

function assertBalanced(postings: PostingInput[]): void {
  if (postings.length < 2) throw new LedgerRuleError('An entry needs at least two postings');
  const sums = new Map<string, Money>();
  for (const { amount } of postings) {
    if (amount.isZero()) throw new LedgerRuleError('A posting cannot be zero');
    sums.set(amount.currency, (sums.get(amount.currency) ?? Money.zero(amount.currency)).plus(amount));
  }
  for (const sum of sums.values()) {
    if (!sum.isZero()) throw new LedgerRuleError(`Entry does not balance: ${sum} left over`);
  }
}

/**
 * No posting moves more than its currency's ceiling (currencies.ts). The edge already refuses such an amount
 * with a 400; this catches what is derived from one (an amount plus its fee, a conversion into a currency of
 * smaller units, an invoice's total) before either path writes anything.
 */
function assertPostingsWithinCeiling(postings: PostingInput[]): void {
  for (const { amount } of postings) {
    const size = amount.isNegative() ? amount.negated() : amount;
    if (!withinCeiling(size.minor, amount.currency)) {
      throw new AppError('BUSINESS_RULE', overCeilingMessage(amount.currency, 'A single payment'));
    }
  }
}

/**
 * `amount` in parts of at most its currency's ceiling, same sign, summing to it: for an entry that moves the
 * total of many payments at once (a settlement batch, an account's closure), which would otherwise be refused.
 */
export function inCeilingParts(amount: Money): Money[] {
  const ceiling = maxMinorOf(amount.currency);
  const sign = amount.isNegative() ? -1n : 1n;
  let left = amount.minor * sign;
  const parts: Money[] = [];
  while (left > 0n) {
    const part = left > ceiling ? ceiling : left;
    parts.push(Money.of(part * sign, amount.currency));
    left -= part;
  }
  return parts;
}

// Worded for either side: the account past the ceiling may be the payer's or the recipient's.
const overCeiling = (currency: Currency) =>
  new AppError(
    'BUSINESS_RULE',
    `This payment would take a balance past the ceiling: ${overCeilingMessage(currency, 'a balance')}`,
  );

/**
 * THE way money moves. Every movement is one journal entry of signed postings, and this function is the
 * only writer of postings and cached balances. It enforces, inside the caller's database transaction:
 *
 * - Sign convention: a posting's amount is seen from its account. Positive = money into the account,
 *   negative = money out. A wallet's balance is the sum of its postings; house accounts mirror customers
 *   (the external-world account goes negative as money enters Meridian).
 * - Every posting is non-zero and, per currency, an entry's postings sum to zero: money is never created
 *   or destroyed, only moved. So the sum over all accounts of each currency is always zero.
 * - Each posting's currency is its account's currency.
 * - Cached balances (customer accounts only) move by exactly the sum of their postings and never go below
 *   zero: a shortfall is INSUFFICIENT_FUNDS and nothing is written.
 * - Ceilings (contract/src/currencies.ts): no posting is larger than its currency's ceiling, and no entry
 *   takes a customer account's balance above it (BUSINESS_RULE, 422, nothing written). An account already
 *   above it (from before there was one) may still go down. House accounts have no cached balance, so they
 *   have no balance check: reading their sum would make every payment queue on them. Per currency they hold
 *   minus what the customers hold (each currency sums to zero), so they grow only with the number of capped
 *   customer balances (and PostgreSQL sums bigint as numeric; SQLite would need millions of full wallets).
 * - Postings and entries are only ever inserted (the database refuses updates too).
 * - Books: every account is in the live book or the demo's. An entry stays in one book, so play money never
 *   reaches a real customer (422 DEMO_ACCOUNT). Callers name house accounts by their live id; an entry whose
 *   own accounts are demo ones posts to the demo book's house accounts instead (house-accounts.ts).
 */
export async function postEntry(trx: Transaction<Database>, entry: EntryInput): Promise<PostedEntry> {
  if (!trx.isTransaction) throw new LedgerRuleError('postEntry must run inside a database transaction');
  assertBalanced(entry.postings);
  assertPostingsWithinCeiling(entry.postings);
  return isPostgres(trx) ? postEntryInPostgres(trx, entry) : postEntryByStatements(trx, entry);
}

/**
 * postEntry as single statements from JavaScript: SQLite's path (its queries cost no round trip), and on
 * PostgreSQL the reference the ledger_post_entry function is tested against (ledger.agreement.test.ts).
 * Exported for that test only; callers use postEntry.
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
    ? await insertTransactions(
        trx,
        entry.transactions.map((row) => historyRow(row, entryId, createdAt)),
      )
    : [];
  return { entryId, createdAt, balances, transactions: rows };
}

const insufficientFunds = (currency: Currency, available: bigint) =>
  new AppError(
    'INSUFFICIENT_FUNDS',
    `Insufficient funds in your ${currency} wallet (available: ${Money.of(available, currency)})`,
  );

/** A history row with every column, as both paths insert it and postEntry returns it. */
function historyRow(row: NewTransaction, entryId: string, createdAt: string): TransactionRow {
  return {
    id: newId(),
    user_id: row.user_id,
    entry_id: entryId,
    wallet_id: row.wallet_id ?? null,
    type: row.type,
    amount: row.amount,
    currency: row.currency,
    fee: row.fee ?? 0n,
    from_currency: row.from_currency ?? null,
    to_currency: row.to_currency ?? null,
    exchange_rate: row.exchange_rate ?? null,
    converted_amount: row.converted_amount ?? null,
    recipient_email: row.recipient_email ?? null,
    counterparty: row.counterparty ?? null,
    counterparty_email: row.counterparty_email ?? null,
    description: row.description,
    status: row.status,
    created_at: createdAt,
  };
}

interface PostedRow {
  problem: 'demo_account' | 'ledger_rule' | 'insufficient_funds' | 'over_ceiling' | null;
  account_id: string | null;
  currency: Currency | null;
  balance: bigint | null;
  detail: string | null;
}

/**
 * postEntry on PostgreSQL: the same rules in ONE round trip, through the `ledger_post_entry` function
 * (migration 0016, which lists them, and 0024, which adds the balance ceiling: each posting's currency's
 * ceiling goes in beside its amount). Everything goes as parameters: arrays of ids, currencies and amounts
 * (amounts as decimal text, read as bigint: no float on the way), the history rows as JSON with their bigint
 * columns as strings. The function returns a refusal as a row rather than raising, having written nothing,
 * so the caller's transaction is left as the JavaScript path leaves it when it throws.
 */
async function postEntryInPostgres(trx: Transaction<Database>, entry: EntryInput): Promise<PostedEntry> {
  const call = ledgerCall(entry);
  const result = await sql<PostedRow>`select * from ledger_post_entry(${call.args})`.execute(trx);
  return { ...call.posted, balances: balancesOf(result.rows) };
}

/** The arguments of ledger_post_entry (ids made here, amounts as text) and what the entry will have posted. */
function ledgerCall(entry: EntryInput) {
  const entryId = newId();
  const createdAt = entry.createdAt ?? new Date().toISOString();
  const rows = (entry.transactions ?? []).map((row) => historyRow(row, entryId, createdAt));
  const json = jsonbText(rows);
  const { postings } = entry;
  const args = sql`
    ${entryId}, ${entry.kind}, ${entry.description}, ${JSON.stringify(entry.metadata ?? {})}, ${createdAt},
    ${entry.book ?? null}, ${houseKinds}::text[], ${postings.map(() => newId())}::text[],
    ${postings.map((p) => p.accountId)}::text[], ${postings.map((p) => p.amount.currency)}::text[],
    ${postings.map((p) => p.amount.minor.toString())}::bigint[],
    ${postings.map((p) => maxMinorOf(p.amount.currency).toString())}::bigint[], ${json}::jsonb`;
  return { args, posted: { entryId, createdAt, transactions: rows } };
}

/** The function's answer: each customer account's new balance, or its refusal as the same error as on SQLite. */
function balancesOf(rows: PostedRow[]): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const row of rows) {
    switch (row.problem) {
      case null:
        balances.set(row.account_id!, row.balance!);
        break;
      case 'demo_account':
        throw demoAccountError();
      case 'insufficient_funds':
        throw insufficientFunds(row.currency!, row.balance!);
      case 'over_ceiling':
        throw overCeiling(row.currency!);
      default:
        throw new LedgerRuleError(row.detail ?? 'Entry refused by the ledger');
    }
  }
  return balances;
}

const demoAccountError = () =>
  new AppError('DEMO_ACCOUNT', 'Demo money stays in the demo: it cannot move to or from a real account');

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
