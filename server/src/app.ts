import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import type { ErrorBody } from '@contract/errors';
import type { Config } from './config/env';
import { openDatabase, writeHealthOf, type Dialect } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { AppError } from './lib/errors';
import { waitInWords } from './modules/auth/login-throttle';
import { lazySecretBox, loadSecretKey } from './lib/secret-box';
import { isApiRoute } from './plugins/api-route';
import { parseJsonBodiesOnly } from './plugins/json-body';
import { clientErrorHandler } from './plugins/client-error';
import { securityHeaders } from './plugins/security-headers';
import { BatchedRateLimitCounter } from './plugins/batched-rate-limit-counter';
import { databaseRateLimitStore, pruneRateLimits } from './plugins/rate-limit-store';
import { connectRedis } from './plugins/redis';
import { createLogger } from './lib/logger';
import { startJobs, type Job } from './jobs/scheduler';
import { httpDuration } from './lib/metrics';
import { authRoutes } from './modules/auth/auth.routes';
import { newSignInNotice, passwordChangedNotice, welcomeNotice } from './modules/auth/auth-notices';
import { createSecuritySettingsService } from './modules/auth/security-settings';
import { createTwoFactorService } from './modules/auth/two-factor.service';
import { createPasswordCheck } from './modules/auth/password-check';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { SESSION_COOKIE } from './modules/auth/session-token';
import { securityRoutes } from './modules/auth/security.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { seedDemoActivity } from './modules/demo/demo.seed';
import { fxRoutes } from './modules/fx/fx.routes';
import { createFxService } from './modules/fx/fx.service';
import { appRateSource } from './modules/fx/rate-source';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes';
import { createEmailVerificationService } from './modules/email-verification/email-verification.service';
import { healthRoutes } from './modules/health/health.routes';
import { cardRoutes } from './modules/cards/cards.routes';
import { createCardsService } from './modules/cards/cards.service';
import { cardShippingJob } from './modules/cards/card-shipping';
import { createCardIssuers } from './modules/cards/create-card-issuers';
import {
  cardsCheck,
  databaseCheck,
  mailCheck,
  pushCheck,
  rateLimitCheck,
  ratesCheck,
  storageCheck,
  verificationCheck,
} from './modules/system/integrations';
import { metricsRoutes } from './modules/system/metrics.routes';
import { operatorCheck } from './lib/operator';
import { systemRoutes } from './modules/system/system.routes';
import { createSystemService } from './modules/system/system.service';
import { mailStatusRoutes } from './modules/mail/mail.routes';
import { createMailer, mailDeliveryJob, type Mailer } from './modules/mail/mailer';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { createPasswordResetService } from './modules/password-reset/password-reset.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createNotificationStream } from './modules/notifications/notification-stream';
import { createNotifier, type Notifier } from './modules/notifications/notifier';
import { createStreamInterest } from './modules/notifications/stream-interest';
import { SESSIONS_CHANNEL, SessionCache } from './modules/auth/session-cache';
import { createPgListener } from './db/pg-listener';
import { ensureHouseAccounts } from './modules/ledger/house-accounts';
import { releaseUserLedger } from './modules/ledger/ledger.release';
import { recipientRoutes } from './modules/recipients/recipients.routes';
import { createRecipientsService } from './modules/recipients/recipients.service';
import { goalRoutes } from './modules/goals/goals.routes';
import { seedDemoInvoices } from './modules/invoices/demo-invoices';
import { embeddedReviewer } from './modules/kyc/embedded-reviewer';
import { kycReviewJob, verifyDemoUser } from './modules/kyc/kyc-review';
import { kycRoutes } from './modules/kyc/kyc.routes';
import { createKycService } from './modules/kyc/kyc.service';
import { createSpendingLimits, type SpendingLimits } from './modules/kyc/spending-limit';
import { createFileStorage } from './modules/storage/create-file-storage';
import { overdueInvoicesJob } from './modules/invoices/invoice-overdue';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { publicInvoiceRoutes } from './modules/invoices/public-invoices.routes';
import { createGoalsService } from './modules/goals/goals.service';
import { pruneQuotesJob } from './modules/quotes/quotes';
import { tradingRoutes } from './modules/trading/trading.routes';
import { createTradingService, orderMatchingJob } from './modules/trading/trading.service';
import { removeHistoryOf, writeHistoryWithEntries } from './modules/transactions/history';
import { transactionRoutes } from './modules/transactions/transactions.routes';
import { createTransactionsService } from './modules/transactions/transactions.service';
import { deliverHeldTransfers, heldTransferReturnJob } from './modules/transfers/held-transfers';
import { payoutSettlementJob } from './modules/transfers/payouts';
import { transferRoutes } from './modules/transfers/transfers.routes';
import { createTransfersService } from './modules/transfers/transfers.service';
import { walletRoutes } from './modules/wallets/wallets.routes';
import { createWalletsService, openDefaultWallets } from './modules/wallets/wallets.service';
import { createRatesProvider } from './modules/rates/create-rates-provider';
import type { RatesProvider } from './modules/rates/rates.provider';
import { ratesRoutes } from './modules/rates/rates.routes';
import { userRoutes } from './modules/user/user.routes';
import { createUserService } from './modules/user/user.service';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { sessionPlugin } from './plugins/session';
import { webAppPlugin } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    auth: AuthService;
    rates: RatesProvider;
    mail: Mailer;
    notifier: Notifier;
    /** The monthly limit by verification level: money modules (and tests building them) call it. */
    spendingLimits: SpendingLimits;
    /** Every route as registered, so tests can assert rules that hold for all of them (e.g. auth). */
    routeList: Array<{ method: string | string[]; url: string; public: boolean }>;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildOptions {
  logger?: Logger;
  /** Start background jobs (the server does; most tests drive jobs by hand). */
  jobs?: boolean;
}

