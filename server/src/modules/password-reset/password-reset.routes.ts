import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSWORD_RESET_ACCEPTED,
  passwordResetAcceptedSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
} from '@contract/password-reset';
import type { PasswordResetService } from './password-reset.service';

/** Under /api/auth, public (the person has no session; the emailed link is the proof). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{
  resets: PasswordResetService;
  /** Per IP and route: on top, an address is sent at most LINKS_PER_ADDRESS_PER_HOUR links. */
  perMinute: number;
}> = async (app, { resets, perMinute }) => {
  const limit = { max: perMinute, timeWindow: '1 minute' };

  app.post(
    '/password-reset',
    {
      config: { public: true, rateLimit: limit },
      schema: { body: passwordResetRequestBodySchema, response: { 202: passwordResetAcceptedSchema } },
      // Only once the answer is out does the lookup start: nothing about the address can delay it.
      onResponse: (request, reply, done) => {
        if (reply.statusCode === 202) resets.request(request.body.email);
        done();
      },
    },
    async (_request, reply) => reply.status(202).send({ message: PASSWORD_RESET_ACCEPTED }),
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { public: true, rateLimit: limit },
      schema: { body: passwordResetConfirmBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await resets.confirm(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );
};
