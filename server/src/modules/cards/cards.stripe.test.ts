import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Card, RevealedCard } from '@contract/cards';
import { operatorHeaders, request, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';

/**
 * A small stand-in for the Stripe Issuing endpoints the adapter uses, on 127.0.0.1: it checks the secret
 * key, records each call (method, path, form) and answers as Stripe would.
 */
interface Call {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}
const calls: Call[] = [];
const SECRET = 'sk_test_standin';
const cardStatus = new Map<string, string>();
let nextCard = 1;

async function bodyOf(message: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of message) text += String(chunk);
  return Object.fromEntries(new URLSearchParams(text));
}

const stripe = createServer(async (message, response) => {
  const url = new URL(message.url ?? '/', 'http://stand-in');
  const form = await bodyOf(message);
  calls.push({
    method: message.method ?? '',
    path: url.pathname,
    form,
    idempotencyKey: message.headers['idempotency-key'] as string | undefined,
  });
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (message.headers.authorization !== `Bearer ${SECRET}`) {
    return send(401, { error: { message: 'Invalid API Key provided' } });
  }
  const card = /^\/v1\/issuing\/cards\/([^/]+)$/.exec(url.pathname);
  if (message.method === 'POST' && url.pathname === '/v1/issuing/cardholders') {
    return send(200, { id: 'ich_standin', object: 'issuing.cardholder' });
  }
  if (message.method === 'GET' && url.pathname === '/v1/issuing/cardholders') {
    return send(200, { object: 'list', data: [] });
  }
  if (message.method === 'POST' && url.pathname === '/v1/issuing/cards') {
    if (form.currency === 'jpy') return send(400, { error: { message: 'Currency not supported' } });
    const id = `ic_standin_${nextCard++}`;
    cardStatus.set(id, form.status!);
    return send(200, { id, last4: '4242', exp_month: 8, exp_year: 2029, status: form.status });
  }
  if (card && message.method === 'POST') {
    cardStatus.set(card[1]!, form.status!);
    return send(200, { id: card[1], status: form.status });
  }
  if (card && message.method === 'GET') {
    const expand = url.searchParams.getAll('expand[]');
    return send(200, {
      id: card[1],
      last4: '4242',
      exp_month: 8,
      exp_year: 2029,
      ...(expand.includes('number') && { number: '4242424242424242' }),
      ...(expand.includes('cvc') && { cvc: '314' }),
    });
  }
  return send(404, { error: { message: 'No such route' } });
});
await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => stripe.close(() => resolve())));

const address = {
  name: 'Ada Lovelace',
  line1: '12 St James Sq',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
};

