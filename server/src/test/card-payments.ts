import { randomUUID } from 'node:crypto';
import type { Invoice, PublicInvoice } from '@contract/invoices';
import { request, type Session } from './http';
import { invoiceBody } from './invoices';
import type { TestContext } from './test-app';

/** Test-side helpers for card payments through the Stripe stand-in (server/src/test/stripe-stand-in.ts). */
export const tokenOf = (invoice: Invoice) => new URL(invoice.payUrl!).pathname.split('/').pop()!;
export const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

/** Calls against `ctx.app` (read when called: describeEachDatabase fills it in before the tests). */
export function cardPayments(ctx: TestContext) {
  return {
    /** A webhook delivery, as Stripe posts it. */
    deliver: (delivery: { payload: string; signature?: string }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          ...(delivery.signature && { 'stripe-signature': delivery.signature }),
        },
        payload: delivery.payload,
      }),
    /** `owner`'s invoice (test/invoices.ts's body with `overrides`), sent. */
    async sendInvoice(owner: Session, overrides: Record<string, unknown> = {}) {
      const draft = (
        await request(ctx.app, owner, 'POST', '/api/invoices', invoiceBody(overrides))
      ).json() as Invoice;
      return (
        await request(ctx.app, owner, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })
      ).json() as Invoice;
    },
    /** Opens a card checkout on a pay link; `from`: the payer's address (pay links are rate-limited per address). */
    checkoutWith: (token: string, body: unknown, key = randomUUID(), from = '127.0.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/invoices/${token}/checkout`,
        headers: { 'idempotency-key': key },
        payload: body as object,
        remoteAddress: from,
      }),
    /** The invoice as its pay page shows it. */
    shownOf: async (token: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` })).json() as PublicInvoice,
    /** Our checkout's id for a Checkout Session. */
    checkoutIdOf: async (session: string) =>
      (
        await ctx.app.db
          .selectFrom('payment_checkouts')
          .select('id')
          .where('provider_session_id', '=', session)
          .executeTakeFirstOrThrow()
      ).id,
  };
}
