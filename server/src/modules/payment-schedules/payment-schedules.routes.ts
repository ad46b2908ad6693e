import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentScheduleBodySchema,
  paymentRunSchema,
  paymentSchedulePageQuerySchema,
  paymentScheduleSchema,
  updatePaymentScheduleBodySchema,
  type PaymentSchedulePageQuery,
} from '@contract/payment-schedules';
import { NEXT_CURSOR_HEADER } from '@contract/transactions';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { Page } from './payment-schedule-pages';
import type { PaymentSchedulesService } from './payment-schedules.service';

const params = z.object({ id: pathIdSchema(100) });
const read = { accountant: 'read' } as const;

/** A page as a plain array; the next page's cursor in X-Next-Cursor and a Link header, as the history does. */
function sendPage<T>(reply: FastifyReply, path: string, query: PaymentSchedulePageQuery, page: Page<T>) {
  if (page.nextCursor) {
    const next = new URLSearchParams({ limit: String(query.limit), cursor: page.nextCursor });
    reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    reply.header('link', `<${path}?${next}>; rel="next"`);
  }
  return page.items;
}

/**
 * Under /api/payment-schedules: the signed-in user's own scheduled payments (another user's is a 404). An
 * accountant may read them; changing them is the owner's.
 */
export const paymentScheduleRoutes: FastifyPluginAsyncZod<{ schedules: PaymentSchedulesService }> = async (
  app,
  { schedules },
) => {
  app.get(
    '/',
    {
      config: read,
      schema: {
        querystring: paymentSchedulePageQuerySchema,
        response: { 200: z.array(paymentScheduleSchema) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        '/api/payment-schedules',
        request.query,
        await schedules.list(userIdOf(request), request.query),
      ),
  );

  app.post(
    '/',
    {
      config: { idempotent: true },
      schema: { body: createPaymentScheduleBodySchema, response: { 201: paymentScheduleSchema } },
    },
    async (request, reply) =>
      sendIdempotent(reply, await schedules.create(idempotencyOf(request, userIdOf(request)), request.body)),
  );

  app.get(
    '/:id',
    { config: read, schema: { params, response: { 200: paymentScheduleSchema } } },
    async (request) => schedules.get(userIdOf(request), request.params.id),
  );

  app.get(
    '/:id/runs',
    {
      config: read,
      schema: {
        params,
        querystring: paymentSchedulePageQuerySchema,
        response: { 200: z.array(paymentRunSchema) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        `/api/payment-schedules/${encodeURIComponent(request.params.id)}/runs`,
        request.query,
        await schedules.runs(userIdOf(request), request.params.id, request.query),
      ),
  );

  app.patch(
    '/:id',
    { schema: { params, body: updatePaymentScheduleBodySchema, response: { 200: paymentScheduleSchema } } },
    async (request) => schedules.update(userIdOf(request), request.params.id, request.body),
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/:id/${action}`,
      { schema: { params, response: { 200: paymentScheduleSchema } } },
      async (request) => schedules[action](userIdOf(request), request.params.id),
    );
  }

  app.delete('/:id', { schema: { params, response: { 200: paymentScheduleSchema } } }, async (request) =>
    schedules.cancel(userIdOf(request), request.params.id),
  );
};
