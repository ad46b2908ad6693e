import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payInvoiceBodySchema, payTokenSchema, publicInvoiceSchema } from '@contract/invoices';
import {
  cardQuoteBodySchema,
  cardQuoteSchema,
  checkoutIdSchema,
  checkoutResponseSchema,
  invoiceCheckoutBodySchema,
} from '@contract/payments';
import { idempotencyOf, sendIdempotent } from '../idempotency/idempotency';
import { sendPdf } from './invoices.routes';
import type { InvoicesService } from './invoices.service';

const params = z.object({ token: payTokenSchema });

/**
 * Under /api/public/invoices: the pay link's calls, for a client with no Meridian account. The token is the
 * only key (128 random bits); a draft, or a token that matches nothing, is a 404 either way.
 */
export const publicInvoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    '/:token',
    { config: { public: true }, schema: { params, response: { 200: publicInvoiceSchema } } },
    async (request) => invoices.publicInvoice(request.params.token),
  );

  app.get('/:token/pdf', { config: { public: true }, schema: { params } }, async (request, reply) =>
    sendPdf(reply, await invoices.publicPdf(request.params.token)),
  );

  app.post(
    '/:token/pay',
    {
      // Paying moves money: an Idempotency-Key like any payment, and a tighter limit than the API's.
      config: { public: true, idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      // No body, or `{ amount }`: what is due now by default.
      schema: { params, body: payInvoiceBodySchema.nullish(), response: { 200: publicInvoiceSchema } },
    },
    async (request, reply) => {
      const { key, fingerprint } = idempotencyOf(request, '');
      const payerId = request.auth?.userId;
      return sendIdempotent(
        reply,
        await invoices.payByLink(request.params.token, { key, fingerprint }, payerId, request.body?.amount),
      );
    },
  );

  app.post(
    '/:token/checkout',
    {
      // Opens a card checkout (no money moves until the processor's webhook): keyed like a payment, so a
      // retried click gets the same checkout page back.
      config: { public: true, idempotent: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { params, body: invoiceCheckoutBodySchema, response: { 201: checkoutResponseSchema } },
    },
    async (request, reply) => {
      const { key } = idempotencyOf(request, '');
      const payerId = request.auth?.userId;
      const checkout = await invoices.cardCheckout(
        request.params.token,
        { key, quoteId: request.body?.quoteId, amount: request.body?.amount },
        payerId,
      );
      return reply.status(201).send(checkout);
    },
  );

  app.post(
    '/:token/checkouts/:checkoutId/cancel',
    {
      // The payer came back from the card processor's page without paying: what the checkout held is free.
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        params: params.extend({ checkoutId: checkoutIdSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await invoices.cancelCardCheckout(request.params.token, request.params.checkoutId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:token/card-quote',
    {
      // A BTC/ETH invoice's fiat card price, held for the quote window; it moves nothing.
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params, body: cardQuoteBodySchema, response: { 200: cardQuoteSchema } },
    },
    async (request) => invoices.cardQuote(request.params.token, request.body?.amount),
  );
};