const HOUR = 3_600_000;

/** The whole application, ready to `listen` or to `inject` into. Migrations have run when it resolves. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const setSecurityHeaders = securityHeaders({ hsts: config.NODE_ENV === 'production' });
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Node's own default (300 s) that Fastify turns off; a notification stream is not affected, as its request
    // is complete once its headers are in.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      // Node looks for late requests every 30 s by default, so a 60 s limit could close at 90 s.
      connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_SECONDS * 250),
    },
    trustProxy: config.TRUST_PROXY,
    // During a graceful stop, a request that already reached us on an open connection is served (with
    // Connection: close) rather than refused with Fastify's own 503, which is not in our error shape; new
    // connections are no longer accepted.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(logger as FastifyBaseLogger),
    // A broken percent-escape or an over-long path parameter is refused by the router before any hook or the
    // error handler runs: answer it in the one error shape (and with the security headers) too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long' : 'The address is not valid';
      const body: ErrorBody = { code: 'VALIDATION_FAILED', message };
      setSecurityHeaders(request.raw, reply.raw, () => {
        void reply.status(400).header('cache-control', 'no-store').send(body);
      });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  parseJsonBodiesOnly(app);
  const routeList: App['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    routeList.push({ method: route.method, url: route.url, public: Boolean(route.config?.public) });
  });
  // During a graceful stop, in-flight responses carry Connection: close, so their keep-alive sockets end with
  // them and close() does not wait out the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // onSend hooks with a callback, not async: no promise per response for a header.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    poolSize: config.PG_POOL_SIZE,
    checkpoints: config.SQLITE_CHECKPOINTS,
    log: app.log,
  });
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.addHook('onClose', () => database.destroy());
  await migrateToLatest(database.db as Kysely<unknown>);

  const mailer = createMailer({ db: database.db, config, log: app.log });
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => mailer.close());
  // PostgreSQL: this process's one LISTEN connection, for what other processes announce.
  const listener = config.DATABASE_URL
    ? createPgListener({ databaseUrl: config.DATABASE_URL, log: app.log })
    : undefined;
  const notifier = createNotifier({ db: database.db, dialect: database.dialect, listener });
  app.decorate('notifier', notifier);
  // Two-factor secrets are sealed with the configured key, else a key file beside the SQLite file, made the
  // first time a secret is sealed or opened.
  const twoFactorBox = lazySecretBox(() =>
    loadSecretKey({
      hexKey: config.TWO_FACTOR_ENCRYPTION_KEY,
      keyFile: join(dirname(config.SQLITE_PATH), 'two-factor.key'),
    }),
  );
  // A signed-in session's password, asked again, is counted per account wherever it is checked.
  const checkPassword = createPasswordCheck({ db: database.db, config });
  const twoFactor = createTwoFactorService({
    db: database.db,
    config,
    checkPassword,
    box: twoFactorBox,
    notify: (trx, userId, notice) => notifier.raise(trx, userId, notice),
  });
  const securitySettings = createSecuritySettingsService({ db: database.db, checkPassword });
  const sessions =
    listener && config.SESSION_CACHE_SECONDS > 0
      ? new SessionCache(listener, { maxAgeMs: config.SESSION_CACHE_SECONDS * 1000, maxEntries: 10_000 })
      : undefined;
  const auth = createAuthService({ db: database.db, config, twoFactor, sessions, checkPassword, mailer });
  app.decorate('auth', auth);
  const notificationStream = createNotificationStream({
    db: database.db,
    notifier,
    interest: createStreamInterest(database.db, database.dialect),
    log: app.log,
  });
  // A session that ends closes its live streams at once, not at their next heartbeat: this process's sign-outs
  // directly, every process's through PostgreSQL's announcement (migration 0020), which is heard here too. The
  // session cache hears it first (registered before), so the streams' check reads the database.
  auth.onSessionsEnded((ended) => notificationStream.recheckSessions(ended));
  listener?.on(SESSIONS_CHANNEL, (sessionId) => notificationStream.recheckSessions({ sessionId }));
  if (listener) {
    await listener.start();
    app.addHook('onClose', async () => listener.stop());
  }
  // Open streams end first, or closing would wait for browsers that never hang up.
  app.addHook('preClose', async () => notificationStream.closeAll());
  const notifications = createNotificationsService({ db: database.db, notifier });
  const verification = createEmailVerificationService({
    db: database.db,
    mailer,
    notifier,
    config,
    checkPassword,
  });
  const users = createUserService({ db: database.db, verification });

  const rates = createRatesProvider(config, app.log);
  app.decorate('rates', rates);
  app.addHook('onClose', async () => rates.stop());
  await rates.start();

  // Money: house accounts exist before any entry, and entries write their history rows through the
  // transactions module; new users get wallets, demos get history, and a removed demo's history and ledger
  // go in the same transaction that deletes it.
  writeHistoryWithEntries();
  await ensureHouseAccounts(database.db);
  const cardIssuers = createCardIssuers(config);
  auth.onUserCreated((trx, user) => openDefaultWallets(trx, user.id));
  auth.onUserCreated((trx, user) => verification.welcome(trx, user));
  auth.onUserCreated((trx, user) => notifier.raise(trx, user.id, welcomeNotice));
  auth.onUserCreated((trx, user) => verifyDemoUser(trx, user));
  // The "Sign-in alerts" toggle (security settings) decides whether a new browser raises the alert.
  auth.onNewDeviceSignIn(async (trx, user, client) => {
    if (await securitySettings.loginAlertsOn(trx, user.id)) {
      await notifier.raise(trx, user.id, newSignInNotice(client));
    }
  });
  auth.onPasswordChanged((trx, user) => notifier.raise(trx, user.id, passwordChangedNotice));
  const resets = createPasswordResetService({ db: database.db, mailer, notifier, auth, log: app.log });
  // Links still in a mailbox die with the password they were for; a stop waits for links being written.
  auth.onPasswordChanged((trx, user) => resets.retireLinksOf(trx, user.id));
  app.addHook('onClose', () => resets.idle());
  // Money sent to an address before anyone verified it lands in the transaction that verifies it.
  verification.onVerified((trx, user) => deliverHeldTransfers(trx, user, { mailer, notifier }));
  auth.onDemoSeed((db, user) => seedDemoActivity(db, user.id, notifier, cardIssuers.secrets));
  auth.onUserRemoving(removeHistoryOf);
  auth.onUserRemoving(releaseUserLedger);
  const rateSource = appRateSource(app);
  const limits = createSpendingLimits({ rates: rateSource, config });
  app.decorate('spendingLimits', limits);
  const storage = createFileStorage(config);
  const reviewer = embeddedReviewer({ storage, delayMs: config.KYC_CHECK_DELAY_MS });
  const kyc = createKycService({ db: database.db, storage, limits });
  auth.onUserRemoving((trx, userId) => kyc.removeFilesOf(trx, userId));
  const wallets = createWalletsService({ db: database.db, config, rates: rateSource, notifier });
  const fx = createFxService({ db: database.db, rates: rateSource, notifier, limits });
  const analytics = createAnalyticsService({ db: database.db, rates: rateSource });
  const transfers = createTransfersService({
    db: database.db,
    rates: rateSource,
    mailer,
    notifier,
    config,
    limits,
  });
  const transactions = createTransactionsService({ db: database.db });
  const recipients = createRecipientsService({ db: database.db });
  const trading = createTradingService({ db: database.db, rates: rateSource, notifier, limits });
  const goals = createGoalsService({ db: database.db, notifier });
  const invoices = createInvoicesService({ db: database.db, config, rates: rateSource, mailer, notifier });
  invoices.registerAttachments();
  auth.onDemoSeed((db, user) => seedDemoInvoices(db, user.id, rateSource));
  const cards = createCardsService({
    db: database.db,
    rates: rateSource,
    notifier,
    limits,
    checkPassword,
    ...cardIssuers,
  });

  const jobs: Job[] = [
    { name: 'remove-idle-demo-users', everyMs: HOUR, run: () => auth.removeIdleDemoUsers() },
    { name: 'prune-login-throttle', everyMs: HOUR, run: () => auth.pruneLoginThrottle() },
    { name: 'prune-login-challenges', everyMs: HOUR, run: () => twoFactor.pruneChallenges() },
    { name: 'prune-rate-limits', everyMs: HOUR, run: () => pruneRateLimits(database.db) },
    payoutSettlementJob(config),
    mailDeliveryJob(mailer),
    heldTransferReturnJob(mailer),
    orderMatchingJob(trading),
    pruneQuotesJob,
    kycReviewJob(
      { db: database.db, provider: reviewer, notifier, limits },
      config.KYC_REVIEW_INTERVAL_SECONDS,
    ),
    overdueInvoicesJob(
      {
        db: database.db,
        mailer,
        notifier,
        reminderDays: config.INVOICE_REMINDER_DAYS,
        payUrl: invoices.payUrl,
      },
      config.INVOICE_OVERDUE_INTERVAL_SECONDS,
    ),
    cardShippingJob(cards, config),
  ];

  // Order matters: errors first so every later failure has one shape; then headers, cookies, limits,
  // CSRF, the session; then routes.
  await app.register(errorHandlerPlugin);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: request.method, route, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, done));
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Where every process counts API requests: Redis when configured, else PostgreSQL; the one SQLite process
  // counts in memory.
  const redis = config.REDIS_URL
    ? connectRedis(config.REDIS_URL, app.log, config.REDIS_COMMAND_TIMEOUT_MS)
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  // Without Redis, PostgreSQL counts: the large limits in batches, whose last hits are written on close (before
  // the database closes: onClose hooks run last-registered first).
  const rateLimitCounter =
    !redis && database.dialect === 'postgres'
      ? new BatchedRateLimitCounter(database.db, {
          onFlushError: (error) =>
            app.log.warn({ err: error }, 'rate-limit counts not written; kept for a retry'),
        })
      : null;
  if (rateLimitCounter) app.addHook('onClose', () => rateLimitCounter.close());
  await app.register(fastifyRateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The API limit is for the API: the app's own files and pages (and health checks) are not counted, or a
    // person who used the app for a while would find its scripts answering 429.
    allowList: (request) => !isApiRoute(request),
    // On PostgreSQL several processes serve one bank: they count against one limit, in the database. The
    // embedded SQLite server is one process, so memory is enough (and costs no write per request).
    ...(redis
      ? { redis, nameSpace: 'meridian-rate-limit:' }
      : rateLimitCounter && { store: databaseRateLimitStore(database.db, rateLimitCounter) }),
    errorResponseBuilder: (_request, { ttl }) => {
      const wait = Math.max(1, Math.ceil(ttl / 1000));
      return new AppError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${waitInWords(wait)}.`,
        undefined,
        {
          retryAfterSeconds: wait,
        },
      );
    },
    // A store that cannot count (Redis or the database down) lets requests through rather than fail them.
    skipOnError: true,
  });
  // Answers about someone's money are never kept by a browser or a proxy.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRoute(request) || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // PUBLIC_URL is where people reach the server: its pages may call the API even when no trusted proxy tells
  // us the scheme and host they were loaded from.
  const ownOrigins = config.PUBLIC_URL ? [config.PUBLIC_URL] : [];
  await app.register(csrfPlugin, { allowedOrigins: [...config.ALLOWED_ORIGINS, ...ownOrigins] });
  await app.register(sessionPlugin, {
    cookie: SESSION_COOKIE,
    authenticate: (token) => auth.authenticate(token),
  });

  await app.register(healthRoutes, {
    pingDatabase: () => sql`select 1`.execute(database.db),
    writesFailing: () => writeHealthOf(database.db)?.failing,
  });
  await app.register(authRoutes, { prefix: '/api/auth', auth, users, config, afterCommit: mailer.kick });
  await app.register(emailVerificationRoutes, {
    prefix: '/api/auth',
    verification,
    linksPerMinute: config.VERIFY_LINKS_PER_MINUTE,
  });
  await app.register(passwordResetRoutes, {
    prefix: '/api/auth',
    resets,
    perMinute: config.PASSWORD_RESETS_PER_MINUTE,
  });
  await app.register(userRoutes, { prefix: '/api/user', users });
  await app.register(securityRoutes, { prefix: '/api/user', auth, settings: securitySettings });
  await app.register(twoFactorRoutes, { prefix: '/api/user/2fa', twoFactor });
  await app.register(ratesRoutes, { prefix: '/api/exchange-rates', rates });
  await app.register(walletRoutes, { prefix: '/api/wallets', wallets });
  await app.register(fxRoutes, { prefix: '/api/convert', fx });
  await app.register(transactionRoutes, { prefix: '/api/transactions', transactions });
  await app.register(transferRoutes, { prefix: '/api/transactions', transfers });
  await app.register(recipientRoutes, { prefix: '/api/recipients', recipients });
  await app.register(tradingRoutes, { prefix: '/api', trading });
  await app.register(goalRoutes, { prefix: '/api/savings-goals', goals });
  await app.register(invoiceRoutes, { prefix: '/api/invoices', invoices });
  await app.register(publicInvoiceRoutes, { prefix: '/api/public/invoices', invoices });
  await app.register(cardRoutes, { prefix: '/api', cards });
  await app.register(kycRoutes, { prefix: '/api/kyc', kyc });
  await app.register(analyticsRoutes, { prefix: '/api/analytics', analytics });
  await app.register(notificationRoutes, {
    prefix: '/api/notifications',
    notifications,
    stream: notificationStream,
    sessionCookie: SESSION_COOKIE,
    stillSignedIn: async (token) => Boolean(token && (await auth.authenticate(token))),
    heartbeatMs: config.NOTIFICATION_HEARTBEAT_SECONDS * 1000,
  });
  const system = createSystemService({
    db: database.db,
    jobs,
    jobsRunHere: Boolean(options.jobs),
    integrations: [
      databaseCheck(database.db, database.dialect, config),
      ratesCheck(rates),
      mailCheck(mailer),
      pushCheck(notifier),
      rateLimitCheck(
        redis
          ? { name: 'Redis', ping: () => redis.ping() }
          : { name: database.dialect === 'postgres' ? 'PostgreSQL' : 'memory (one process)' },
      ),
      cardsCheck(cardIssuers.issuers, cardIssuers.secrets, database.dialect),
      verificationCheck(reviewer),
      storageCheck(storage),
    ],
  });
  const operator = operatorCheck(config.OPERATOR_TOKEN);
  await app.register(systemRoutes, { prefix: '/api/system', system, operator });
  await app.register(metricsRoutes, { db: database.db, system, token: config.METRICS_TOKEN });
  await app.register(mailStatusRoutes, { prefix: '/api/system', mailer, operator });
  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });

  if (options.jobs) startJobs(app, jobs);
  return app;
}
