import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentScheduleBodySchema,
  paymentRunSchema,
  paymentScheduleSchema,
  updatePaymentScheduleBodySchema,
} from '@contract/payment-schedules';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import type { PaymentSchedulesService } from './payment-schedules.service';

const params = z.object({ id: pathIdSchema(100) });
const read = { accountant: 'read' } as const;

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
    { config: read, schema: { response: { 200: z.array(paymentScheduleSchema) } } },
    async (request) => schedules.list(userIdOf(request)),
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
    { config: read, schema: { params, response: { 200: z.array(paymentRunSchema) } } },
    async (request) => schedules.runs(userIdOf(request), request.params.id),
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
