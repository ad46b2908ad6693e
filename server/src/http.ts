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
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ErrorBody } from '@contract/errors';
import type { Config } from './config/env';
import type { Dialect } from './db/database';
import type { PgListener } from './db/pg-listener';
import type { Database } from './db/schema';
import type { Job } from './jobs/scheduler';
import { AppError } from './lib/errors';
import { httpDuration } from './lib/metrics';
import { sourceOf, waitInWords } from './modules/auth/login-throttle';
import { SESSION_COOKIE } from './modules/auth/session-token';
import { rateLimitCheck, type IntegrationCheck } from './modules/system/integrations';
import { isApiRoute } from './plugins/api-route';
import { createAuthFailures } from './plugins/auth-failures';
import { BatchedRateLimitCounter } from './plugins/batched-rate-limit-counter';
import { clientErrorHandler } from './plugins/client-error';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { parseJsonBodiesOnly } from './plugins/json-body';
import { databaseRateLimitStore, pruneRateLimits } from './plugins/rate-limit-store';
import { connectRedis } from './plugins/redis';
import { repliesTogether } from './plugins/replies-together';
import { securityHeaders } from './plugins/security-headers';
import type { ApiKeyNeed } from './plugins/api-key-scope';
import { sessionPlugin, type SessionPluginOptions } from './plugins/session';
import { textFieldsPlugin } from './plugins/text-fields';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for everyone (the API description, its docs page): it sets its own caching. */
    cacheable?: boolean;
  }
  interface FastifyInstance {
    /** Every route as registered, so tests can assert rules that hold for all of them (e.g. auth). */
    routeList: Array<{
      method: string | string[];
      url: string;
      public: boolean;
      /** Who else may call it (plugins/session.ts): absent, the owner only. */
      accountant?: 'read' | 'annotate' | 'self';
      /** What a personal API key needs, when the route says (plugins/api-key-scope.ts resolves the rest). */
      apiKey?: ApiKeyNeed;
    }>;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

const HOUR = 3_600_000;

/**
 * Fastify as Meridian runs it: its options, Zod validation, JSON bodies only, no unstorable text in any field,
 * the route list, a graceful stop, and the first hooks every reply passes (errors in one shape, metrics,
 * the security headers). No route yet: modules register theirs after `registerRequestGuards`.
 */
export async function createHttpApp(config: Config, logger: Logger): Promise<App> {
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
  textFieldsPlugin(app);
  const routeList: App['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    routeList.push({
      method: route.method,
      url: route.url,
      // Read when asked: a plugin's own onRoute hook (the API docs) may mark its routes public after this one.
      get public() {
        return Boolean(route.config?.public);
      },
      ...(route.config?.accountant && { accountant: route.config.accountant }),
      ...(route.config?.apiKey && { apiKey: route.config.apiKey }),
    });
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
  // Registered before every plugin, so every route's replies wait for the end of the turn (see the hook).
  app.addHook('onSend', repliesTogether(app.log));

  // Order matters: errors first so every later failure has one shape; then headers, and (registerRequestGuards)
  // cookies, limits, CSRF, the session; then routes.
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
  return app;
}

/**
 * What stands between a request and a route, after the hooks of `createHttpApp` and in this order: compression,
 * cookies, the API rate limit, no-store on API answers, CSRF, the session. Registered before any module's
 * routes, as a hook applies only to routes registered after it. Returns what System Status and the jobs need
 * to know about where requests are counted.
 */
export async function registerRequestGuards(
  app: App,
  deps: {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    /** Who a session cookie's token signs in (the auth module answers). */
    authenticate: SessionPluginOptions['authenticate'];
    /** Whether an accountant may still read an owner's books (the accountants module answers). */
    booksAccess: SessionPluginOptions['booksAccess'];
    /** The personal API key a bearer secret names (the api-keys module answers). */
    apiKey: SessionPluginOptions['apiKey'];
    /** PostgreSQL: how a process hears that another one blocked an address for its failed credentials. */
    listener?: PgListener | undefined;
  },
): Promise<{ checks: IntegrationCheck[]; jobs: Job[] }> {
  const { config, db, dialect } = deps;
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Where every process counts API requests: Redis when configured, else PostgreSQL; the one SQLite process
  // counts in memory.
  const redis = config.REDIS_URL
    ? connectRedis(config.REDIS_URL, app.log, config.REDIS_COMMAND_TIMEOUT_MS)
    : null;
  if (redis) {
    // Once the app is built and ready (see connectRedis); until then no request is served.
    app.addHook('onReady', async () => void redis.connect().catch(() => {}));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  // Without Redis, PostgreSQL counts: the large limits in batches, whose last hits are written on close (before
  // the database closes: onClose hooks run last-registered first).
  const rateLimitCounter =
    !redis && dialect === 'postgres'
      ? new BatchedRateLimitCounter(db, {
          onFlushError: (error) =>
            app.log.warn({ err: error }, 'rate-limit counts not written; kept for a retry'),
        })
      : null;
  if (rateLimitCounter) app.addHook('onClose', () => rateLimitCounter.close());
  await app.register(fastifyRateLimit, {
    // The limit's hook runs after the session's (route hooks follow app hooks), so a call made with a personal API
    // key is known by then: it counts against its key's own limit, wherever it comes from, and everything else
    // against its address.
    keyGenerator: (request) => (request.auth?.apiKeyId ? `api-key:${request.auth.apiKeyId}` : request.ip),
    max: (request) =>
      request.auth?.apiKeyId ? config.API_KEY_RATE_LIMIT_PER_MINUTE : config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The API limit is for the API: the app's own files and pages (and health checks) are not counted, or a
    // person who used the app for a while would find its scripts answering 429.
    allowList: (request) => !isApiRoute(request),
    // On PostgreSQL several processes serve one bank: they count against one limit, in the database. The
    // embedded SQLite server is one process, so memory is enough (and costs no write per request).
    ...(redis
      ? { redis, nameSpace: 'meridian-rate-limit:' }
      : rateLimitCounter && { store: databaseRateLimitStore(db, rateLimitCounter) }),
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
    if (request.routeOptions.config.cacheable) return done(null, payload);
    if (isApiRoute(request) || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // PUBLIC_URL is where people reach the server: its pages may call the API even when no trusted proxy tells
  // us the scheme and host they were loaded from.
  const ownOrigins = config.PUBLIC_URL ? [config.PUBLIC_URL] : [];
  await app.register(csrfPlugin, { allowedOrigins: [...config.ALLOWED_ORIGINS, ...ownOrigins] });
  // Failed credentials are counted in the database on either dialect, Redis or not: only failures write, and
  // the session's hook refuses them before the API limit above would count them.
  const failures = createAuthFailures({
    db,
    dialect,
    listener: deps.listener,
    log: app.log,
    max: config.AUTH_FAILURES_PER_MINUTE,
    windowMs: 60_000,
    sourceOf,
    waitInWords,
  });
  await app.register(sessionPlugin, {
    cookie: SESSION_COOKIE,
    authenticate: deps.authenticate,
    booksAccess: deps.booksAccess,
    apiKey: deps.apiKey,
    failures,
  });

  return {
    checks: [
      rateLimitCheck(
        redis
          ? { name: 'Redis', ping: () => redis.ping() }
          : { name: dialect === 'postgres' ? 'PostgreSQL' : 'memory (one process)' },
      ),
    ],
    jobs: [{ name: 'prune-rate-limits', everyMs: HOUR, run: () => pruneRateLimits(db) }],
  };
}
