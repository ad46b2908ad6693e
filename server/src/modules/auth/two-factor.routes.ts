import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@contract/two-factor';
import { userIdOf } from '../../plugins/session';
import type { TwoFactorService } from './two-factor.service';

// Each try checks a code (or a password): a stolen session must not become a guessing machine.
const codeTries = { rateLimit: { max: 5, timeWindow: '1 minute' } };

/** Under /api/user/2fa: GET status, POST /setup, /enable {code, password}, /disable {password, code}. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.get('/', { schema: { response: { 200: twoFactorStatusSchema } } }, async (request) =>
    twoFactor.status(userIdOf(request)),
  );

  app.post('/setup', { schema: { response: { 201: twoFactorSetupSchema } } }, async (request, reply) =>
    reply.status(201).send(await twoFactor.setup(userIdOf(request))),
  );

  app.post(
    '/enable',
    {
      config: codeTries,
      schema: { body: enableTwoFactorBodySchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => twoFactor.enable(userIdOf(request), request.body),
  );

  app.post(
    '/disable',
    { config: codeTries, schema: { body: disableTwoFactorBodySchema } },
    async (request, reply) => {
      await twoFactor.disable(userIdOf(request), request.body);
      return reply.status(204).send();
    },
  );
};
