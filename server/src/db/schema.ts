import type { ColumnType, Selectable } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { NotificationCategory, NotificationType } from '@contract/notifications';
import type { GoalCategory } from '@contract/goals';
import type { OrderStatus, TradeAsset, TradeType } from '@contract/trading';

/**
 * Column conventions, the same on SQLite and PostgreSQL so one set of queries serves both:
 * - ids are UUIDv7 text (lib/ids.ts): time-ordered, so inserts append at the end of each index, with 74
 *   random bits each, so one user's ids say nothing about another's;
 * - timestamps are ISO-8601 UTC text from `Date#toISOString()`, which sorts correctly as text;
 * - flags are integers 0/1 (SQLite has no boolean);
 * - money is bigint minor units (read as BigInt on both dialects, see database.ts);
 * - currency columns are `Currency`: written only from typed code and checked once on the way out
 *   (currency-check.ts), so no module re-checks them.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  is_demo: ColumnType<number, number | undefined, number>;
  /** When the current email address was confirmed; null until then. Only a verified address receives money. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  currency: Currency;
  /** Cached sum of the account's postings; null on house accounts. */
  balance: bigint | null;
  /** 'live' or 'demo': an entry never mixes books (see ledger.service.ts). */
  book: ColumnType<Book, Book | undefined, never>;
  created_at: string;
}

/** The two books of the ledger: real money, and the demo's play money. */
export type Book = 'live' | 'demo';

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
  currency: Currency;
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
  currency: Currency;
  fee: ColumnType<bigint, bigint | undefined, bigint>;
  from_currency: Currency | null;
  to_currency: Currency | null;
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
  currency: Currency;
  amount: bigint;
  status: 'pending' | 'completed';
  /** Demo payouts are simulated: they settle in the demo book. */
  book: ColumnType<Book, Book | undefined, never>;
  created_at: string;
  settled_at: string | null;
  settlement_entry_id: string | null;
}

/** A single-use email link; `id` is the SHA-256 of the token, which only the email itself carries. */
export interface EmailVerificationsTable {
  id: string;
  user_id: string;
  email: string;
  /** 'verify': confirm the account's address; 'change': move the account to `email` once confirmed. */
  purpose: 'verify' | 'change';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Every email Meridian sends (modules/mail): written with what caused it, delivered after commit. */
export interface MailOutboxTable {
  id: string;
  user_id: string | null;
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  /** The one link the message asks its reader to open, if any. */
  action_url: string | null;
  /** pending: to be sent over SMTP; sent; stored: kept here only (no mail server); failed: gave up. */
  status: 'pending' | 'sent' | 'stored' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Money sent to an address that no verified account has yet (modules/transfers/held-transfers.ts). */
export interface HeldTransfersTable {
  id: string;
  sender_id: string;
  /** The sender's `send` history row. */
  transaction_id: string;
  /** The send's entry; returning the money posts its exact reverse. */
  entry_id: string;
  recipient_email: string;
  /** What the recipient gets, in minor units of `currency` (the transfer's toCurrency). */
  currency: Currency;
  amount: bigint;
  status: 'held' | 'delivered' | 'returned';
  created_at: string;
  /** After this the money goes back to the sender. */
  return_at: string;
  resolved_at: string | null;
  resolution_entry_id: string | null;
  recipient_id: string | null;
}

/** A user's saved Send Money recipient; email is stored lower case, one per user. */
export interface SavedRecipientsTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  created_at: string;
}

/** Failed sign-ins under one key (modules/auth/login-throttle.ts). */
export interface LoginThrottleTable {
  key: string;
  failures: ColumnType<number | bigint, number, number>;
  /** No sign-in under this key before then; null while the free failures last. */
  blocked_until: string | null;
  updated_at: string;
}

/** A browser that signed in to the account before; `id` is the SHA-256 of its device cookie. */
export interface LoginDevicesTable {
  id: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
}

/** API rate-limit counters shared by every process (plugins/rate-limit-store.ts). */
export interface RateLimitsTable {
  key: string;
  hits: ColumnType<number | bigint, number, number>;
  /** Epoch milliseconds when the current window began. */
  window_start: bigint;
}

/** What a user is told of an event (modules/notifications); deleted with the user. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  category: NotificationCategory;
  type: NotificationType;
  title: string;
  message: string;
  action_url: string | null;
  action_text: string | null;
  is_read: ColumnType<number, number | undefined, number>;
  is_pinned: ColumnType<number, number | undefined, number>;
  created_at: string;
}

/** A held price (modules/quotes): `terms` is the JSON of what was quoted, `price` the rate or price held. */
export interface QuotesTable {
  id: string;
  user_id: string;
  kind: 'convert' | 'trade';
  terms: string;
  price: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Market and limit orders (modules/trading). Quantity in the asset's minor units, prices and totals in USD cents. */
export interface TradingOrdersTable {
  id: string;
  user_id: string;
  type: TradeType;
  asset: TradeAsset;
  quantity: bigint;
  limit_price: bigint | null;
  fill_price: bigint | null;
  value: bigint;
  fee: bigint;
  total: bigint;
  status: OrderStatus;
  transaction_id: string | null;
  created_at: string;
  filled_at: string | null;
}

/** Average-cost basis of each user's bought assets (modules/trading). */
export interface HoldingsTable {
  user_id: string;
  asset: TradeAsset;
  id: string;
  quantity: bigint;
  cost: bigint;
}

/** The last run of each background job, by whichever process ran it (jobs/scheduler.ts). */
export interface JobRunsTable {
  name: string;
  every_ms: number;
  started_at: string;
  finished_at: string;
  duration_ms: number;
  ok: number;
  error: string | null;
}

/** Savings goals (modules/goals); the money is in the goal's own ledger account. */
export interface SavingsGoalsTable {
  id: string;
  user_id: string;
  title: string;
  category: GoalCategory;
  currency: Currency;
  target_amount: bigint;
  target_date: string;
  account_id: string;
  set_aside_percent: number | null;
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
  email_verifications: EmailVerificationsTable;
  mail_outbox: MailOutboxTable;
  held_transfers: HeldTransfersTable;
  login_throttle: LoginThrottleTable;
  login_devices: LoginDevicesTable;
  rate_limits: RateLimitsTable;
  notifications: NotificationsTable;
  quotes: QuotesTable;
  trading_orders: TradingOrdersTable;
  holdings: HoldingsTable;
  job_runs: JobRunsTable;
  savings_goals: SavingsGoalsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type TradingOrderRow = Selectable<TradingOrdersTable>;
