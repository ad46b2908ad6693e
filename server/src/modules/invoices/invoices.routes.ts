import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInvoiceBodySchema,
  invoiceEmailPreviewSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceStatusBodySchema,
  invoiceSummarySchema,
  recordInvoicePaymentBodySchema,
  updateInvoiceBodySchema,
} from '@contract/invoices';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import { pathIdSchema } from '@contract/text';
import { userIdOf } from '../../plugins/session';
import type { InvoicesService } from './invoices.service';

const params = z.object({ id: pathIdSchema(100) });

/**
 * The one JSON body larger than the API's default limit: an invoice at every maximum (50 lines, 2,000-character
 * description and notes) is 92 KB when a client escapes each non-ASCII character as \uXXXX (as Python's json
 * does by default), 47 KB in UTF-8.
 */
export const INVOICE_BODY_LIMIT_BYTES = 128 * 1024;

/** Under /api/invoices: the signed-in user's own invoices (another user's is a 404). */
export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    '/',
    {
      config: { accountant: 'read' },
      schema: { querystring: invoiceListQuerySchema, response: { 200: z.array(invoiceSchema) } },
    },
    async (request) => invoices.list(userIdOf(request), request.query),
  );

  app.get(
    '/summary',
    { config: { accountant: 'read' }, schema: { response: { 200: invoiceSummarySchema } } },
    async (request) => invoices.summary(userIdOf(request)),
  );

  app.get(
    '/export.csv',
    { config: { accountant: 'read' }, schema: { querystring: invoiceListQuerySchema } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="meridian-invoices.csv"')
        .send(await invoices.exportCsv(userIdOf(request), request.query)),
  );

  app.post(
    '/',
    {
      bodyLimit: INVOICE_BODY_LIMIT_BYTES,
      schema: { body: createInvoiceBodySchema, response: { 201: invoiceSchema } },
    },
    async (request, reply) => reply.status(201).send(await invoices.create(userIdOf(request), request.body)),
  );

  app.get(
    '/:id',
    { config: { accountant: 'read' }, schema: { params, response: { 200: invoiceSchema } } },
    async (request) => invoices.get(userIdOf(request), request.params.id),
  );

  app.patch(
    '/:id',
    {
      bodyLimit: INVOICE_BODY_LIMIT_BYTES,
      schema: { params, body: updateInvoiceBodySchema, response: { 200: invoiceSchema } },
    },
    async (request) => invoices.update(userIdOf(request), request.params.id, request.body),
  );

  app.put(
    '/:id/status',
    { schema: { params, body: invoiceStatusBodySchema, response: { 200: invoiceSchema } } },
    async (request) => invoices.setStatus(userIdOf(request), request.params.id, request.body.status),
  );

  // A payment the owner received some other way: it moves money on a sandbox, so an Idempotency-Key.
  app.post(
    '/:id/payments',
    {
      config: { idempotent: true },
      schema: { params, body: recordInvoicePaymentBodySchema, response: { 201: invoiceSchema } },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await invoices.recordPayment(
          idempotencyOf(request, userIdOf(request)),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete('/:id', { schema: { params } }, async (request, reply) => {
    await invoices.remove(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });

  // Owner-only like every route without an `accountant` mark: it mails the client again.
  app.post('/:id/resend', { schema: { params, response: { 200: invoiceSchema } } }, async (request) =>
    invoices.resendEmail(userIdOf(request), request.params.id),
  );

  app.get(
    '/:id/email-preview',
    { schema: { params, response: { 200: invoiceEmailPreviewSchema } } },
    async (request) => invoices.emailPreview(userIdOf(request), request.params.id),
  );

  app.get('/:id/pdf', { config: { accountant: 'read' }, schema: { params } }, async (request, reply) => {
    const pdf = await invoices.pdf(userIdOf(request), request.params.id);
    return sendPdf(reply, pdf);
  });
};

export function sendPdf(
  reply: FastifyReply,
  pdf: { filename: string; content: Buffer },
  disposition: 'inline' | 'attachment' = 'inline',
) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${pdf.filename}"`)
    .send(pdf.content);
}
