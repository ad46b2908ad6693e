import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBodySchema,
  loginResponseSchema,
  loginTwoFactorBodySchema,
  meResponseSchema,
  registerBodySchema,
  sessionResponseSchema,
  signInLinkBodySchema,
  userResponseSchema,
  type OpenBooks,
} from '@contract/auth';
import { authOptionsSchema } from '@contract/email-verification';
import { formatAmount, parseAmount } from '@contract/money';
import type { Config } from '../../config/env';
import { sessionOf, type RequestAuth } from '../../plugins/session';
import { clearSessionCookie, setDeviceCookie, setSessionCookie } from './session-cookie';
import { toUser } from '../user/user.mapper';
import type { UserService } from '../user/user.service';
import type { ClientInfo, SignedIn } from './auth-context';
import type { AuthService } from './auth.service';
import { DEVICE_COOKIE, SESSION_COOKIE } from './session-token';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Who is signing in from where: every sign-in route hands this to the auth service. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  deviceToken: request.cookies[DEVICE_COOKIE],
});

/** Whose books the session has open (null: its own, or the access ended). */
export type DescribeBooks = (auth: Pick<RequestAuth, 'actingUserId' | 'booksOwnerId'>) => Promise<OpenBooks>;

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  users: UserService;
  config: Config;
  /** Called once a request's transaction has committed, so mail it wrote goes out now. */
  afterCommit: () => void;
  describeBooks: DescribeBooks;
}> = async (app, { auth, users, config, afterCommit, describeBooks }) => {
  // Register and demo draw on one bucket per IP: a demo is a sign-up too. One limiter instance serves both
  // routes (a per-route `config.rateLimit` would give each route a store of its own).
  const signUpLimit = app.rateLimit({ max: config.SIGNUPS_PER_MINUTE, timeWindow: '1 minute' });
  const signedIn = (request: FastifyRequest, reply: FastifyReply, session: SignedIn) => {
    setSessionCookie(config, request, reply, session);
    if (session.newDeviceToken) setDeviceCookie(config, request, reply, session.newDeviceToken);
  };

  // Whose books the session has open. Books whose access ended (revoked, or left) are refused on every request
  // until the session switches back; the app learns it here, and the session goes back to its own books.
  const booksOf = async (session: RequestAuth) => {
    const books = await describeBooks(session);
    if (!books && session.booksOwnerId) await auth.openBooks(session.sessionId, null);
    return books;
  };

  app.get(
    '/options',
    { config: { public: true }, schema: { response: { 200: authOptionsSchema } } },
    async () => ({
      demo: config.SANDBOX,
      sandbox: config.SANDBOX,
      sandboxMaxDepositUsd: config.SANDBOX
        ? formatAmount(parseAmount(config.SANDBOX_MAX_DEPOSIT_USD, 'USD'), 'USD')
        : null,
    }),
  );

  app.post(
    '/register',
    {
      config: { public: true },
      onRequest: signUpLimit,
      schema: { body: registerBodySchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const session = await auth.register(request.body, clientOf(request));
      afterCommit();
      signedIn(request, reply, session);
      return reply.status(201).send({ user: toUser(session.user) });
    },
  );

  app.post(
    '/login',
    { config: { public: true }, schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const result = await auth.login(request.body, clientOf(request));
      // Two-factor on: no session yet, only the challenge to answer with a code.
      if ('twoFactorRequired' in result) return result;
      signedIn(request, reply, result);
      return { user: toUser(result.user) };
    },
  );

  app.post(
    '/login/2fa',
    {
      config: {
        public: true,
        // Each try checks a code; on top, a challenge dies after 5 wrong ones (two-factor.service.ts).
        rateLimit: { max: 10, timeWindow: '1 minute' },
      },
      schema: { body: loginTwoFactorBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const session = await auth.loginTwoFactor(request.body, clientOf(request));
      signedIn(request, reply, session);
      return { user: toUser(session.user) };
    },
  );

  app.post(
    '/sign-in-link',
    {
      // The token is 128 random bits: the limit is against noise, not guessing.
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { body: signInLinkBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const session = await auth.signInWithLink(request.body.token, clientOf(request));
      signedIn(request, reply, session);
      return { user: toUser(session.user) };
    },
  );

  app.post(
    '/demo',
    {
      config: { public: true },
      onRequest: signUpLimit,
      schema: { response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const session = await auth.startDemo(clientOf(request));
      setSessionCookie(config, request, reply, session);
      return reply.status(201).send({ user: toUser(session.user) });
    },
  );

  app.post(
    '/logout',
    { config: { public: true }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  // Public: the session plugin has already resolved the cookie (null when absent, forged or expired). On a
  // public route the signed-in person is always themselves, whichever books they have open.
  app.get(
    '/session',
    { config: { public: true }, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => {
      if (!request.auth) return { user: null };
      const [user, books] = await Promise.all([users.get(request.auth.actingUserId), booksOf(request.auth)]);
      return { user: toUser(user), books };
    },
  );

  // 'self': who is signed in and whose books are open, answered while reading someone's books too.
  app.get(
    '/me',
    { config: { accountant: 'self' }, schema: { response: { 200: meResponseSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const [user, books] = await Promise.all([users.get(session.actingUserId), booksOf(session)]);
      return { user: toUser(user), books };
    },
  );
};
