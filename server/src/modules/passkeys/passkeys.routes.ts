import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userResponseSchema } from '@contract/auth';
import {
  passkeyListSchema,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsBodySchema,
  passkeySchema,
  passkeySignInBodySchema,
  renamePasskeyBodySchema,
  webAuthnOptionsSchema,
} from '@contract/passkeys';
import { pathIdSchema } from '@contract/text';
import type { Config } from '../../config/env';
import { userIdOf } from '../../plugins/session';
import { clientOf } from '../auth/auth.routes';
import { setDeviceCookie, setSessionCookie } from '../auth/session-cookie';
import { toUser } from '../user/user.mapper';
import type { PasskeysService } from './passkeys.service';

const params = z.object({ id: pathIdSchema(1024) });

/**
 * Under /api/auth/passkeys. Managing passkeys is the signed-in owner's only (no `accountant` config: an
 * accountant reading someone's books is refused). Signing in is public, and limited per address on top of
 * the failed-attempt count the service keeps.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService; config: Config }> = async (
  app,
  { passkeys, config },
) => {
  app.get('/', { schema: { response: { 200: passkeyListSchema } } }, async (request) => ({
    passkeys: await passkeys.list(userIdOf(request)),
  }));

  app.post(
    '/registration/options',
    {
      schema: { body: passkeyRegistrationOptionsBodySchema, response: { 200: webAuthnOptionsSchema } },
    },
    async (request) => passkeys.registrationOptions(userIdOf(request), request.body.password),
  );

  app.post(
    '/registration',
    { schema: { body: passkeyRegistrationBodySchema, response: { 201: passkeySchema } } },
    async (request, reply) =>
      reply.status(201).send(await passkeys.register(userIdOf(request), request.body)),
  );

  app.patch(
    '/:id',
    { schema: { params, body: renamePasskeyBodySchema, response: { 200: passkeySchema } } },
    async (request) => passkeys.rename(userIdOf(request), request.params.id, request.body.name),
  );

  app.delete('/:id', { schema: { params, response: { 204: z.null() } } }, async (request, reply) => {
    await passkeys.remove(userIdOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/sign-in/options',
    {
      // Each call stores a challenge: the limit is against filling the table, not guessing.
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { response: { 200: webAuthnOptionsSchema } },
    },
    async () => passkeys.signInOptions(),
  );

  app.post(
    '/sign-in',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: passkeySignInBodySchema, response: { 200: userResponseSchema } },
    },
    async (request, reply) => {
      const session = await passkeys.signIn(request.body, clientOf(request));
      setSessionCookie(config, request, reply, session);
      if (session.newDeviceToken) setDeviceCookie(config, request, reply, session.newDeviceToken);
      return { user: toUser(session.user) };
    },
  );
};
