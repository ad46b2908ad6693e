import type { ColumnType, Selectable } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { NotificationCategory, NotificationType } from '@contract/notifications';
import type { GoalCategory } from '@contract/goals';
import type { ClientLanguage } from '@contract/clients';
import type { InvoiceLanguage, InvoiceStatus, PaymentRoute } from '@contract/invoices';
import type { ScheduleFrequency, ScheduleStatus } from '@contract/invoice-schedules';
import type {
  PaymentCadence,
  PaymentRunOutcome,
  PaymentScheduleKind,
  PaymentScheduleStatus,
} from '@contract/payment-schedules';
import type { CardStatus, CardType, DeclineReason, MerchantCategory, PurchaseChannel } from '@contract/cards';
import type { DocumentSide, KycCheckId, KycStatus, VerificationLevel } from '@contract/kyc';
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
  /** The currency the user reports in (invoices are stamped in it). */
  home_currency: ColumnType<Currency, Currency | undefined, Currency>;
  /** Identity verification (modules/kyc): decides the monthly limit. */
  verification_level: ColumnType<VerificationLevel, VerificationLevel | undefined, VerificationLevel>;
  /** The address this account gave up, unverified, to the person who proved it was theirs (else null). */
  released_email: ColumnType<string | null, string | null | undefined, string | null>;
  email_released_at: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Whose books the session reads: null for its own user's, else an owner who granted access (0038). */
  books_owner_id: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A link to choose a new password (modules/password-reset): single use, 1 hour, only the token's hash kept. */
/** A Checkout Session opened at the card processor (modules/payments). */
export interface PaymentCheckoutsTable {
  id: string;
  purpose: 'invoice' | 'top_up';
  /** Whose wallet the money lands in. */
  user_id: string;
  /** The invoice's id, or the wallet's for a top-up. */
  subject_id: string;
  /** What the card is charged. */
  amount: bigint;
  currency: Currency;
  /** What the wallet receives: the same, but for a crypto invoice charged in fiat at a held quote. */
  credit_amount: bigint;
  credit_currency: Currency;
  provider: 'stripe';
  provider_session_id: string | null;
  checkout_url: string | null;
  request_key: string;
  status: 'open' | 'paid' | 'expired';
  /** The processor's fee, once paid (minor units of `currency`). */
  fee: bigint | null;
  /** The journal entry that credited the payment. */
  entry_id: string | null;
  created_at: string;
  completed_at: string | null;
  /** When the processor's session expires; an open checkout holds its amount of the invoice until it ends. */
  expires_at: string | null;
  /** Why the checkout needs an operator (a paid event that does not match it): never credited, holds nothing. */
  attention: string | null;
}

/** A processor event taken in, by its own id: each is processed once. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface PasswordResetsTable {
  /** SHA-256 (hex) of the token in the emailed link. */
  id: string;
  user_id: string;
  /** The verified address the link went to: it works only while the account still has that address. */
  email: string;
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
  /** What the message is about, e.g. "invoice:<id>" (so the invoice shows its email's state). */
  ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `{kind, id}` of what to attach, rendered at delivery (mailer.ts). */
  attachment: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Stamped by each claim: an outcome is written only while the row still carries the writer's token. */
  lease_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account whose action mailed someone else; told (with `user_id` as fallback) when the mail fails. */
  on_behalf_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** When retrying ended and the message became `failed`. */
  failed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Mail an account caused to addresses other than its own this hour (modules/mail/mailer.ts). */