describeEachDatabase(
  'cards through Stripe Issuing',
  (ctx) => {
    let ada: Session;
    let card: Card;
    beforeAll(async () => {
      ada = await signUp(ctx.app);
    });

    it('says Stripe is configured', async () => {
      expect((await request(ctx.app, ada, 'GET', '/api/stripe/status')).json()).toEqual({
        configured: true,
        provider: 'stripe',
      });
    });

    it('creates the cardholder with the first card, then reuses it', async () => {
      calls.length = 0;
      expect(
        (await request(ctx.app, ada, 'POST', '/api/stripe/create-card', { type: 'virtual' })).statusCode,
      ).toBe(400);
      const response = await request(ctx.app, ada, 'POST', '/api/stripe/create-card', {
        type: 'virtual',
        spendingLimit: '750.00',
        shippingAddress: address,
      });
      expect(response.statusCode).toBe(201);
      card = response.json();
      expect(card).toMatchObject({
        provider: 'stripe',
        cardNumber: '•••• 4242',
        expiryMonth: 8,
        expiryYear: 2029,
        status: 'active',
      });
      expect(card.stripeCardId).toMatch(/^ic_standin_/);
      const [holder, created] = calls;
      expect(holder).toMatchObject({
        method: 'POST',
        path: '/v1/issuing/cardholders',
        form: {
          type: 'individual',
          'billing[address][line1]': '12 St James Sq',
          'billing[address][country]': 'GB',
        },
      });
      expect(created).toMatchObject({
        method: 'POST',
        path: '/v1/issuing/cards',
        form: {
          cardholder: 'ich_standin',
          currency: 'usd',
          type: 'virtual',
          status: 'active',
          'spending_controls[spending_limits][0][amount]': '75000',
          'spending_controls[spending_limits][0][interval]': 'monthly',
        },
      });
      expect(created!.idempotencyKey).toBe(`card-${card.id}`);

      calls.length = 0;
      const second = await request(ctx.app, ada, 'POST', '/api/stripe/create-card', { type: 'virtual' });
      expect(second.statusCode).toBe(201);
      expect(calls.map((call) => call.path)).toEqual(['/v1/issuing/cards']);
      expect(calls[0]!.form.cardholder).toBe('ich_standin');
    });

    it('passes Stripe’s refusal on as a 422 and stores nothing', async () => {
      const before = ((await request(ctx.app, ada, 'GET', '/api/cards')).json() as Card[]).length;
      const refused = await request(ctx.app, ada, 'POST', '/api/stripe/create-card', {
        type: 'virtual',
        currency: 'JPY',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain('Currency not supported');
      expect(((await request(ctx.app, ada, 'GET', '/api/cards')).json() as Card[]).length).toBe(before);
    });

    it('freezes and unfreezes the card at Stripe', async () => {
      calls.length = 0;
      const frozen = await request(ctx.app, ada, 'PUT', `/api/stripe/card/${card.id}/status`, {
        status: 'inactive',
      });
      expect(frozen.json()).toMatchObject({ status: 'inactive', isActive: false });
      expect(calls[0]).toMatchObject({
        method: 'POST',
        path: `/v1/issuing/cards/${card.stripeCardId}`,
        form: { status: 'inactive' },
      });
      expect(cardStatus.get(card.stripeCardId!)).toBe('inactive');
      await request(ctx.app, ada, 'PUT', `/api/stripe/card/${card.id}/status`, { status: 'active' });
      expect(cardStatus.get(card.stripeCardId!)).toBe('active');
    });

    it('reveals the details from Stripe and keeps none of them', async () => {
      const revealed = await request(ctx.app, ada, 'POST', `/api/cards/${card.id}/reveal`, {
        password: TEST_PASSWORD,
      });
      expect(revealed.json()).toEqual({
        cardNumber: '4242424242424242',
        expiryMonth: 8,
        expiryYear: 2029,
        cvv: '314',
      } satisfies RevealedCard);
      const row = await ctx.app.db
        .selectFrom('cards')
        .selectAll()
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(row.number_encrypted).toBeNull();
      expect(row.last4).toBe('4242');
    });

    it('never sends a demo account to Stripe', async () => {
      const demo = await startDemo(ctx.app);
      expect((await request(ctx.app, demo, 'GET', '/api/stripe/status')).json()).toEqual({
        configured: false,
        provider: 'demo',
      });
      calls.length = 0;
      const made = await request(ctx.app, demo, 'POST', '/api/stripe/create-card', { type: 'virtual' });
      expect(made.json()).toMatchObject({ provider: 'demo' });
      expect(calls).toEqual([]);
    });

    it('reports Stripe on System Status, with a live probe', async () => {
      // Configuration and live probes are for operators, not for customers such as Ada.
      const probed = await request(ctx.app, null, 'POST', '/api/system/test', undefined, operatorHeaders);
      expect(probed.statusCode).toBe(200);
      const report = (
        await request(ctx.app, null, 'GET', '/api/system/status', undefined, operatorHeaders)
      ).json() as {
        integrations: { id: string; status: string; configured: string }[];
      };
      const cards = report.integrations.find((each) => each.id === 'cards')!;
      expect(cards.configured).toContain('Stripe Issuing at 127.0.0.1');
      expect(['working', 'warning']).toContain(cards.status);
      expect(calls.some((call) => call.path === '/v1/issuing/cardholders' && call.method === 'GET')).toBe(
        true,
      );
    });
  },
  { STRIPE_SECRET_KEY: SECRET, STRIPE_API_BASE: base },
);
