import { isIP } from 'node:net';
import { z } from 'zod';
import { amountProblem, overCeilingMessage } from '@contract/money';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const proxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An IP address, an address/prefix (CIDR), or one of the named ranges proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (proxyRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `true` would believe every hop, so a client that writes its own X-Forwarded-For would pick its address and
 * walk past every per-address limit; a hop count cannot tell a proxy from a client that reached the port
 * directly (Fastify itself trusts nothing for a number). Only the proxies' own addresses say who to believe.
 */
const trustProxySchema = z.string().transform((text, context): false | string[] => {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `"${text}" is no longer accepted: it would let a client pick its own address past every limit; list your proxies' addresses instead, e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8,loopback`,
    });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be false or the proxies' addresses and CIDRs, comma separated (not ${bad.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Every environment variable Meridian reads. docs/OPERATIONS.md's configuration table mirrors this list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** App processes sharing the port (node:cluster). More than one needs PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** postgres://… selects PostgreSQL; unset means the embedded SQLite file at SQLITE_PATH. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SQLITE_PATH: z.string().default('./data/meridian.db'),
  /**
   * SQLite: who copies the WAL back into the database file. `background`: a thread of the server's own
   * (db/wal-checkpointer.ts), so the event loop does not stop for it; `inline`: the COMMIT that takes the WAL
   * past 4000 pages, as SQLite does by itself.
   */
  SQLITE_CHECKPOINTS: z.enum(['background', 'inline']).default('background'),
  /** When set, GET /metrics wants `Authorization: Bearer <METRICS_TOKEN>`; unset, it is open (keep it internal). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * The operator's credential: System Status with what is configured, job runs and production needs, and its
   * live probes (POST /api/system/test), for `Authorization: Bearer <OPERATOR_TOKEN>`. Unset, nobody is an
   * operator: customers and strangers only ever see each system's plain status.
   */
  OPERATOR_TOKEN: z.string().min(16, 'OPERATOR_TOKEN must be at least 16 characters').optional(),
  /** Redis for the API rate limit's counters, shared by every process (takes precedence over PostgreSQL's). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /**
   * How long a Redis command may take before it is given up (the request goes on uncounted) and the connection
   * is dropped and reopened: a frozen Redis must not hold every API request.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** Public origins allowed to make state-changing requests (comma separated). The request's own host is always allowed. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  /**
   * PostgreSQL: how long a process may answer for a session it read without asking the database again
   * (modules/auth/session-cache.ts; a session that ends is forgotten by every process as soon as PostgreSQL
   * announces it). 0 asks the database on every request.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * PostgreSQL: connections each app process keeps open. All processes together are best at two to four per
   * core of the database server: past that its backends take turns on the cores, and a transfer costs more.
   */
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * PostgreSQL: the longest a statement waits for a lock another session holds (lock_timeout), in ms; 0 waits
   * for ever. A request that waited this long is answered 503 UNAVAILABLE with Retry-After. Transactions here
   * hold their locks for milliseconds; migrations wait as long as they must (db/migrate.ts).
   */
  PG_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * PostgreSQL: the longest a transaction may sit idle, waiting for this process's next statement, before the
   * server ends its session and frees its locks (idle_in_transaction_session_timeout), in ms; 0 never. No
   * transaction here waits for anything but the database (calls out and streams happen outside them).
   */
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** Force the Secure cookie flag; by default it is set when the request arrived over HTTPS. */
  COOKIE_SECURE: boolFromEnv.optional(),
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: `false`, or their addresses and CIDRs
   * (comma separated; `loopback`, `linklocal`, `uniquelocal` name the usual ranges). The client is the
   * right-most address in X-Forwarded-For that is not one of them, so what a client writes in front of it
   * changes nothing.
   */
  TRUST_PROXY: trustProxySchema.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** API requests per minute per personal API key (in place of the per-address limit for its calls). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Unknown, expired or revoked API keys and session cookies one address (an IPv6 /64) may present in a minute;
   * past it, every request from there that carries a credential answers 429 until the minute is over.
   */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Free failed sign-ins per account from one source (or one known device) before each try must wait. */
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Free failed sign-ins per account from all sources without its device cookie (a spread-out attack). */
  LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_SOURCES: z.coerce.number().int().positive().default(50),
  /** Free failed sign-ins per source address across all accounts. */
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
  /** Failed sign-ins are forgotten this long after the last one (a day: far past the longest wait). */
  LOGIN_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().positive().default(1440),
  /** The longest wait between sign-in attempts once the free failures are used (it doubles up to this). */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  /**
   * Free wrong two-factor codes per account across all its sign-in attempts (from browsers without its
   * device cookie; a known browser counts its own) before each code must wait as a sign-in does.
   */
  TWO_FACTOR_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Sign-ups and demo starts per IP per minute. */
  SIGNUPS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Verification links opened per minute per IP (POST /api/auth/verify-email). */
  VERIFY_LINKS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Password-reset requests, and reset links submitted, per minute per IP (each route its own count). */
  PASSWORD_RESETS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  /** Largest JSON body a route takes unless it says otherwise (invoices do); uploads have their own limits. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(16_384),
  /**
   * A request, body included, must have arrived this long after its first byte, or the connection is closed
   * (408): a client dribbling a body holds a socket no longer. Long enough for the identity images over a slow
   * line.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DEMO_IDLE_HOURS: z.coerce.number().int().positive().default(24),
  /** Sandbox money: POST /api/wallets/{id}/deposit tops a wallet up from nowhere. Turn off for real money. */
  SANDBOX: boolFromEnv.default(true),
  /** Largest single sandbox deposit, in USD or its equivalent at the current rate. */
  SANDBOX_MAX_DEPOSIT_USD: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'SANDBOX_MAX_DEPOSIT_USD must be a USD amount such as 50000')
    .refine(
      (text) => amountProblem(text, 'USD') === null,
      overCeilingMessage('USD', 'SANDBOX_MAX_DEPOSIT_USD'),
    )
    .default('50000'),
  /**
   * AES-256-GCM key (64 hex characters) sealing two-factor secrets and webhook signing secrets in the database.
   * Unset: a key file is created on first use next to the SQLite file (e.g. ./data/two-factor.key). Set it when
   * several machines share one PostgreSQL database, or each would make its own key.
   */
  TWO_FACTOR_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'TWO_FACTOR_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /** Directory of the built web app; empty disables static serving (API only). */
  WEB_DIST_DIR: z.string().default('./web/dist'),
  /** Exchange rates: `simulated` (embedded market, works offline) or `http` (poll RATES_URL, simulated as fallback). */
  RATES_PROVIDER: z.enum(['simulated', 'http']).default('simulated'),
  /** JSON endpoint of USD-based rates (`{ "rates": { "EUR": 0.92, … } }`); required when RATES_PROVIDER=http. */
  RATES_URL: z
    .string()
    .regex(/^https?:\/\//, 'RATES_URL must start with http:// or https://')
    .optional(),
  /** How often the http provider polls RATES_URL. */
  RATES_REFRESH_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Seed of the simulated market's random walk: the same seed replays the same prices. */
  RATES_SEED: z.coerce.number().int().default(28345),
  /** How often the simulated market moves. */
  RATES_TICK_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * When the simulated market stands exactly at its reference prices; its price at any moment follows from
   * this, the seed and the clock, so every process (and a restarted one) quotes the same price.
   */
  RATES_EPOCH: z
    .string()
    .refine(
      (text) => !Number.isNaN(Date.parse(text)),
      'RATES_EPOCH must be a date such as 2026-01-01T00:00:00Z',
    )
    .default('2026-01-01T00:00:00Z'),
  /** External payouts (Send Money to someone outside Meridian) stay pending this long before they settle. */
  PAYOUT_SETTLEMENT_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How often the settlement job looks for payouts that are due. */
  PAYOUT_SETTLEMENT_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(5),
  /** Money sent to an address no verified account has goes back to the sender after this many days. */
  HELD_TRANSFER_RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** How often the overdue job looks for sent invoices past their due date (and reminders that are due). */
  INVOICE_OVERDUE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * How often the recurring-invoices job looks for schedules whose period has come. A schedule's own period
   * is whole days; this only says how soon after midnight (UTC) its invoice is made.
   */
  INVOICE_SCHEDULE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** How often the tax reminders job looks for quarterly estimate dates a week away (reminded once per date). */
  TAX_REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * How often the scheduled-payments job looks for payments whose day has come (a schedule's dates are whole
   * UTC days; this says how soon after midnight it pays, and how soon after `retry_at` a failed run is tried).
   */
  PAYMENT_SCHEDULE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Tries after the first that a scheduled payment refused (lack of funds, say) gets before it waits. */
  PAYMENT_SCHEDULE_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** The time between those tries. */
  PAYMENT_SCHEDULE_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(7200),
  /** How often the forecast job looks for new cash-flow warnings (each is told once, by notification). */
  FORECAST_WARNING_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Days after the due date on which an overdue invoice's client is reminded by email, e.g. "1,7,14" ("" for none). */
  INVOICE_REMINDER_DAYS: z
    .string()
    .regex(
      /^(\d{1,3}(,\d{1,3})*)?$/,
      'INVOICE_REMINDER_DAYS must be days separated by commas, such as 1,7,14',
    )
    .default('1,7,14')
    .transform((text) =>
      text === '' ? [] : [...new Set(text.split(',').map(Number))].sort((a, b) => a - b),
    ),
  /**
   * A font file for CJK text in invoice PDFs (`path`, or `path#Face` for one face of a .ttc collection). Unset:
   * the first installed of Debian's Noto CJK, Droid Sans Fallback or WenQuanYi fonts, else none.
   */
  PDF_CJK_FONT: z.string().min(1, 'PDF_CJK_FONT must be a font file path').optional(),
  /** What an account without identity verification may send, convert and buy in a UTC month, in USD. */
  UNVERIFIED_MONTHLY_LIMIT_USD: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'UNVERIFIED_MONTHLY_LIMIT_USD must be a USD amount such as 1000')
    .refine(
      (text) => amountProblem(text, 'USD') === null,
      overCeilingMessage('USD', 'UNVERIFIED_MONTHLY_LIMIT_USD'),
    )
    .default('1000'),
  /** The same limit once identity verification approved the account. */
  VERIFIED_MONTHLY_LIMIT_USD: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'VERIFIED_MONTHLY_LIMIT_USD must be a USD amount such as 50000')
    .refine(
      (text) => amountProblem(text, 'USD') === null,
      overCeilingMessage('USD', 'VERIFIED_MONTHLY_LIMIT_USD'),
    )
    .default('50000'),
  /** Folder for uploaded files (identity documents). Unset: `uploads` next to the SQLite file. Never under the web root. */
  FILE_STORAGE_DIR: z.string().optional(),
  /** S3-compatible object storage for uploads instead of the folder, e.g. https://s3.eu-west-1.amazonaws.com (path-style). */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'S3_ENDPOINT must be an origin such as https://s3.amazonaws.com')
    .optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** How often the identity review job looks for submitted applications. */
  KYC_REVIEW_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  /** The embedded reviewer's pause between checks, so a person watching sees each one complete (0 in tests). */
  KYC_CHECK_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(600),
  /** Heartbeat of live notification streams; each one also re-checks that the stream's session is signed in. */
  NOTIFICATION_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** 64 hex digits (32 bytes) encrypting stored card numbers; unset: a key file made on first start beside the SQLite database. */
  CARD_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'CARD_ENCRYPTION_KEY must be 64 hex digits (32 bytes)')
    .optional(),
  /** Stripe Issuing: set to issue real cards through Stripe (demo accounts keep demo cards). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /**
   * Stripe webhook signing secret (whsec_...): with STRIPE_SECRET_KEY, clients pay invoices and top up wallets
   * by card through Stripe Checkout. One of the two without the other is reported as misconfigured.
   */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API origin (tests point it at a local stand-in). */
  STRIPE_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'STRIPE_API_BASE must be an origin such as https://api.stripe.com')
    .default('https://api.stripe.com'),
  /** A physical card ordered this long ago is marked shipped by the card-shipping job (then its holder activates it). */
  CARD_SHIPPING_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Webhooks to http:// URLs and to loopback, private and link-local addresses (the SSRF guard off). Only for
   * tests and local development: on a server it lets any user make it call its own network.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: boolFromEnv.default(false),
  /** How often the webhook job looks for deliveries that are due (each response that wrote one starts it too). */
  WEBHOOK_DELIVERY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Days an event and its delivery log are kept once delivery is over (delivered, or failed after a day). */
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
  /** Mail server, e.g. smtp://127.0.0.1:2525 or smtps://user:pass@host:465. Unset: mail stays in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The From address of every email. */
  MAIL_FROM: z.string().default('Meridian <no-reply@meridian.localhost>'),
  /**
   * Emails one account may cause to addresses other than its own in an hour (invoices, reminders, notices of
   * money waiting): past it a request that would mail answers 429 and a reminder waits for its next day.
   */
  MAIL_TO_OTHERS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /** An address left unverified this many days is given up to whoever signs up with it and proves it. */
  UNVERIFIED_EMAIL_RELEASE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /**
   * The address people reach this server at; links in emails start with it, and passkeys are bound to its host
   * (changing the host leaves existing passkeys unusable; a loopback IP is taken as localhost).
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'PUBLIC_URL must be an origin such as https://bank.example.com (no path)')
    .optional(),
});

export type Config = z.infer<typeof envSchema>;

/** Rules between variables: real money needs real mail, or nobody could verify an address. */
function crossFieldProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.LOGIN_ATTEMPT_WINDOW_MINUTES * 60 <= 2 * config.LOGIN_MAX_DELAY_SECONDS) {
    problems.push(
      'LOGIN_ATTEMPT_WINDOW_MINUTES: must be well over twice LOGIN_MAX_DELAY_SECONDS, or sitting out the longest wait would buy fresh free sign-in attempts',
    );
  }
  if (config.WORKERS > 1 && !config.DATABASE_URL) {
    problems.push(
      'WORKERS: more than one app process needs PostgreSQL (DATABASE_URL); the embedded SQLite has one writer',
    );
  }
  if (config.RATES_PROVIDER === 'http' && !config.RATES_URL) {
    problems.push('RATES_URL: required when RATES_PROVIDER=http');
  }
  const s3 = [config.S3_ENDPOINT, config.S3_BUCKET, config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    problems.push(
      'S3_ENDPOINT: S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  if (!config.SANDBOX && !config.SMTP_URL) {
    problems.push(
      'SMTP_URL: required when SANDBOX=false (verification emails must reach people; in the sandbox the app shows the link itself)',
    );
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment once at start-up; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const problems = crossFieldProblems(parsed.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}
