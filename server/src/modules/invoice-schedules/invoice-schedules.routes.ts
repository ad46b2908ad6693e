import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createScheduleBodySchema,
  invoiceScheduleSchema,
  scheduleInvoiceSchema,
  updateScheduleBodySchema,
} from '@contract/invoice-schedules';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import { INVOICE_BODY_LIMIT_BYTES } from '../invoices/invoices.routes';
import type { InvoiceSchedulesService } from './invoice-schedules.service';

const params = z.object({ id: pathIdSchema(100) });

/** Under /api/invoice-schedules: the signed-in user's own recurring invoices (another user's is a 404). */
export const invoiceScheduleRoutes: FastifyPluginAsyncZod<{ schedules: InvoiceSchedulesService }> = async (
  app,
  { schedules },
) => {
  app.get('/', { schema: { response: { 200: z.array(invoiceScheduleSchema) } } }, async (request) =>
    schedules.list(userIdOf(request)),
  );

  app.post(
    '/',
    {
      bodyLimit: INVOICE_BODY_LIMIT_BYTES,
      schema: { body: createScheduleBodySchema, response: { 201: invoiceScheduleSchema } },
    },
    async (request, reply) => reply.status(201).send(await schedules.create(userIdOf(request), request.body)),
  );

  app.get('/:id', { schema: { params, response: { 200: invoiceScheduleSchema } } }, async (request) =>
    schedules.get(userIdOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      bodyLimit: INVOICE_BODY_LIMIT_BYTES,
      schema: { params, body: updateScheduleBodySchema, response: { 200: invoiceScheduleSchema } },
    },
    async (request) => schedules.update(userIdOf(request), request.params.id, request.body),
  );

  for (const action of ['pause', 'resume', 'stop'] as const) {
    app.post(
      `/:id/${action}`,
      { schema: { params, response: { 200: invoiceScheduleSchema } } },
      async (request) => schedules[action](userIdOf(request), request.params.id),
    );
  }

  app.get(
    '/:id/invoices',
    { schema: { params, response: { 200: z.array(scheduleInvoiceSchema) } } },
    async (request) => schedules.invoices(userIdOf(request), request.params.id),
  );
};
