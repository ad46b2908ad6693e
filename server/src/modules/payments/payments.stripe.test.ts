import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_SET_ASIDE_PERCENT, type SavingsGoal } from '@contract/goals';
import type { Invoice, PublicInvoice } from '@contract/invoices';
import { formatAmount, parseAmount } from '@contract/money';
import type { CardQuote } from '@contract/payments';
import { QUOTE_TTL_SECONDS } from '@contract/trading';
import type { Transaction } from '@contract/transactions';
import { operatorHeaders, request, signUp, startDemo, type Session } from '../../test/http';
import { cardPayments, sessionOf, tokenOf } from '../../test/card-payments';
import { houseBalance, ledgerSnapshot, walletsOf } from '../../test/money';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  standInFee,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { describeEachDatabase } from '../../test/test-app';
import { houseAccountId } from '../ledger/house-accounts';
import { verifyLedger } from '../ledger/ledger.verify';

const stripe = await startStripeStandIn();
afterAll(() => stripe.close());

describeEachDatabase(
  'card payments through Stripe Checkout',
  (ctx) => {
    let ada: Session;
    const { deliver, checkoutWith } = cardPayments(ctx);
    const sendInvoice = (overrides: Record<string, unknown> = {}, owner: Session = ada) =>
      cardPayments(ctx).sendInvoice(owner, overrides);
    const checkout = (token: string, key = randomUUID()) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/public/invoices/${token}/checkout`,
        headers: { 'idempotency-key': key },
      });
    const quote = (token: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/public/invoices/${token}/card-quote` });
    const historyOf = async (session: Session) =>
      (await request(ctx.app, session, 'GET', '/api/transactions?limit=100')).json() as Transaction[];

    beforeAll(async () => {
      ada = await signUp(ctx.app);
    });

    it('shows the card button, not the simulated payment, on the pay page', async () => {
      const invoice = await sendInvoice();
      const shown = (
        await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${tokenOf(invoice)}` })
      ).json() as PublicInvoice;
      expect(shown).toMatchObject({ canPayByCard: true, canPayOnline: false });
      const simulated = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/invoices/${tokenOf(invoice)}/pay`,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(simulated.statusCode).toBe(403);
      const btc = await sendInvoice({
        currency: 'BTC',
        items: [{ description: 'Audit', quantity: '1', unitPrice: '0.01' }],
      });
      const btcShown = (
        await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${tokenOf(btc)}` })
      ).json() as PublicInvoice;
      expect(btcShown.canPayByCard).toBe(true);
      // A crypto invoice is charged in fiat at a held quote: without one, no checkout.
      expect((await checkout(tokenOf(btc))).statusCode).toBe(400);
      expect((await quote(tokenOf(invoice))).statusCode).toBe(422);
    });

    it('opens a Checkout Session for the amount due, once per Idempotency-Key', async () => {
      const invoice = await sendInvoice({ currency: 'EUR' });
      stripe.calls.length = 0;
      const key = randomUUID();
      const first = await checkout(tokenOf(invoice), key);
      expect(first.statusCode).toBe(201);
      const { checkoutUrl } = first.json() as { checkoutUrl: string };
      expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      expect(stripe.calls).toHaveLength(1);
      const [created] = stripe.calls;
      expect(created).toMatchObject({
        method: 'POST',
        path: '/v1/checkout/sessions',
        form: {
          mode: 'payment',
          'line_items[0][quantity]': '1',
          'line_items[0][price_data][currency]': 'eur',
          'line_items[0][price_data][unit_amount]': '115500',
          customer_email: 'billing@acme.example',
        },
      });
      expect(created!.form.success_url).toMatch(new RegExp(`/pay/${tokenOf(invoice)}\\?card=paid$`));
      const checkoutId = created!.form['metadata[meridian_checkout_id]']!;
      expect(created!.form.cancel_url).toMatch(new RegExp(`\\?card=cancelled&checkout=${checkoutId}$`));
      expect(Number(created!.form.expires_at) - Date.now() / 1000).toBeGreaterThan(30 * 60);
      expect(created!.idempotencyKey).toBe(`checkout-${checkoutId}`);

      const again = await checkout(tokenOf(invoice), key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ checkoutUrl });
      expect(stripe.calls).toHaveLength(1);
      // Another key is another payment: the first holds the whole invoice while it is open.
      const another = await checkout(tokenOf(invoice));
      expect(another.statusCode).toBe(409);
      expect(another.json().message).toMatch(/A card payment of €1,155\.00 on invoice .* is in progress/);
      const missingKey = await ctx.app.inject({
        method: 'POST',
        url: `/api/public/invoices/${tokenOf(invoice)}/checkout`,
      });
      expect(missingKey.statusCode).toBe(400);
      // Opening a checkout moves no money.
      expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe('0.00');
    });

    it('refuses an unsigned, forged, stale or tampered webhook with 400, and moves nothing', async () => {
      const invoice = await sendInvoice({ currency: 'GBP' });
      const { checkoutUrl } = (await checkout(tokenOf(invoice))).json() as { checkoutUrl: string };
      const session = sessionOf(checkoutUrl);
      const before = await ledgerSnapshot(ctx.app.db);
      const genuine = stripe.event('checkout.session.completed', session);
      const refused = [
        { payload: genuine.payload },
        stripe.event('checkout.session.completed', session, { secret: 'whsec_forged' }),
        stripe.event('checkout.session.completed', session, {
          timestamp: Math.floor(Date.now() / 1000) - 600,
        }),
        { payload: genuine.payload.replace('"paid"', '"paid" '), signature: genuine.signature },
        { payload: genuine.payload, signature: 'v1=deadbeef' },
      ];
      for (const delivery of refused) {
        const answer = await deliver(delivery);
        expect(answer.statusCode).toBe(400);
      }
      expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
      const row = await ctx.app.db
        .selectFrom('payment_checkouts')
        .select('status')
        .where('provider_session_id', '=', session)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('open');
      expect(await ctx.app.db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    });

    it('credits a card payment once, net of the fee, under duplicated, repeated and concurrent webhooks', async () => {
      const invoice = await sendInvoice({ currency: 'USD' });
      const { checkoutUrl } = (await checkout(tokenOf(invoice))).json() as { checkoutUrl: string };
      const session = sessionOf(checkoutUrl);
      const before = (await walletsOf(ctx.app, ada)).USD!.balance;
      expect(before).toBe('0.00');
      const feesBefore = await houseBalance(ctx.app.db, houseAccountId('processor_fees', 'USD'));

      const first = stripe.event('checkout.session.completed', session);
      const answers = await Promise.all([
        deliver(first),
        deliver(first),
        deliver(stripe.event('checkout.session.completed', session)),
        deliver(stripe.event('checkout.session.async_payment_succeeded', session)),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((answer) => answer.json().outcome === 'credited')).toHaveLength(1);
      // Retried later, and an expiry arriving after the payment: nothing more moves.
      expect((await deliver(first)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect((await deliver(stripe.event('checkout.session.expired', session))).statusCode).toBe(200);
      expect((await deliver(stripe.event('checkout.session.completed', session))).json().outcome).toBe(
        'duplicate',
      );

      const fee = standInFee(115500);
      expect((await walletsOf(ctx.app, ada)).USD!.balance).toBe(formatAmount(BigInt(115500 - fee), 'USD'));
      expect(await houseBalance(ctx.app.db, houseAccountId('processor_fees', 'USD'))).toBe(
        feesBefore + BigInt(fee),
      );
      // One transaction writes both rows, so their order within the same instant is not fixed.
      const rows = (await historyOf(ada)).filter((row) => row.currency === 'USD');
      expect(rows.map((row) => [row.type, row.direction, row.amount]).sort()).toEqual([
        ['invoice_payment', 'in', '1155.00'],
        ['processing_fee', 'out', formatAmount(BigInt(fee), 'USD')],
      ]);
      const mine = (await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
      expect(mine).toMatchObject({ status: 'paid', paidVia: 'card' });
      const row = await ctx.app.db
        .selectFrom('payment_checkouts')
        .selectAll()
        .where('provider_session_id', '=', session)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'paid', fee: BigInt(fee) });
      expect(row.entry_id).toBeTruthy();
      // The pay page now says paid; a new checkout is refused.
      expect((await checkout(tokenOf(invoice))).statusCode).toBe(409);
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('credits a payment whose expiry arrived first, and ignores event types it does not act on', async () => {
      const invoice = await sendInvoice({ currency: 'EUR', taxRate: '0' });
      const { checkoutUrl } = (await checkout(tokenOf(invoice))).json() as { checkoutUrl: string };
      const session = sessionOf(checkoutUrl);
      const before = (await walletsOf(ctx.app, ada)).EUR!.balance;
      const unknown = await deliver(stripe.event('customer.created', session));
      expect(unknown.json()).toEqual({ received: true, outcome: 'ignored' });
      const unpaid = await deliver(
        stripe.event('checkout.session.completed', session, { paymentStatus: 'unpaid' }),
      );
      expect(unpaid.json().outcome).toBe('ignored');
      expect((await deliver(stripe.event('checkout.session.expired', session))).json().outcome).toBe(
        'expired',
      );
      expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe(before);
      const paid = await deliver(stripe.event('checkout.session.completed', session));
      expect(paid.json()).toMatchObject({ outcome: 'credited' });
      const fee = standInFee(105000);
      const expected = parseAmount(before, 'EUR') + BigInt(105000 - fee);
      expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe(formatAmount(expected, 'EUR'));
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('takes a deposit by card, then the rest, and never more than is outstanding', async () => {
      // 1,050.00 with a 30% deposit: 315.00 first, then 735.00.
      const invoice = await sendInvoice({ currency: 'EUR', taxRate: '0', depositPercent: '30' });
      const token = tokenOf(invoice);
      expect((await checkoutWith(token, { amount: '1050.01' })).statusCode).toBe(422);
      stripe.calls.length = 0;
      const deposit = await checkoutWith(token, {});
      expect(deposit.statusCode).toBe(201);
      expect(stripe.calls[0]!.form['line_items[0][price_data][unit_amount]']).toBe('31500');
      const first = await deliver(
        stripe.event('checkout.session.completed', sessionOf(deposit.json().checkoutUrl)),
      );
      expect(first.json().outcome).toBe('credited');
      let shown = (await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` })).json();
      expect(shown).toMatchObject({ status: 'partially_paid' });
      expect(shown.balance).toMatchObject({ paidAmount: '315.00', outstandingAmount: '735.00' });
      expect((await checkoutWith(token, { amount: '735.01' })).statusCode).toBe(422);
      const rest = await checkoutWith(token, { amount: '735.00' });
      expect(rest.statusCode).toBe(201);
      await deliver(stripe.event('checkout.session.completed', sessionOf(rest.json().checkoutUrl)));
      shown = (await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` })).json();
      expect(shown).toMatchObject({ status: 'paid' });
      expect(
        shown.balance.payments.map((payment: { amount: string; via: string }) => payment.amount),
      ).toEqual(['315.00', '735.00']);
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('credits a payment for an invoice marked paid meanwhile to the wallet, once', async () => {
      const invoice = await sendInvoice({ currency: 'GBP', taxRate: '0' });
      const { checkoutUrl } = (await checkout(tokenOf(invoice))).json() as { checkoutUrl: string };
      await request(ctx.app, ada, 'PUT', `/api/invoices/${invoice.id}/status`, { status: 'paid' });
      const before = (await walletsOf(ctx.app, ada)).GBP!.balance;
      const paid = await deliver(stripe.event('checkout.session.completed', sessionOf(checkoutUrl)));
      expect(paid.json()).toMatchObject({ outcome: 'credited' });
      const fee = standInFee(105000);
      const expected = parseAmount(before, 'GBP') + BigInt(105000 - fee);
      expect((await walletsOf(ctx.app, ada)).GBP!.balance).toBe(formatAmount(expected, 'GBP'));
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('takes the fee before the savings set-aside, however large a share the goals take', async () => {
      const owner = await signUp(ctx.app);
      const goal = await request(ctx.app, owner, 'POST', '/api/savings-goals', {
        title: 'Taxes',
        category: 'Taxes',
        targetAmount: '1000.00',
        currency: 'USD',
        targetDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
        setAsidePercent: MAX_SET_ASIDE_PERCENT,
      });
      expect(goal.statusCode).toBe(201);
      // Stripe's smallest USD charge: its fee (0.31) is more than what the goals leave of the gross.
      const invoice = await sendInvoice(
        { taxRate: '0', items: [{ description: 'Call', quantity: '1', unitPrice: '0.50' }] },
        owner,
      );
      const { checkoutUrl } = (await checkout(tokenOf(invoice))).json() as { checkoutUrl: string };
      const paid = await deliver(stripe.event('checkout.session.completed', sessionOf(checkoutUrl)));
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({ outcome: 'credited' });

      const fee = BigInt(standInFee(50));
      const setAside = ((50n - fee) * BigInt(MAX_SET_ASIDE_PERCENT)) / 100n;
      expect((await walletsOf(ctx.app, owner)).USD!.balance).toBe(formatAmount(50n - fee - setAside, 'USD'));
      const [taxes] = (await request(ctx.app, owner, 'GET', '/api/savings-goals')).json() as SavingsGoal[];
      expect(taxes!.currentAmount).toBe(formatAmount(setAside, 'USD'));
      const mine = (await request(ctx.app, owner, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
      expect(mine).toMatchObject({ status: 'paid', paidVia: 'card' });
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('charges a BTC invoice in fiat at a held quote and credits the BTC amount, net of the fee', async () => {
      const invoice = await sendInvoice({
        currency: 'BTC',
        items: [{ description: 'Audit', quantity: '1', unitPrice: '0.01' }],
      });
      const quoted = await quote(tokenOf(invoice));
      expect(quoted.statusCode).toBe(200);
      const held = quoted.json() as CardQuote;
      expect(held).toMatchObject({ currency: 'USD', cryptoAmount: '0.01100000', cryptoCurrency: 'BTC' });
      const seconds = (Date.parse(held.expiresAt) - Date.now()) / 1000;
      expect(seconds).toBeGreaterThan(QUOTE_TTL_SECONDS - 5);
      expect(seconds).toBeLessThanOrEqual(QUOTE_TTL_SECONDS);
      const charged = Number(parseAmount(held.amount, 'USD'));

      stripe.calls.length = 0;
      const opened = await checkoutWith(tokenOf(invoice), { quoteId: held.quoteId });
      expect(opened.statusCode).toBe(201);
      expect(stripe.calls[0]!.form).toMatchObject({
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': String(charged),
      });
      // A quote holds once: a second checkout needs a new one; an expired one is refused too.
      expect((await checkoutWith(tokenOf(invoice), { quoteId: held.quoteId })).statusCode).toBe(409);
      const stale = (await quote(tokenOf(invoice))).json() as CardQuote;
      await ctx.app.db
        .updateTable('quotes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', stale.quoteId)
        .execute();
      expect((await checkoutWith(tokenOf(invoice), { quoteId: stale.quoteId })).json().code).toBe(
        'QUOTE_EXPIRED',
      );

      const before = parseAmount((await walletsOf(ctx.app, ada)).BTC!.balance, 'BTC');
      const session = sessionOf((opened.json() as { checkoutUrl: string }).checkoutUrl);
      const event = stripe.event('checkout.session.completed', session);
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'credited' });
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'duplicate' });
      const feeUsd = BigInt(standInFee(charged));
      const feeBtc = (feeUsd * 1_100_000n + BigInt(charged) - 1n) / BigInt(charged);
      expect((await walletsOf(ctx.app, ada)).BTC!.balance).toBe(
        formatAmount(before + 1_100_000n - feeBtc, 'BTC'),
      );
      const btcRows = (await historyOf(ada)).filter((row) => row.currency === 'BTC');
      const feeRow = btcRows.find((row) => row.type === 'processing_fee');
      const paidRow = btcRows.find((row) => row.type === 'invoice_payment');
      expect(feeRow).toMatchObject({ type: 'processing_fee', amount: formatAmount(feeBtc, 'BTC') });
      expect(paidRow).toMatchObject({ type: 'invoice_payment', amount: '0.01100000' });
      expect(await houseBalance(ctx.app.db, houseAccountId('processor_fees', 'USD'))).toBeGreaterThanOrEqual(
        feeUsd,
      );
      const mine = (await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
      expect(mine).toMatchObject({ status: 'paid', paidVia: 'card' });
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('tops up a wallet by card: the owner’s own wallet, credited only by the webhook', async () => {
      const wallets = await walletsOf(ctx.app, ada);
      const eur = wallets.EUR!;
      const topUp = (body: unknown, session: Session = ada, key: string | null = randomUUID()) =>
        request(
          ctx.app,
          session,
          'POST',
          '/api/payments/top-ups',
          body,
          key ? { 'idempotency-key': key } : {},
        );
      expect((await request(ctx.app, ada, 'GET', '/api/payments/options')).json()).toEqual({
        sandboxDeposit: true,
        cardTopUp: true,
      });
      expect((await topUp({ walletId: eur.id, amount: '100.00' }, ada, null)).statusCode).toBe(400);
      expect((await topUp({ walletId: eur.id, amount: '100.001' })).statusCode).toBe(400);
      expect((await topUp({ walletId: eur.id, amount: '99999999999.00' })).statusCode).toBe(400);
      const bea = await signUp(ctx.app);
      expect((await topUp({ walletId: eur.id, amount: '100.00' }, bea)).statusCode).toBe(404);
      expect((await request(ctx.app, null, 'POST', '/api/payments/top-ups', {})).statusCode).toBe(401);
      const demo = await startDemo(ctx.app);
      const demoEur = (await walletsOf(ctx.app, demo)).USD!;
      expect((await topUp({ walletId: demoEur.id, amount: '10.00' }, demo)).statusCode).toBe(422);

      stripe.calls.length = 0;
      const started = await topUp({ walletId: eur.id, amount: '100.00' });
      expect(started.statusCode).toBe(201);
      expect(stripe.calls[0]!.form).toMatchObject({
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '10000',
      });
      expect(stripe.calls[0]!.form.success_url).toMatch(/\/dashboard\?card=paid$/);
      expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe(eur.balance);

      const session = sessionOf((started.json() as { checkoutUrl: string }).checkoutUrl);
      const event = stripe.event('checkout.session.completed', session);
      expect((await deliver(event)).json()).toMatchObject({ outcome: 'credited' });
      expect((await deliver(event)).json().outcome).toBe('duplicate');
      const fee = standInFee(10000);
      const expected = BigInt(Math.round(Number(eur.balance) * 100)) + BigInt(10000 - fee);
      expect((await walletsOf(ctx.app, ada)).EUR!.balance).toBe(formatAmount(expected, 'EUR'));
      const eurRows = (await historyOf(ada)).filter((row) => row.currency === 'EUR');
      const feeRow = eurRows.find((row) => row.type === 'processing_fee');
      const topUpRow = eurRows.find((row) => row.description === 'Card top-up');
      expect(feeRow).toMatchObject({ type: 'processing_fee', amount: formatAmount(BigInt(fee), 'EUR') });
      expect(topUpRow).toMatchObject({ type: 'deposit', amount: '100.00', description: 'Card top-up' });
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('reports Payments on System Status as working, with a live probe of Stripe', async () => {
      stripe.calls.length = 0;
      await request(ctx.app, null, 'POST', '/api/system/test', undefined, operatorHeaders);
      expect(stripe.calls.some((call) => call.method === 'GET' && call.path === '/v1/balance')).toBe(true);
      const report = (
        await request(ctx.app, null, 'GET', '/api/system/status', undefined, operatorHeaders)
      ).json() as { integrations: { id: string; status: string; configured: string }[] };
      const payments = report.integrations.find((each) => each.id === 'payments')!;
      expect(payments).toMatchObject({ status: 'working' });
      expect(payments.configured).toContain('Stripe Checkout at 127.0.0.1');
    });
  },
  {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
  },
);

describeEachDatabase(
  'card payments half configured',
  (ctx) => {
    it('reports Payments as misconfigured, keeps the sandbox and refuses webhooks', async () => {
      const report = (
        await request(ctx.app, null, 'GET', '/api/system/status', undefined, operatorHeaders)
      ).json() as { integrations: { id: string; status: string; detail: string }[] };
      const payments = report.integrations.find((each) => each.id === 'payments')!;
      expect(payments.status).toBe('error');
      expect(payments.detail).toContain('STRIPE_WEBHOOK_SECRET');
      const event = stripe.event('checkout.session.completed', 'cs_test_none');
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      expect(answer.statusCode).toBe(400);
    });
  },
  { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_API_BASE: stripe.base },
);
