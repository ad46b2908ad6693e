import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from './mailer';

const mailStatusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  detail: z.string(),
  mode: z.enum(['smtp', 'outbox']),
  pending: z.number().int(),
  failed: z.number().int(),
});

/** GET /api/system/mail: the email integration for System Status (signed in, like all of /api). */
export const mailStatusRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  app.get('/mail', { schema: { response: { 200: mailStatusSchema } } }, async () => {
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
