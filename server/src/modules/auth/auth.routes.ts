import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema, registerBodySchema, userResponseSchema } from '@contract/auth';
import { authOptionsSchema } from '@contract/email-verification';
import type { Config } from '../../config/env';
import { notFound } from '../../lib/errors';
import { clearSessionCookie, setSessionCookie, userIdOf } from '../../plugins/session';
import { toUser } from '../user/user.mapper';
import { findUserById } from './auth.repository';
import type { AuthService, ClientInfo } from './auth.service';
import { SESSION_COOKIE } from './session-token';
import type { FastifyRequest } from 'fastify';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  config: Config;
  /** Called once a request's transaction has committed, so mail it wrote goes out now. */
  afterCommit: () => void;
}> = async (app, { auth, config, afterCommit }) => {
  const signUpLimit = { rateLimit: { max: config.SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } };

  app.get(
    '/options',
    { config: { public: true }, schema: { response: { 200: authOptionsSchema } } },
    async () => ({ demo: config.SANDBOX, sandbox: config.SANDBOX }),
  );

  app.post(
    '/register',
    {
      config: { public: true, ...signUpLimit },
      schema: { body: registerBodySchema, response: { 201: userResponseSchema } },
    },
    async (request, reply) => {
      const session = await auth.register(request.body, clientOf(request));
      afterCommit();
      setSessionCookie(config, request, reply, session);
      return reply.status(201).send({ user: toUser(session.user) });
    },
  );

  app.post(
    '/login',
    { config: { public: true }, schema: { body: loginBodySchema, response: { 200: userResponseSchema } } },
    async (request, reply) => {
      const session = await auth.login(request.body, clientOf(request));
      setSessionCookie(config, request, reply, session);
      return { user: toUser(session.user) };
    },
  );

  app.post(
    '/demo',
    { config: { public: true, ...signUpLimit }, schema: { response: { 201: userResponseSchema } } },
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

  app.get('/me', { schema: { response: { 200: userResponseSchema } } }, async (request) => {
    const user = await findUserById(app.db, userIdOf(request));
    if (!user) throw notFound('User');
    return { user: toUser(user) };
  });
};
