/**
 * The ledger: every movement of money is one journal entry, posted by postEntry (below, with its rules).
 *
 * Rules that exist in both TypeScript and PostgreSQL (each held to the other by a differential test):
 * - postEntry's rules (postEntryByStatements) = `ledger_post_entry` (sql/post-entry.sql).
 *   ledger.agreement.test.ts posts random entries through both.
 * PostgreSQL only, as SQLite's triggers of migration 0002 are: postings and journal entries are append-only
 * (sql/postings-append-only.sql, sql/journal-entries-append-only.sql).
 *
 * The one write outside the ledger's tables: on PostgreSQL `ledger_post_entry` inserts the entry's history rows
 * (the transactions module's table) itself, so a payment's entry and rows cost one round trip. On SQLite they
 * go through the writer the transactions module hands the ledger (entry-history.ts).
 */
import { sql, type Transaction } from 'kysely';
import { maxMinorOf, type Currency } from '@contract/currencies';
import { isPostgres } from '../../db/dialect';
import { jsonbText } from '../../db/jsonb';
import type { Database } from '../../db/schema';
import {
  assertWellFormed,
  demoAccountError,
  historyRow,
  insufficientFunds,
  LedgerRuleError,
  overCeiling,
  type EntryInput,
  type PostedEntry,
} from './entry';
import { houseKinds } from './house-accounts';
import { postEntryByStatements } from './post-by-statements';
import { newId } from '../../lib/ids';

export {
  inCeilingParts,
  LedgerRuleError,
  type EntryInput,
  type HistoryRowInput,
  type PostedEntry,
  type PostingInput,
} from './entry';
export { postEntryByStatements } from './post-by-statements';

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
 *
 * Where each part is written: what every entry must be (balanced, within ceilings) in entry.ts; the rest
 * as statements in post-by-statements.ts (SQLite's path, and the reference); below, the same on PostgreSQL
 * in one call of ledger_post_entry.
 */
export async function postEntry(trx: Transaction<Database>, entry: EntryInput): Promise<PostedEntry> {
  if (!trx.isTransaction) throw new LedgerRuleError('postEntry must run inside a database transaction');
  assertWellFormed(entry.postings);
  return isPostgres(trx) ? postEntryInPostgres(trx, entry) : postEntryByStatements(trx, entry);
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
 * (sql/post-entry.sql, which lists them; each posting's currency's ceiling goes in beside its amount). Everything goes as parameters: arrays of ids, currencies and amounts
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