export interface MailQuotaTable {
  account_id: string;
  /** The start of the hour being counted (ISO). */
  window_start: string;
  sent: number;
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

/**
 * What left a user's wallets per UTC month ('2026-11') and currency, kept by triggers on `transactions`
 * (migration 0018); read by the monthly limit (modules/kyc/spending-limit.ts). Written only by the triggers.
 */
export interface MonthlyOutflowsTable {
  user_id: string;
  month: string;
  currency: Currency;
  amount: bigint;
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
  kind: 'convert' | 'trade' | 'card';
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

/** The last invoice number used per user and year (modules/invoices/invoice-number.ts). */
export interface InvoiceCountersTable {
  user_id: string;
  year: number;
  last_number: ColumnType<number | bigint, number, number>;
}

/** Invoices (modules/invoices); money in minor units of `currency`. */
export interface InvoicesTable {
  id: string;
  user_id: string;
  /** "INV-2026-0001": `year` and `sequence` spelled out. */
  number: string;
  year: ColumnType<number | bigint, number, number>;
  sequence: ColumnType<number | bigint, number, number>;
  client_name: string;
  client_email: string;
  client_address: string;
  /** The saved client the invoice was made for (modules/clients); null when typed in, or the client is gone. */
  client_id: string | null;
  project_title: string;
  description: string;
  currency: Currency;
  /** Sum of the lines, before tax. */
  amount: bigint;
  /** Percent as typed, e.g. "8.25". */
  tax_rate: string;
  tax_amount: bigint;
  total_amount: bigint;
  issue_date: string;
  due_date: string;
  notes: string;
  /** The client's language: the PDF, emails and pay page speak it. */
  language: ColumnType<InvoiceLanguage, InvoiceLanguage | undefined, InvoiceLanguage>;
  status: InvoiceStatus;
  /** The pay link's secret (128 bits, base64url). */
  pay_token: string;
  /** The owner's home currency when the invoice was issued; the stamps below are in it. */
  home_currency: Currency;
  issue_rate: string | null;
  issue_home_amount: bigint | null;
  paid_rate: string | null;
  paid_home_amount: bigint | null;
  /** The last payment's route, rate and ledger entry; `paid_home_amount` is all payments' home value. */
  paid_via: PaymentRoute | null;
  payment_entry_id: string | null;
  /** The deposit asked before the rest (0: none). */
  deposit_amount: ColumnType<bigint, bigint | undefined, bigint>;
  /** The least part payment accepted (0: any). */
  min_payment: ColumnType<bigint, bigint | undefined, bigint>;
  /** The sum of its payments (invoice_payments). */
  paid_amount: ColumnType<bigint, bigint | undefined, bigint>;
  reminders_sent: ColumnType<number | bigint, number | undefined, number>;
  sent_at: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A user's saved clients (modules/clients); email stored lower case, one per user. */
/** An owner's invite to an accountant, and once accepted the access it grants (modules/accountants). */
export interface AccountantGrantsTable {
  id: string;
  owner_id: string;
  /** The invited address, lower-case; the accepting account must hold it, verified. */
  email: string;
  /** 1: the accountant may set categories and notes. */
  annotate: number;
  /** SHA-256 of the invite link's token; null once accepted. */
  token_hash: string | null;
  invited_at: string;
  /** When the invite link stops working. */
  expires_at: string;
  accountant_id: string | null;
  accepted_at: string | null;
  /** Refreshed at most once a minute while the accountant reads the books. */
  last_used_at: string | null;
  /** Set when the owner took the account back (a password reset…): reads nothing until they confirm it. */
  suspended_at: string | null;
}

export interface ClientsTable {
  id: string;
  user_id: string;
  name: string;
  email: string;
  address: string;
  tax_id: string;
  currency: Currency;
  payment_terms_days: ColumnType<number | bigint, number, number>;
  language: ClientLanguage;
  created_at: string;
  updated_at: string;
}

/** One payment of an invoice, in its currency, valued in the owner's home currency at its own rate. */
export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  amount: bigint;
  currency: Currency;
  via: PaymentRoute;
  rate: string;
  home_currency: Currency;
  home_amount: bigint;
  /** The ledger entry that credited it; null when recorded without money moving through Meridian. */
  entry_id: string | null;
  paid_at: string;
}

export interface InvoiceItemsTable {
  id: string;
  invoice_id: string;
  position: ColumnType<number | bigint, number, number>;
  description: string;
  /** Decimal text with up to 2 places, e.g. "1.5". */
  quantity: string;
  unit_price: bigint;
  amount: bigint;
}

/** Recurring invoices (modules/invoice-schedules): the template and where the schedule stands. */
export interface InvoiceSchedulesTable {
  id: string;
  user_id: string;
  client_name: string;
  client_email: string;
  client_address: string;
  project_title: string;
  description: string;
  currency: Currency;
  tax_rate: string;
  language: ColumnType<InvoiceLanguage, InvoiceLanguage | undefined, InvoiceLanguage>;
  notes: string;
  /** The lines as JSON: [{ description, quantity, unitPrice }], amounts as decimal strings. */
  items: string;
  payment_terms_days: ColumnType<number | bigint, number, number>;
  auto_send: ColumnType<number | bigint, number, number>;
  frequency: ScheduleFrequency;
  first_date: string;
  end_date: string | null;
  end_count: ColumnType<number | bigint | null, number | null, number | null>;
  status: ScheduleStatus;
  next_index: ColumnType<number | bigint, number, number>;
  next_date: string | null;
  invoices_made: ColumnType<number | bigint, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** One row per period a schedule made an invoice for: UNIQUE(schedule_id, period_date). */
export interface InvoiceScheduleRunsTable {
  id: string;
  schedule_id: string;
  user_id: string;
  period_date: string;
  invoice_id: string;
  send_state: 'draft' | 'to_send' | 'sent' | 'not_sent';
  created_at: string;
}

/** A scheduled or recurring payment (modules/payment-schedules, migration 0040). */
export interface PaymentSchedulesTable {
  id: string;
  user_id: string;
  kind: PaymentScheduleKind;
  /** In `from_currency`, a decimal string as the request gave it. */
  amount: string;
  from_currency: Currency;
  to_currency: Currency;
  recipient_email: string | null;
  description: string;
  cadence: PaymentCadence;
  first_date: string;
  end_date: string | null;
  status: PaymentScheduleStatus;
  next_index: ColumnType<number | bigint, number, number>;
  next_date: string | null;
  /** Tries made for the period `next_index` so far. */
  attempts: ColumnType<number | bigint, number | undefined, number>;
  /** When the next try of a failed period may be made (ISO time); null: whenever it is due. */
  retry_at: string | null;
  /** Periods dated before this day are skipped, not paid late (set on resume). */
  skip_before: string | null;
  runs_paid: ColumnType<number | bigint, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** One row per period a schedule tried: UNIQUE(schedule_id, period_date). */
export interface PaymentScheduleRunsTable {
  id: string;
  schedule_id: string;
  user_id: string;
  period_date: string;
  outcome: PaymentRunOutcome;
  attempts: ColumnType<number | bigint, number, number | bigint>;
  message: string | null;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A WebAuthn credential (modules/passkeys, migration 0044); `id` is the credential id, base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<number | bigint | string, number, number>;
  /** Comma separated (usb, nfc, ble, hybrid, internal). */
  transports: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: ColumnType<number | bigint, number, number>;
  created_at: string;
  last_used_at: string | null;
}

/** A challenge handed out for a passkey registration or sign-in: single use, short-lived. */
export interface WebAuthnChallengesTable {
  challenge: string;
  /** Whose registration; null for a sign-in, where nobody is named. */
  user_id: string | null;
  purpose: 'register' | 'sign-in';
  created_at: string;
  expires_at: string;
}

/** A user's TOTP two-factor (modules/auth/two-factor.service.ts); `enabled_at` null while enrolling. */
export interface TwoFactorTable {
  user_id: string;
  /** The base32 seed sealed with AES-256-GCM (lib/secret-box.ts), bound to the user id; never in clear. */
  secret: string;
  enabled_at: string | null;
  /** The newest TOTP time step accepted: a code of that step or older is refused (no replay). */
  last_used_step: ColumnType<bigint | number | null, number | null | undefined, number | null>;
  created_at: string;
}

/** One-time recovery codes: only the SHA-256 of each, `used_at` once spent. */
export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A sign-in waiting for its second factor; `id` is the SHA-256 of the challenge token. */
export interface LoginChallengesTable {
  id: string;
  user_id: string;
  failures: ColumnType<number | bigint, number | undefined, number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A mailed one-time sign-in link (migration 0025): `id` is the SHA-256 of its token. */
export interface SignInLinksTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A user's security toggles (modules/auth/security-settings.ts); no row means the defaults. */
export interface SecuritySettingsTable {
  user_id: string;
  /** 1: a sign-in from a browser the account has not used raises a "New sign-in" notification. */
  login_alerts: number | bigint;
  updated_at: string;
}

/** Cards (modules/cards): the number only encrypted (null for Stripe's), never a CVV; limits in minor units. */
export interface CardsTable {
  id: string;
  user_id: string;
  provider: 'demo' | 'stripe';
  provider_card_id: string | null;
  provider_cardholder_id: string | null;
  card_type: CardType;
  currency: Currency;
  last4: string;
  /** AES-256-GCM of the full number (modules/cards/card-secrets.ts). */
  number_encrypted: string | null;
  expiry_month: number;
  expiry_year: number;
  status: CardStatus;
  home_country: string;
  /** JSON of the shipping address of a physical card. */
  shipping_address: string | null;
  allow_online: ColumnType<number, number | undefined, number>;
  allow_contactless: ColumnType<number, number | undefined, number>;
  allow_atm: ColumnType<number, number | undefined, number>;
  allow_international: ColumnType<number, number | undefined, number>;
  /** JSON array of MerchantCategory. */
  blocked_categories: ColumnType<string, string | undefined, string>;
  limit_per_payment: bigint | null;
  limit_daily: bigint | null;
  limit_monthly: bigint | null;
  limit_atm: bigint | null;
  status_changed_at: string;
  created_at: string;
}

/** Every authorization of a card, approved or declined (modules/cards). */
export interface CardPurchasesTable {
  id: string;
  card_id: string;
  user_id: string;
  /** In the purchase's currency. */
  amount: bigint;
  currency: Currency;
  /** In the card's currency: what left (or would have left) the wallet. */
  wallet_amount: bigint;
  merchant: string;
  category: MerchantCategory;
  channel: PurchaseChannel;
  country: string;
  approved: number;
  decline_reason: DeclineReason | null;
  /** The card_payment history row of an approved purchase. */
  transaction_id: string | null;
  entry_id: string | null;
  created_at: string;
}

/** One identity verification application per user (modules/kyc). */
export interface KycApplicationsTable {
  id: string;
  user_id: string;
  status: KycStatus;
  /** The wizard's personal fields, as JSON (contract personalInfoSchema). */
  personal: string | null;
  /** The document's type, number and expiry, as JSON (contract documentFieldsSchema). */
  document: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** A reviewer claimed the application until then. */
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

/** An uploaded image; its bytes are in file storage under `storage_key`. */
export interface KycDocumentsTable {
  id: string;
  user_id: string;
  application_id: string;
  side: DocumentSide;
  storage_key: string;
  content_type: string;
  size: ColumnType<number | bigint, number, number>;
  width: ColumnType<number | bigint, number, number>;
  height: ColumnType<number | bigint, number, number>;
  created_at: string;
}

/** A file attached to an outgoing history row (modules/receipts); its bytes are in file storage. */
export interface TransactionReceiptsTable {
  transaction_id: string;
  user_id: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: ColumnType<number | bigint, number, number>;
  /** The history row's time, copied: a period's receipts are one index range. */
  transaction_at: string;
  created_at: string;
}

/** One check of a review, written as it completes. */
export interface KycChecksTable {
  application_id: string;
  check_id: KycCheckId;
  position: ColumnType<number | bigint, number, number>;
  status: 'pending' | 'passed' | 'failed';
  detail: string | null;
  completed_at: string | null;
}

/** A closed month of one wallet (modules/statements): its digest, chained to the wallet's month before. */
export interface StatementsTable {
  id: string;
  user_id: string;
  /** The wallet's ledger account. */
  account_id: string;
  currency: Currency;
  /** The UTC month, "2026-10". */
  month: string;
  movements: ColumnType<number | bigint, number, number>;
  /** SHA-256 (hex) of the month's canonical entries and `previous_digest` (statements/statement-digest.ts). */
  digest: string;
  previous_digest: string;
  /** When the month was sealed. */
  closed_at: string;
  /**
   * HMAC of the row under the server's statement key (statements/statement-seal.ts); null only for a month
   * closed before keyed seals and not sealed since (migration 0050).
   */
  seal: string | null;
}

/** The user's own categories of their books (modules/categories; the built-ins are in the contract). */
export interface CategoriesTable {
  id: string;
  user_id: string;
  name: string;
  /** lower(name): unique per user. */
  name_key: string;
  kind: 'income' | 'expense';
  deductible: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** "Counterparty or description contains X → category": guesses rows made while it stood. */
export interface CategoryRulesTable {
  id: string;
  user_id: string;
  contains: string;
  /** The LIKE pattern compared: '%' + lower(contains) with % _ \ escaped + '%'. */
  pattern: string;
  category_id: string;
  /** Which rows it may file: money in (an income category), money out (expense, tax) or any (transfers). */
  direction: 'in' | 'out' | 'any';
  created_at: string;
  /** When it was changed or deleted (rows made since are not guessed by it); null while it stands. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The category someone gave a history row (source 'user') or a rule applied to past rows ('rule'). */
export interface TransactionCategoriesTable {
  transaction_id: string;
  user_id: string;
  category_id: string;
  source: 'user' | 'rule';
  set_at: string;
}

/** One note per history row: its text, and who wrote it when. */
export interface TransactionNotesTable {
  transaction_id: string;
  user_id: string;
  text: string;
  written_by: 'owner' | 'accountant';
  author_id: string;
  written_at: string;
}

/** A user's webhook URL; secrets are sealed (lib/secret-box.ts), `events` a JSON list of event types. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  events: string;
  secret: string;
  /** The secrets rotated out, each signing until its own `until`: a JSON list of `{secret, until}` (migration 0052). */
  previous_secrets: ColumnType<string, string | undefined, string>;
  /** 1 or 0 (SQLite reads it back as a bigint: compare with Number()). */
  enabled: ColumnType<number | bigint, number, number>;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
  /** Set when the secret was replaced by one nobody has seen (a password reset): off until rotated. */
  secret_revoked_at: string | null;
}

/** The webhook outbox: one row per event, its id the `webhook-id` every delivery of it carries. */
export interface WebhookEventsTable {
  id: string;
  user_id: string;
  type: string;
  payload: string;
  created_at: string;
}

/** An event to one endpoint: claimed by leases, retried until `retry_until`. */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number | bigint, number, number | bigint>;
  next_attempt_at: string | null;
  retry_until: string;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  /** The claim that holds the delivery (migration 0048); cleared when its outcome is written. */
  lease_token: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One try of a delivery. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: string;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
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
  mail_quota: MailQuotaTable;
  held_transfers: HeldTransfersTable;
  login_throttle: LoginThrottleTable;
  login_devices: LoginDevicesTable;
  rate_limits: RateLimitsTable;
  monthly_outflows: MonthlyOutflowsTable;
  notifications: NotificationsTable;
  quotes: QuotesTable;
  trading_orders: TradingOrdersTable;
  holdings: HoldingsTable;
  job_runs: JobRunsTable;
  savings_goals: SavingsGoalsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  clients: ClientsTable;
  accountant_grants: AccountantGrantsTable;
  invoice_payments: InvoicePaymentsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  sign_in_links: SignInLinksTable;
  security_settings: SecuritySettingsTable;
  cards: CardsTable;
  card_purchases: CardPurchasesTable;
  kyc_applications: KycApplicationsTable;
  kyc_documents: KycDocumentsTable;
  kyc_checks: KycChecksTable;
  transaction_receipts: TransactionReceiptsTable;
  password_resets: PasswordResetsTable;
  invoice_schedules: InvoiceSchedulesTable;
  invoice_schedule_runs: InvoiceScheduleRunsTable;
  payment_checkouts: PaymentCheckoutsTable;
  payment_events: PaymentEventsTable;
  statements: StatementsTable;
  categories: CategoriesTable;
  category_rules: CategoryRulesTable;
  transaction_categories: TransactionCategoriesTable;
  tax_profiles: TaxProfilesTable;
  tax_reminders: TaxRemindersTable;
  payment_schedules: PaymentSchedulesTable;
  payment_schedule_runs: PaymentScheduleRunsTable;
  transaction_notes: TransactionNotesTable;
  forecast_floors: ForecastFloorsTable;
  forecast_warnings: ForecastWarningsTable;
  forecast_checks: ForecastChecksTable;
  forecast_tax_estimates: ForecastTaxEstimatesTable;
  api_keys: ApiKeysTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebAuthnChallengesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LedgerAccountRow = Selectable<LedgerAccountsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type TradingOrderRow = Selectable<TradingOrdersTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type PaymentCheckoutRow = Selectable<PaymentCheckoutsTable>;
export type InvoiceItemRow = Selectable<InvoiceItemsTable>;
export type InvoiceScheduleRow = Selectable<InvoiceSchedulesTable>;
export type PaymentScheduleRow = Selectable<PaymentSchedulesTable>;
export type PaymentScheduleRunRow = Selectable<PaymentScheduleRunsTable>;
export type ClientRow = Selectable<ClientsTable>;
export type InvoicePaymentRow = Selectable<InvoicePaymentsTable>;
export type CardRow = Selectable<CardsTable>;

/** A user's tax profile (modules/tax, migration 0039). */
export interface TaxProfilesTable {
  user_id: string;
  country: string | null;
  /** The rate in basis points (hundredths of a percent). */
  rate_bps: number;
  year_start_month: number;
  year_start_day: number;
  goal_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per user and quarterly estimate date reminded: UNIQUE(user_id, due_date). */
export interface TaxRemindersTable {
  id: string;
  user_id: string;
  due_date: string;
  created_at: string;
}

/** The balance a wallet should stay above (modules/forecast), in minor units of `currency`; no row: none. */
export interface ForecastFloorsTable {
  user_id: string;
  currency: Currency;
  floor: bigint;
  updated_at: string;
}

/** One row per forecast warning the owner was told about: UNIQUE(user, currency, kind, date, cause). */
export interface ForecastWarningsTable {
  id: string;
  user_id: string;
  currency: Currency;
  kind: 'below_zero' | 'below_floor';
  warning_date: string;
  cause: string;
  created_at: string;
}

/** When the warnings job next looks at a user's forecast; no row: due (migration 0045). */
export interface ForecastChecksTable {
  user_id: string;
  next_check_at: string;
}

/** The tax estimate's figures the forecast uses, as of `computed_on` (modules/forecast/forecast-tax.ts). */
export interface ForecastTaxEstimatesTable {
  user_id: string;
  computed_on: string;
  currency: Currency;
  next_date: string;
  /** Minor units of `currency`: the estimated tax not held by the tax goal. */
  shortfall: bigint;
}

/** A personal API key (modules/api-keys, migration 0042): only its secret's SHA-256 is kept. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The secret's first characters, shown in lists. */
  prefix: string;
  secret_hash: string;
  scope: 'read' | 'invoices' | 'payments';
  created_at: string;
  /** Refreshed at most once a minute while the key is used. */
  last_used_at: string | null;
  /** The moment it stops working; null: until revoked. */
  expires_at: string | null;
  revoked_at: string | null;
}
