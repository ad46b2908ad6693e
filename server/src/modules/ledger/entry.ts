import type { Insertable } from 'kysely';
import { maxMinorOf, type Currency } from '@contract/currencies';
import { Money, overCeilingMessage, withinCeiling } from '@contract/money';
import type { TransactionStatus, TransactionType } from '@contract/transactions';
import type { Book, TransactionRow, TransactionsTable } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/** One signed amount on one account: positive = money into the account. */
export interface PostingInput {
  accountId: string;
  amount: Money;
}

/**
 * A row of the user's history as a movement describes it (the transactions module's rows: they are written
 * with the entry, see entry-history.ts); the ledger adds id, entry and time when it posts.
 */
export type HistoryRowInput = Omit<
  Insertable<TransactionsTable>,
  'id' | 'entry_id' | 'created_at' | 'type' | 'status'
> & {
  type: TransactionType;
  status: TransactionStatus;
};

export interface EntryInput {
  /** What kind of movement, e.g. "deposit", "exchange", "client_payment". */
  kind: string;
  description: string;
  metadata?: Record<string, string>;
  /** ISO time; defaults to now. Only the demo seed backdates. */
  createdAt?: string;
  postings: PostingInput[];
  /** The user-facing history rows of this movement, written in the same transaction. */
  transactions?: HistoryRowInput[];
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

/** The rules an entry meets before either path (statements or ledger_post_entry) writes anything. */
export function assertWellFormed(postings: PostingInput[]): void {
  assertBalanced(postings);
  assertPostingsWithinCeiling(postings);
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

// The ledger's refusals, the same on both paths.

// Worded for either side: the account past the ceiling may be the payer's or the recipient's.
export const overCeiling = (currency: Currency) =>
  new AppError(
    'BUSINESS_RULE',
    `This payment would take a balance past the ceiling: ${overCeilingMessage(currency, 'a balance')}`,
  );

export const insufficientFunds = (currency: Currency, available: bigint) =>
  new AppError(
    'INSUFFICIENT_FUNDS',
    `Insufficient funds in your ${currency} wallet (available: ${Money.of(available, currency)})`,
  );

export const demoAccountError = () =>
  new AppError('DEMO_ACCOUNT', 'Demo money stays in the demo: it cannot move to or from a real account');

/** A history row with every column, as both paths insert it and postEntry returns it. */
export function historyRow(row: HistoryRowInput, entryId: string, createdAt: string): TransactionRow {
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
