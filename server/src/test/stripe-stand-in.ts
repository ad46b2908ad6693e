import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the payment rail calls (Checkout Sessions: create, retrieve
 * and expire; the PaymentIntent with its charge's balance transaction; the balance for the live probe), on
 * 127.0.0.1. It checks the secret key, records each call and answers as Stripe would. `event` builds a webhook delivery signed with the
 * webhook secret exactly as Stripe signs one (the package's own test header).
 */
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export const STAND_IN_SECRET_KEY = 'sk_test_payments_standin';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_payments_standin';

/** The fee the stand-in's Stripe keeps: 2.9% + 30 minor units, as Stripe's card pricing. */
export const standInFee = (amount: number) => Math.round(amount * 0.029) + 30;

async function formOf(message: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of message) text += String(chunk);
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startStripeStandIn() {
  const calls: StripeCall[] = [];
  const sessions = new Map<
    string,
    { amount: number; currency: string; checkoutId: string; status: 'open' | 'complete' | 'expired' }
  >();
  const byKey = new Map<string, unknown>();
  let next = 1;

  const sessionBody = (id: string) => {
    const session = sessions.get(id)!;
    return {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: session.status,
      amount_total: session.amount,
      currency: session.currency,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      metadata: { meridian_checkout_id: session.checkoutId },
    };
  };

  const server = createServer(async (message, response) => {
    const url = new URL(message.url ?? '/', 'http://stand-in');
    const form = await formOf(message);
    const idempotencyKey = message.headers['idempotency-key'] as string | undefined;
    calls.push({ method: message.method ?? '', path: url.pathname, form, idempotencyKey });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (message.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (message.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      // Stripe answers a repeated idempotency key with the first answer.
      if (idempotencyKey && byKey.has(idempotencyKey)) return send(200, byKey.get(idempotencyKey));
      const id = `cs_test_${next++}`;
      const amount = Number(form['line_items[0][price_data][unit_amount]']);
      const currency = form['line_items[0][price_data][currency]']!;
      const checkoutId = form['metadata[meridian_checkout_id]']!;
      sessions.set(id, { amount, currency, checkoutId, status: 'open' });
      const session = sessionBody(id);
      if (idempotencyKey) byKey.set(idempotencyKey, session);
      return send(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/(cs_test_\d+)(\/expire)?$/.exec(url.pathname);
    const known = retrieve && sessions.get(retrieve[1]!);
    if (retrieve && !known) {
      return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    if (message.method === 'GET' && known && !retrieve[2]) return send(200, sessionBody(retrieve[1]!));
    if (message.method === 'POST' && known && retrieve[2]) {
      // Stripe expires an open session only.
      if (known.status !== 'open') {
        const text = `Only Checkout Sessions with a status in [open] can be expired.`;
        return send(400, { error: { type: 'invalid_request_error', message: text } });
      }
      known.status = 'expired';
      return send(200, sessionBody(retrieve[1]!));
    }
    const intent = /^\/v1\/payment_intents\/pi_for_(cs_test_\d+)$/.exec(url.pathname);
    if (message.method === 'GET' && intent) {
      const session = sessions.get(intent[1]!);
      if (!session)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      // The package writes `expand[0]=…`; Stripe takes `expand[]=…` too.
      const expanded = [...url.searchParams]
        .filter(([name]) => name.startsWith('expand['))
        .some(([, value]) => value === 'latest_charge.balance_transaction');
      const balance = {
        id: `txn_for_${intent[1]}`,
        object: 'balance_transaction',
        amount: session.amount,
        currency: session.currency,
        fee: standInFee(session.amount),
        exchange_rate: null,
      };
      return send(200, {
        id: `pi_for_${intent[1]}`,
        object: 'payment_intent',
        amount: session.amount,
        currency: session.currency,
        status: 'succeeded',
        latest_charge: {
          id: `ch_for_${intent[1]}`,
          object: 'charge',
          balance_transaction: expanded ? balance : balance.id,
        },
      });
    }
    if (message.method === 'GET' && url.pathname === '/v1/balance') {
      return send(200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [] });
    }
    return send(404, { error: { type: 'invalid_request_error', message: 'No such route' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe(STAND_IN_SECRET_KEY);

  let nextEvent = 1;
  /**
   * A webhook body for `type` about a session, and the Stripe-Signature header for it. The session is then as
   * the event says (paid: complete; expired: expired), as Stripe's would be. `charged` makes the event say
   * another amount or currency than the session's.
   */
  function event(
    type: string,
    sessionId: string,
    options: {
      id?: string;
      secret?: string;
      timestamp?: number;
      paymentStatus?: string;
      charged?: { amount: number; currency: string };
    } = {},
  ) {
    const session = sessions.get(sessionId);
    if (session && type === 'checkout.session.completed') session.status = 'complete';
    if (session && type === 'checkout.session.expired') session.status = 'expired';
    const payload = JSON.stringify({
      id: options.id ?? `evt_test_${nextEvent++}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      type,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: options.paymentStatus ?? 'paid',
          payment_intent: `pi_for_${sessionId}`,
          amount_total: options.charged?.amount ?? session?.amount,
          currency: options.charged?.currency ?? session?.currency,
          client_reference_id: session?.checkoutId,
          metadata: { meridian_checkout_id: session?.checkoutId },
        },
      },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });
    return { payload, signature };
  }

  /** What Stripe would now say of a session: open, complete or expired (undefined: none made). */
  const statusOf = (sessionId: string) => sessions.get(sessionId)?.status;

  return {
    base,
    calls,
    event,
    statusOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
