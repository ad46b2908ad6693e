import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config/env';
import { openDatabase, type Dialect } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createPgListener } from './db/pg-listener';
import type { Database } from './db/schema';
import { createHttpApp, registerRequestGuards, type App } from './http';
import { startJobs } from './jobs/scheduler';
import { createLogger } from './lib/logger';
import { accountantsModule } from './modules/accountants/accountants.module';
import { booksAccess, describeOpenBooks } from './modules/accountants/books-access';
import { accountantPackModule } from './modules/accountant-pack/accountant-pack.module';
import { analyticsModule } from './modules/analytics/analytics.module';
import { apiKeysModule } from './modules/api-keys/api-keys.module';
import { authModule } from './modules/auth/auth.module';
import { cardsModule } from './modules/cards/cards.module';
import { categoriesModule } from './modules/categories/categories.module';
import { clientsModule } from './modules/clients/clients.module';
import { demoModule } from './modules/demo/demo.module';
import { forecastModule } from './modules/forecast/forecast.module';
import { fxModule } from './modules/fx/fx.module';
import { appRateSource } from './modules/fx/rate-source';
import { goalsModule } from './modules/goals/goals.module';
import { invoiceSchedulesModule } from './modules/invoice-schedules/invoice-schedules.module';
import { invoicesModule } from './modules/invoices/invoices.module';
import { kycModule } from './modules/kyc/kyc.module';
import { ledgerModule } from './modules/ledger/ledger.module';
import { mailModule } from './modules/mail/mail.module';
import { openApiModule } from './modules/openapi/openapi.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { createNotifier, type Notifier } from './modules/notifications/notifier';
import { passkeysModule } from './modules/passkeys/passkeys.module';
import { paymentSchedulesModule } from './modules/payment-schedules/payment-schedules.module';
import { passwordResetModule } from './modules/password-reset/password-reset.module';
import { paymentsModule } from './modules/payments/payments.module';
import { pruneQuotesJob } from './modules/quotes/quotes';
import { ratesModule } from './modules/rates/rates.module';
import { receiptsModule } from './modules/receipts/receipts.module';
import { recipientsModule } from './modules/recipients/recipients.module';
import { statementsModule } from './modules/statements/statements.module';
import { systemModule } from './modules/system/system.module';
import { taxModule } from './modules/tax/tax.module';
import { tradingModule } from './modules/trading/trading.module';
import { transactionsModule } from './modules/transactions/transactions.module';
import { transfersModule } from './modules/transfers/transfers.module';
import { walletsModule } from './modules/wallets/wallets.module';
import { webhooksModule } from './modules/webhooks/webhooks.module';
import { webAppPlugin } from './plugins/web-app';

export type { App } from './http';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    notifier: Notifier;
  }
}

export interface BuildOptions {
  logger?: Logger;
  /** Start background jobs (the server does; most tests drive jobs by hand). */
  jobs?: boolean;
}

