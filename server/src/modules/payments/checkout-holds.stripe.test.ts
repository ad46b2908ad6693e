import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { formatAmount } from '@contract/money';
import { cardPayments, sessionOf, tokenOf } from '../../test/card-payments';
import { operatorHeaders, request, signUp } from '../../test/http';
import { ledgerSnapshot, walletsOf } from '../../test/money';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  standInFee,
  startStripeStandIn,
} from '../../test/stripe-stand-in';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';

const stripe = await startStripeStandIn();
afterAll(() => stripe.close());

/** A 50.00 USD invoice, no tax. */
const fifty = { taxRate: '0', items: [{ description: 'Logo', quantity: '1', unitPrice: '50.00' }] };

/**
 * What card checkouts may collect: an open checkout holds its amount of the invoice until it is paid or ends,
 * so payers never together collect more than is due; and a signed event is credited only for exactly what the
 * checkout asked.
 */
describeEachDatabase(
  'card checkouts hold what they may collect',
  (ctx) => {
    const { deliver, sendInvoice, checkoutWith, shownOf, checkoutIdOf } = cardPayments(ctx);

    it('never collects more than is due from two payers opening checkouts for the whole of it at once', async () => {
      const owner = await signUp(ctx.app);
      const invoice = await sendInvoice(owner, fifty);
      const token = tokenOf(invoice);
      const opened = await Promise.all([
        checkoutWith(token, {}, randomUUID(), '192.0.2.1'),
        checkoutWith(token, {}, randomUUID(), '192.0.2.2'),
      ]);
      expect(opened.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const [won] = opened.filter((answer) => answer.statusCode === 201);
      const [lost] = opened.filter((answer) => answer.statusCode === 409);
      expect(lost!.json().message).toMatch(
        /A card payment of \$50\.00 on invoice .* is in progress: nothing more can be paid/,
      );
      // What the second payer's page says, and that no part is left either.
      expect(await shownOf(token)).toMatchObject({ status: 'sent', cardPaymentInProgress: '50.00' });
      expect((await checkoutWith(token, { amount: '10.00' }, randomUUID(), '192.0.2.3')).statusCode).toBe(
        409,
      );

      const paid = await deliver(
        stripe.event('checkout.session.completed', sessionOf(won!.json().checkoutUrl)),
      );
      expect(paid.json()).toMatchObject({ outcome: 'credited' });
      expect(await shownOf(token)).toMatchObject({ status: 'paid', cardPaymentInProgress: null });
      expect((await checkoutWith(token, {}, randomUUID(), '192.0.2.3')).statusCode).toBe(409);
      const mine = (await request(ctx.app, owner, 'GET', `/api/invoices/${invoice.id}`)).json() as Invoice;
      expect(mine.balance).toMatchObject({ paidAmount: '50.00', outstandingAmount: '0.00' });
      expect((await walletsOf(ctx.app, owner)).USD!.balance).toBe(
        formatAmount(5000n - BigInt(standInFee(5000)), 'USD'),
      );
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('lets the rest be paid once a checkout is cancelled by its payer or its session has expired', async () => {
      const owner = await signUp(ctx.app);
      const invoice = await sendInvoice(owner, fifty);
      const token = tokenOf(invoice);
      const pay = (target: string, body: unknown) => checkoutWith(target, body, randomUUID(), '192.0.2.4');
      const cancel = (checkoutId: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/public/invoices/${token}/checkouts/${checkoutId}/cancel`,
        });

      // The payer comes back from Stripe's page without paying: the session is expired there, and the hold ends.
      const first = sessionOf((await pay(token, {})).json().checkoutUrl);
      expect((await pay(token, { amount: '20.00' })).statusCode).toBe(409);
      expect((await cancel(await checkoutIdOf(first))).statusCode).toBe(204);
      expect(stripe.statusOf(first)).toBe('expired');
      expect(await shownOf(token)).toMatchObject({ cardPaymentInProgress: null });
      // Another invoice's checkout is not this pay link's to cancel.
      const other = await sendInvoice(owner, { taxRate: '0' });
      const otherSession = sessionOf((await pay(tokenOf(other), {})).json().checkoutUrl);
      expect((await cancel(await checkoutIdOf(otherSession))).statusCode).toBe(404);
      expect(stripe.statusOf(otherSession)).toBe('open');

      // A part, then a session past its expiry whose webhook never came: Stripe is asked, and it ends.
      const part = sessionOf((await pay(token, { amount: '20.00' })).json().checkoutUrl);
      const expire = (session: string) =>
        ctx.app.db
          .updateTable('payment_checkouts')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('provider_session_id', '=', session)
          .execute();
      expect(await shownOf(token)).toMatchObject({ cardPaymentInProgress: '20.00' });
      expect((await pay(token, { amount: '30.01' })).statusCode).toBe(409);
      await expire(part);
      const rest = sessionOf((await pay(token, { amount: '50.00' })).json().checkoutUrl);
      expect(stripe.statusOf(part)).toBe('expired');

      // Paid just before its expiry, its webhook not in yet: Stripe says complete, so it still holds, and
      // its payer's cancel changes nothing.
      stripe.event('checkout.session.completed', rest);
      await expire(rest);
      expect((await cancel(await checkoutIdOf(rest))).statusCode).toBe(204);
      expect((await pay(token, { amount: '1.00' })).statusCode).toBe(409);
      expect(await shownOf(token)).toMatchObject({ cardPaymentInProgress: '50.00' });
      expect((await deliver(stripe.event('checkout.session.completed', rest))).json()).toMatchObject({
        outcome: 'credited',
      });
      expect(await shownOf(token)).toMatchObject({ status: 'paid', cardPaymentInProgress: null });
      expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
    });

    it('refuses a signed event whose amount or currency is not the checkout’s: nothing credited, 2xx', async () => {
      const owner = await signUp(ctx.app);
      const invoice = await sendInvoice(owner, {
        taxRate: '0',
        items: [{ description: 'Logo', quantity: '1', unitPrice: '100.00' }],
      });
      const token = tokenOf(invoice);
      const session = sessionOf(
        (await checkoutWith(token, {}, randomUUID(), '192.0.2.5')).json().checkoutUrl,
      );
      const before = await ledgerSnapshot(ctx.app.db);
      const yen = await deliver(
        stripe.event('checkout.session.completed', session, { charged: { amount: 1, currency: 'jpy' } }),
      );
      expect(yen.statusCode).toBe(200);
      expect(yen.json()).toEqual({ received: true, outcome: 'refused' });
      // The genuine event after it credits nothing either: the checkout waits for an operator.
      expect((await deliver(stripe.event('checkout.session.completed', session))).json().outcome).not.toBe(
        'credited',
      );
      const cents = sessionOf((await checkoutWith(token, {}, randomUUID(), '192.0.2.5')).json().checkoutUrl);
      const short = await deliver(
        stripe.event('checkout.session.completed', cents, { charged: { amount: 100, currency: 'usd' } }),
      );
      expect(short.json()).toMatchObject({ outcome: 'refused' });
      expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
      expect((await walletsOf(ctx.app, owner)).USD!.balance).toBe('0.00');
      expect(await shownOf(token)).toMatchObject({ status: 'sent', cardPaymentInProgress: null });

      const rows = await ctx.app.db
        .selectFrom('payment_checkouts')
        .select(['status', 'attention'])
        .where('provider_session_id', 'in', [session, cents])
        .orderBy('created_at')
        .execute();
      expect(rows.map((row) => row.status)).toEqual(['open', 'open']);
      expect(rows[0]!.attention).toMatch(/1 JPY .*100\.00 USD/);
      expect(rows[1]!.attention).toMatch(/100 USD .*100\.00 USD/);
      const report = (
        await request(ctx.app, null, 'GET', '/api/system/status', undefined, operatorHeaders)
      ).json() as { integrations: { id: string; status: string; detail: string }[] };
      expect(report.integrations.find((each) => each.id === 'payments')).toMatchObject({
        status: 'warning',
        detail: expect.stringContaining('2 card payments need an operator'),
      });
    });
  },
  {
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
  },
);
