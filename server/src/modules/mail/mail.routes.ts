import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAILED_MAIL_SHOWN, failedMailListSchema } from '@contract/system';
import { pathIdSchema } from '@contract/text';
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
 * Under /api/system/mail, for operators: the email integration and its queue (GET /mail names the mail
 * server), the messages it gave up on (GET /mail/failed) and a retry of one (POST /mail/failed/{id}/retry).
 * Public to the session check, like System Status, so the operator's token alone reaches them; a customer's
 * session gets a 403.
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

  app.get(
    '/mail/failed',
    { config: { public: true }, schema: { response: { 200: failedMailListSchema } } },
    async (request) => {
      operator.requireOperator(request);
      const rows = await mailer.failed(FAILED_MAIL_SHOWN);
      return {
        mail: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.to_address,
          subject: row.subject,
          attempts: Number(row.attempts),
          lastError: row.last_error,
          createdAt: row.created_at,
          failedAt: row.failed_at,
        })),
      };
    },
  );

  app.post(
    '/mail/failed/:id/retry',
    { config: { public: true }, schema: { params: z.object({ id: pathIdSchema(100) }) } },
    async (request, reply) => {
      operator.requireOperator(request);
      await mailer.retryFailed(request.params.id);
      return reply.status(204).send();
    },
  );
};