/**
 * The whole application, ready to `listen` or to `inject` into. Migrations have run when it resolves.
 * Each module registers its own routes and hooks and returns its jobs and what the modules after it need; the
 * order below is the order of dependence.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = await createHttpApp(config, options.logger ?? createLogger(config.LOG_LEVEL));

  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.PG_POOL_SIZE,
    lockTimeoutMs: config.PG_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    checkpoints: config.SQLITE_CHECKPOINTS,
    log: app.log,
  });
  const { db, dialect } = database;
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('config', config);
  // The first onClose hook, so the database closes last (onClose hooks run last-registered first).
  app.addHook('onClose', () => database.destroy());
  const migrated = await migrateToLatest(db as Kysely<unknown>);

  // PostgreSQL: this process's one LISTEN connection, for what other processes announce. It starts once the
  // modules have registered what they hear.
  const listener = config.DATABASE_URL
    ? createPgListener({ databaseUrl: config.DATABASE_URL, log: app.log })
    : undefined;
  const notifier = createNotifier({ db, dialect, listener });
  app.decorate('notifier', notifier);
  const rates = appRateSource(app);

  // Sessions and personal API keys are looked up on `app.auth` and `app.apiKeys` per request: the auth and
  // api-keys modules, below, decorate them.
  const guards = await registerRequestGuards(app, {
    config,
    db,
    dialect,
    authenticate: (token) => app.auth.authenticate(token),
    booksAccess: (session) => booksAccess(db, session),
    apiKey: (secret) => app.apiKeys.lookup(secret),
    listener,
  });
  // Before every module's routes: the API description is collected as they register.
  await openApiModule(app);
  const mail = await mailModule(app, { db, config, notifier });
  const { mailer } = mail;
  const exchangeRates = await ratesModule(app, config);
  const accounts = await authModule(app, {
    db,
    config,
    mailer,
    notifier,
    listener,
    describeBooks: (auth) => describeOpenBooks(db, auth),
  });
  const { auth, verification, checkPassword, credentials } = accounts;
  const passkeys = await passkeysModule(app, { db, config, auth, checkPassword });
  const notifications = await notificationsModule(app, { db, dialect, config, notifier, listener, auth });
  // Before every module that announces events: they record them through its face, in their transactions.
  const webhooks = await webhooksModule(app, { db, config, notifier, mailer, auth, credentials });
  await passwordResetModule(app, { db, config, mailer, notifier, auth });
  const history = await transactionsModule(app, { db, auth });
  await ledgerModule({ db, auth });
  await walletsModule(app, { db, config, rates, notifier, auth });
  const kyc = await kycModule(app, { db, config, rates, notifier, auth });
  const { limits } = kyc;
  const { fx } = await fxModule(app, { db, rates, notifier, limits });
  const transfers = await transfersModule(app, {
    db,
    config,
    rates,
    mailer,
    notifier,
    limits,
    verification,
    webhooks: webhooks.face,
  });
  await recipientsModule(app, { db });
  const paymentSchedules = await paymentSchedulesModule(app, {
    db,
    config,
    notifier,
    mailer,
    transfers: transfers.transfers,
    fx,
    webhooks: webhooks.face,
  });
  const trading = await tradingModule(app, { db, rates, notifier, limits });
  await goalsModule(app, { db, notifier });
  const cards = await cardsModule(app, {
    db,
    dialect,
    config,
    rates,
    notifier,
    limits,
    checkPassword,
    webhooks: webhooks.face,
  });
  // Before the invoices module, so a new demo gets its history first, then its invoices.
  demoModule({ auth, notifier, cardSecrets: cards.secrets });
  const payments = await paymentsModule(app, { db, config, notifier, link: (path) => mailer.link(path) });
  const invoices = await invoicesModule(app, {
    db,
    config,
    rates,
    mailer,
    notifier,
    auth,
    payments: payments.payments,
    webhooks: webhooks.face,
  });
  const schedules = await invoiceSchedulesModule(app, { db, config, notifier, invoices: invoices.face });
  await clientsModule(app, { db });
  const receipts = await receiptsModule(app, { db, config, auth });
  await analyticsModule(app, { db, rates });
  const statements = await statementsModule(app, { db, config, migrated });
  await accountantsModule(app, { db, mailer, notifier, auth, credentials });
  await apiKeysModule(app, { db, auth, credentials });
  await accountantPackModule(app, {
    transactions: history.transactions,
    invoices: invoices.face,
    statements: statements.face,
    receipts: receipts.face,
  });
  await categoriesModule(app, { db, rates });
  const tax = await taxModule(app, { db, config, rates, notifier, mailer });
  const forecast = await forecastModule(app, {
    db,
    config,
    rates,
    notifier,
    auth,
    tax: tax.face,
    scheduled: paymentSchedules.face,
  });
  if (listener) {
    await listener.start();
    app.addHook('onClose', async () => listener.stop());
  }

  const jobs = [
    guards,
    accounts,
    passkeys,
    mail,
    transfers,
    paymentSchedules,
    trading,
    kyc,
    invoices,
    schedules,
    cards,
    statements,
    tax,
    forecast,
    webhooks,
  ].flatMap((m) => m.jobs);
  // Quotes are issued by fx and trading alike, so their pruning is wired here.
  jobs.push(pruneQuotesJob);
  const integrations = [exchangeRates, mail, notifications, guards, cards, payments, kyc].flatMap(
    (m) => m.checks,
  );
  await systemModule(app, { db, dialect, config, jobs, jobsRunHere: Boolean(options.jobs), integrations });
  // The web app's files; its not-found handler serves the app's page for any other address.
  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });

  if (options.jobs) startJobs(app, jobs);
  return app;
}
