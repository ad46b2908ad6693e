import type { ColumnType, Selectable } from 'kysely';

/**
 * Column conventions, the same on SQLite and PostgreSQL so one set of queries serves both:
 * - ids are random UUID text (never guessable, never sequential across users);
 * - timestamps are ISO-8601 UTC text from `Date#toISOString()`, which sorts correctly as text;
 * - flags are integers 0/1 (SQLite has no boolean);
 * - money is bigint minor units (read as BigInt on both dialects, see database.ts).
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  is_demo: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself is only ever in the user's cookie. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry; the idle timeout is checked against last_seen_at. */
  expires_at: string;
  ip: string;
  user_agent: string;
}

/** Every wallet and house account of the ledger (modules/ledger). House accounts have no user and no balance. */
export interface LedgerAccountsTable {
  id: string;
  user_id: string | null;
  kind: string;
  currency: string;
  /** Cached sum of the account's postings; null on house accounts. */
  balance: bigint | null;
  created_at: string;
}

export interface JournalEntriesTable {
  id: string;
  kind: string;
  description: string;
  /** JSON object of user-facing details. */
  metadata: ColumnType<string, string | undefined, never>;
  created_at: string;
}

/** Signed amount in minor units: positive = money into the account (see ledger.service.ts). */
export interface PostingsTable {
  id: string;
  entry_id: string;
  account_id: string;
  currency: string;
  amount: bigint;
}

/** The user-facing history row, written in the same database transaction as its journal entry. */
export interface TransactionsTable {
  id: string;
  user_id: string;
  entry_id: string;
  wallet_id: string | null;
  type: string;
  amount: bigint;
  currency: string;
  fee: ColumnType<bigint, bigint | undefined, bigint>;
  from_currency: string | null;
  to_currency: string | null;
  exchange_rate: string | null;
  converted_amount: bigint | null;
  recipient_email: string | null;
  counterparty: string | null;
  counterparty_email: string | null;
  description: string;
  status: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  /** integer: a BigInt on SQLite (safe integers), a number on PostgreSQL. */
  response_status: ColumnType<number | bigint, number, number>;
  response_body: string;
  created_at: string;
}

/** An external payout (modules/transfers): pending until the settlement job pays it out of the bank. */
export interface PayoutsTable {
  id: string;
  user_id: string;
  /** The sender's `send` history row. */
  transaction_id: string;
  entry_id: string;
  recipient_email: string;
  /** What leaves Meridian, in minor units of `currency` (the transfer's toCurrency). */
  currency: string;
  amount: bigint;
  status: 'pending' | 'completed';
  created_at: string;
  settled_at: string | null;
  settlement_entry_id: string | null;
}

/** A user's saved Send Money recipient; email is stored lower case, one per user. */
export interface SavedRecipientsTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  transactions: TransactionsTable;
  idempotency_keys: IdempotencyKeysTable;
  payouts: PayoutsTable;
  saved_recipients: SavedRecipientsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
