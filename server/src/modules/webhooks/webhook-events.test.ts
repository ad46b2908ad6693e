import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { newKey } from '../../test/money';
import { paymentBody } from '../../test/payment-schedules';
import { createFxService } from '../fx/fx.service';
import { appRateSource } from '../fx/rate-source';
import { runPaymentSchedules } from '../payment-schedules/payment-runs';
import { createTransfersService } from '../transfers/transfers.service';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookKit, type Receiver } from '../../test/webhooks';

describeEachDatabase(
  'webhook events from other modules',
  (ctx) => {
    let receiver: Receiver;
    let bob: Session;
    const { create, drain, service, signUpFunded } = webhookKit(ctx, () => receiver);

    beforeAll(async () => {
      receiver = await startWebhookReceiver((path) => (path.startsWith('/fail') ? 500 : 200));
      bob = await signUpFunded();
    });
    afterAll(async () => receiver?.close());

    it('announces an approved card purchase and an invoice paid in full', async () => {
      const ivy = await signUpFunded();
      const made = await create(ivy, '/ivy', ['card.purchase', 'invoice.paid']);
      const card = await request(ctx.app, ivy, 'POST', '/api/stripe/create-card', {
        type: 'virtual',
        spendingLimit: '500.00',
      });
      expect(card.statusCode, card.body).toBe(201);
      const cardId = (card.json() as { id: string }).id;
      const bought = await request(
        ctx.app,
        ivy,
        'POST',
        `/api/cards/${cardId}/purchases`,
        {
          amount: '19.99',
          currency: 'USD',
          merchant: 'Figma',
          category: 'software',
          channel: 'online',
          country: 'US',
        },
        newKey(),
      );
      expect(bought.json()).toMatchObject({ approved: true });
      const invoice = await request(ctx.app, ivy, 'POST', '/api/invoices', invoiceBody());
      expect(invoice.statusCode, invoice.body).toBe(201);
      const invoiceId = (invoice.json() as { id: string }).id;
      for (const status of ['sent', 'paid']) {
        const moved = await request(ctx.app, ivy, 'PUT', `/api/invoices/${invoiceId}/status`, { status });
        expect(moved.statusCode, moved.body).toBe(200);
      }
      await drain();
      const events = receiver.at('/ivy').map((got) => new Webhook(made.secret).verify(got.body, got.headers));
      expect(events).toEqual([
        expect.objectContaining({
          type: 'card.purchase',
          data: expect.objectContaining({ cardId, merchant: 'Figma', amount: '19.99', currency: 'USD' }),
        }),
        expect.objectContaining({
          type: 'invoice.paid',
          data: expect.objectContaining({ invoiceId, total: '1155.00', currency: 'USD', paidVia: 'manual' }),
        }),
      ]);
    });

    it('announces a payment held for an address, then delivered when its owner verifies it', async () => {
      const jack = await signUpFunded();
      const made = await create(jack, '/jack', ['transfer.held', 'transfer.delivered']);
      const newcomer = `newcomer-${Date.now()}@example.com`;
      const sent = await request(
        ctx.app,
        jack,
        'POST',
        '/api/transactions',
        { amount: '7.00', fromCurrency: 'USD', toCurrency: 'USD', recipientEmail: newcomer },
        newKey(),
      );
      expect(sent.statusCode, sent.body).toBe(201);
      await signUp(ctx.app, newcomer);
      await drain();
      const events = receiver
        .at('/jack')
        .map((got) => new Webhook(made.secret).verify(got.body, got.headers));
      expect(events).toEqual([
        expect.objectContaining({ type: 'transfer.held', data: expect.objectContaining({ amount: '7.00' }) }),
        expect.objectContaining({
          type: 'transfer.delivered',
          data: expect.objectContaining({ amount: '7.00', recipientEmail: newcomer }),
        }),
      ]);
    });

    it('announces a scheduled payment that stopped to wait for its owner', async () => {
      const kim = await signUp(ctx.app);
      const made = await create(kim, '/kim', ['schedule.failed']);
      const schedule = await request(
        ctx.app,
        kim,
        'POST',
        '/api/payment-schedules',
        paymentBody({ recipientEmail: bob.user.email, amount: '40.00' }),
        newKey(),
      );
      expect(schedule.statusCode, schedule.body).toBe(201);
      const webhooks = service();
      await runPaymentSchedules({
        db: ctx.app.db,
        notifier: ctx.app.notifier,
        mailer: ctx.app.mail,
        transfers: createTransfersService({
          db: ctx.app.db,
          rates: appRateSource(ctx.app),
          mailer: ctx.app.mail,
          notifier: ctx.app.notifier,
          config: ctx.app.config,
          limits: ctx.app.spendingLimits,
        }),
        fx: createFxService({
          db: ctx.app.db,
          rates: appRateSource(ctx.app),
          notifier: ctx.app.notifier,
          limits: ctx.app.spendingLimits,
        }),
        webhooks,
        retries: 0,
        retrySeconds: 60,
      });
      await drain();
      const [got] = receiver.at('/kim');
      expect(new Webhook(made.secret).verify(got!.body, got!.headers)).toMatchObject({
        type: 'schedule.failed',
        data: { scheduleId: (schedule.json() as { id: string }).id, amount: '40.00', currency: 'USD' },
      });
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_URLS: true },
);
