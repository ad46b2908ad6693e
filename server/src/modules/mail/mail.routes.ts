import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorCheck } from '../../lib/operator';
import type { Mailer } from './mailer';

const mailStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  detail: z.string(),
  mode: z.enum(['smtp', 'outbox']),
  pending: z.number().int(),
  failed: z.number().int(),
});

/**
 * GET /api/system/mail: the email integration and its queue, for operators (it names the mail server). Public
 * to the session check, like System Status, so the operator's token alone reaches it.
 */
export const mailStatusRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; operator: OperatorCheck }> = async (
  app,
  { mailer, operator },
) => {
  const route = { config: { public: true }, schema: { response: { 200: mailStatusSchema } } };
  app.get('/mail', route, async (request) => {
    operator.requireOperator(request);
    const status = await mailer.status();
    const queue = status.pending > 0 ? ` · ${status.pending} waiting to be sent` : '';
    return {
      status: status.ok ? 'ok' : 'unavailable',
      detail: `${status.description}: ${status.detail}${queue}`,
      mode: status.mode,
      pending: status.pending,
      failed: status.failed,
    } as const;
  });
};
