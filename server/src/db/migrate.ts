import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/0001-accounts';
import * as ledger from './migrations/0002-ledger';
import * as idempotency from './migrations/0003-idempotency';
import * as transfers from './migrations/0004-transfers';
import * as trustBoundaries from './migrations/0005-trust-boundaries';
import * as loginThrottle from './migrations/0006-login-throttle';
import * as rateLimits from './migrations/0007-rate-limits';
import * as notifications from './migrations/0008-notifications';
import * as jobRuns from './migrations/0009-job-runs';
import * as savingsGoals from './migrations/0010-savings-goals';
import * as trading from './migrations/0011-trading';
import * as invoices from './migrations/0012-invoices';
import * as twoFactor from './migrations/0013-two-factor';
import * as cards from './migrations/0014-cards';
import * as kyc from './migrations/0015-kyc';
import * as postEntryFunction from './migrations/0016-post-entry-function';
import * as unloggedRateLimits from './migrations/0017-unlogged-rate-limits';
import * as monthlyOutflows from './migrations/0018-monthly-outflows';
import * as paymentRoundTrips from './migrations/0019-payment-round-trips';
import * as sessionSignal from './migrations/0020-session-signal';
import * as paymentContext from './migrations/0021-payment-context';
import * as ledgerOrRaise from './migrations/0022-ledger-or-raise';
import * as notificationListeners from './migrations/0023-notification-listeners';
import * as amountCeilings from './migrations/0024-amount-ceilings';
import * as signInLinks from './migrations/0025-sign-in-links';
import * as passwordResets from './migrations/0026-password-resets';
import * as mailQuotaAndReleasedAddresses from './migrations/0027-mail-quota-and-released-addresses';
import * as storedFunctionsMove from './migrations/0028-stored-functions-move';
import * as dropUnusedStoredFunctions from './migrations/0029-drop-unused-stored-functions';
import * as invoicePayments from './migrations/0030-invoice-payments';
import * as invoiceSchedules from './migrations/0031-invoice-schedules';
import * as paymentCheckouts from './migrations/0032-payment-checkouts';
import * as clients from './migrations/0033-clients';
import * as invoiceLanguage from './migrations/0034-invoice-language';
import * as accountantAccess from './migrations/0038-accountant-access';
import * as categories from './migrations/0035-categories';
import * as statements from './migrations/0037-statements';
import * as transactionReceipts from './migrations/0036-transaction-receipts';
import * as tax from './migrations/0039-tax';
import * as paymentSchedules from './migrations/0040-payment-schedules';
import * as forecast from './migrations/0041-forecast';
import * as apiKeys from './migrations/0042-api-keys';
import * as webhooks from './migrations/0043-webhooks';
import * as passkeys from './migrations/0044-passkeys';
import * as forecastChecks from './migrations/0045-forecast-checks';
import * as standingCredentials from './migrations/0046-standing-credentials';
import * as webhookLeaseTokens from './migrations/0048-webhook-lease-tokens';
import * as mailFailures from './migrations/0049-mail-failures';
import * as statementSeals from './migrations/0050-statement-seals';
import * as checkoutHolds from './migrations/0051-checkout-holds';
import * as webhookPreviousSecrets from './migrations/0052-webhook-previous-secrets';
import { applyStoredFunctions } from './stored-functions';

/**
 * Migrations are listed here, in order, rather than read from a folder at run time: the bundle-free server
 * and the tests then see exactly the same list. Add a new file and one line below.
 */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-ledger': ledger,
  '0003-idempotency': idempotency,
  '0004-transfers': transfers,
  '0005-trust-boundaries': trustBoundaries,
  '0006-login-throttle': loginThrottle,
  '0007-rate-limits': rateLimits,
  '0008-notifications': notifications,
  '0009-job-runs': jobRuns,
  '0010-savings-goals': savingsGoals,
  '0011-trading': trading,
  '0012-invoices': invoices,
  '0013-two-factor': twoFactor,
  '0014-cards': cards,
  '0015-kyc': kyc,
  '0016-post-entry-function': postEntryFunction,
  '0017-unlogged-rate-limits': unloggedRateLimits,
  '0018-monthly-outflows': monthlyOutflows,
  '0019-payment-round-trips': paymentRoundTrips,
  '0020-session-signal': sessionSignal,
  '0021-payment-context': paymentContext,
  '0022-ledger-or-raise': ledgerOrRaise,
  '0023-notification-listeners': notificationListeners,
  '0024-amount-ceilings': amountCeilings,
  '0025-sign-in-links': signInLinks,
  '0026-password-resets': passwordResets,
  '0027-mail-quota-and-released-addresses': mailQuotaAndReleasedAddresses,
  '0028-stored-functions-move': storedFunctionsMove,
  '0029-drop-unused-stored-functions': dropUnusedStoredFunctions,
  '0030-invoice-payments': invoicePayments,
  '0031-invoice-schedules': invoiceSchedules,
  '0032-payment-checkouts': paymentCheckouts,
  '0033-clients': clients,
  '0034-invoice-language': invoiceLanguage,
  '0035-categories': categories,
  '0036-transaction-receipts': transactionReceipts,
  '0037-statements': statements,
  '0038-accountant-access': accountantAccess,
  '0039-tax': tax,
  '0040-payment-schedules': paymentSchedules,
  '0041-forecast': forecast,
  '0042-api-keys': apiKeys,
  '0043-webhooks': webhooks,
  '0044-passkeys': passkeys,
  '0045-forecast-checks': forecastChecks,
  '0046-standing-credentials': standingCredentials,
  '0048-webhook-lease-tokens': webhookLeaseTokens,
  '0049-mail-failures': mailFailures,
  '0050-statement-seals': statementSeals,
  '0051-checkout-holds': checkoutHolds,
  '0052-webhook-previous-secrets': webhookPreviousSecrets,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The migrations, then (PostgreSQL) each stored function whose `.sql` file changed since it was last applied
 * (db/stored-functions.ts): a function's current text is its file, not the last migration that created it.
 * Resolves to the names of the migrations this call applied (none when another process got there first), for
 * a one-time step that only the application can do after its migration (it needs a key a migration cannot read).
 *
 * On PostgreSQL they run on one connection without the app's lock and idle timeouts (database.ts): a
 * migration waits for its table locks, and a process starting beside another waits for the migration lock,
 * for as long as the other's migrations take.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db);
  return db.connection().execute(async (connection) => {
    await sql`set lock_timeout = 0`.execute(connection);
    await sql`set idle_in_transaction_session_timeout = 0`.execute(connection);
    try {
      return await migrate(connection);
    } finally {
      // Back to the pool with the settings it was opened with.
      await sql`reset lock_timeout`.execute(connection);
      await sql`reset idle_in_transaction_session_timeout`.execute(connection);
    }
  });
}

async function migrate(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  await applyStoredFunctions(db);
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
