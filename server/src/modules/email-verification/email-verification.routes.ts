import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  verificationStatusSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@contract/email-verification';
import { userIdOf } from '../../plugins/session';
import type { EmailVerificationService } from './email-verification.service';

/** Under /api/auth: open a link (public: the link is the proof), see where the address stands, resend. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{
  verification: EmailVerificationService;
  /** Link openings per minute per client (a token is 128 random bits: the limit is against noise, not guessing). */
  linksPerMinute: number;
}> = async (app, { verification, linksPerMinute }) => {
  app.post(
    '/verify-email',
    {
      // Public: whoever holds the link proves the address, signed in or not (often on another device).
      config: { public: true, rateLimit: { max: linksPerMinute, timeWindow: '1 minute' } },
      schema: { body: verifyEmailBodySchema, response: { 200: verifyEmailResponseSchema } },
    },
    async (request) => verification.confirm(request.body.token),
  );

  app.get('/verification', { schema: { response: { 200: verificationStatusSchema } } }, async (request) =>
    verification.status(userIdOf(request)),
  );

  app.post(
    '/verify-email/resend',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      await verification.resend(userIdOf(request));
      return reply.status(204).send(null);
    },
  );
};
