import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecretAnswer } from '@contract/webhooks';
import { buildApp } from '../../app';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { paymentBody } from '../../test/payment-schedules';
import { createFxService } from '../fx/fx.service';
import { appRateSource } from '../fx/rate-source';
import { runPaymentSchedules } from '../payment-schedules/payment-runs';
import { createTransfersService } from '../transfers/transfers.service';
import { fund, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { createWebhookDelivery, DAY_MS } from './webhook-delivery';
import { webhookSecretBox } from './webhooks.module';
import * as repo from './webhooks.repository';
import { createWebhooksService } from './webhooks.service';

describeEachDatabase(
  'webhooks',
  (ctx) => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let alice: Session;
    let bob: Session;

    const create = async (session: Session, path: string, events: string[]) => {
      const response = await request(ctx.app, session, 'POST', '/api/webhooks', {
        url: receiver.url(path),
        events,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as WebhookSecretAnswer;
    };
    const send = async (from: Session, to: Session, amount = '10.00') => {
      const response = await request(
        ctx.app,
        from,
        'POST',
        '/api/transactions',
        { amount, fromCurrency: 'USD', toCurrency: 'USD', recipientEmail: to.user.email },
        newKey(),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    // The app's own delivery run: joining it waits for the run a response started, so nothing is mid-send.
    const drain = () => ctx.app.webhookDelivery.deliverDue();
    const deliveriesOf = async (session: Session, endpointId: string) => {
      const response = await request(ctx.app, session, 'GET', `/api/webhooks/${endpointId}/deliveries`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { deliveries: WebhookDelivery[] }).deliveries;
    };
    /** A delivery runner of its own with a clock the test moves (as another process would run it). */
    const runnerAt = (clock: { now: Date }, allowPrivate = true) =>
      createWebhookDelivery({
        db: ctx.app.db,
        box: webhookSecretBox(ctx.config),
        notifier: ctx.app.notifier,
        mailer: ctx.app.mail,
        log: ctx.app.log,
        allowPrivate,
        now: () => clock.now,
      });
    /** An event recorded in a transaction of its own, as a module records one (no response kicks delivery). */
    const recordDirectly = (userId: string, data: Record<string, unknown>) => {
      const service = createWebhooksService({
        db: ctx.app.db,
        box: webhookSecretBox(ctx.config),
        allowPrivate: true,
        written: () => {},
      });
      return ctx.app.db
        .transaction()
        .execute((trx) => service.record(trx, userId, 'transfer.delivered', data));
    };
    const signUpFunded = async () => {
      const session = await signUp(ctx.app);
      await fund(ctx.app.db, (await walletsOf(ctx.app, session)).USD!.id, '5000.00', 'USD');
      return session;
    };

    beforeAll(async () => {
      receiver = await startWebhookReceiver((path) => (path.startsWith('/fail') ? 500 : 200));
      alice = await signUpFunded();
      bob = await signUpFunded();
    });
    afterAll(async () => receiver?.close());

    it('delivers a transfer to both sides, signed so the reference implementation verifies it', async () => {
      const sender = await create(alice, '/alice', ['transfer.delivered']);
      const recipient = await create(bob, '/bob', ['payment.received', 'invoice.paid']);
      expect(sender.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      const sent = await send(alice, bob, '12.50');
      await drain();

      const [toAlice] = receiver.at('/alice');
      const [toBob] = receiver.at('/bob');
      expect(receiver.at('/alice')).toHaveLength(1);
      expect(receiver.at('/bob')).toHaveLength(1);
      const aliceEvent = new Webhook(sender.secret).verify(toAlice!.body, toAlice!.headers);
      expect(aliceEvent).toMatchObject({
        type: 'transfer.delivered',
        data: { transactionId: sent.id, amount: '12.50', currency: 'USD', recipientEmail: bob.user.email },
      });
      expect(new Webhook(recipient.secret).verify(toBob!.body, toBob!.headers)).toMatchObject({
        type: 'payment.received',
        data: { amount: '12.50', currency: 'USD', senderEmail: alice.user.email },
      });
      // Another endpoint's secret does not verify it.
      expect(() => new Webhook(recipient.secret).verify(toAlice!.body, toAlice!.headers)).toThrow();
      expect(toAlice!.headers['webhook-id']).toMatch(/^msg_/);

      const [logged] = await deliveriesOf(alice, sender.endpoint.id);
      expect(logged).toMatchObject({
        eventId: toAlice!.headers['webhook-id'],
        eventType: 'transfer.delivered',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
      });
      expect(logged!.log).toHaveLength(1);
      expect(logged!.lastLatencyMs).toBeGreaterThanOrEqual(0);
    });

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
      const webhooks = createWebhooksService({
        db: ctx.app.db,
        box: webhookSecretBox(ctx.config),
        allowPrivate: true,
        written: () => {},
      });
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

    it('writes nothing for a user without an endpoint wanting the event', async () => {
      const carol = await signUpFunded();
      const before = receiver.received.length;
      await send(carol, alice);
      await drain();
      const events = await ctx.app.db
        .selectFrom('webhook_events')
        .select('id')
        .where('user_id', '=', carol.user.id)
        .execute();
      expect(events).toHaveLength(0);
      // Alice has an endpoint, but not for payment.received.
      expect(receiver.received.length).toBe(before);
    });

    it('sends each event once when several runners deliver at the same time', async () => {
      const dave = await signUpFunded();
      await create(dave, '/dave', ['transfer.delivered']);
      // Written straight through the service's transactions: no response kicks delivery, the runners race.
      const clock = { now: new Date() };
      const runners = [runnerAt(clock), runnerAt(clock), runnerAt(clock)];
      const other = ctx.dialect === 'postgres' ? await buildApp(ctx.config) : null;
      try {
        for (let n = 0; n < 6; n += 1) await send(dave, bob, '1.00');
        await Promise.all([
          ...runners.map((runner) => runner.deliverDue()),
          drain(),
          ...(other ? [other.webhookDelivery.deliverDue()] : []),
        ]);
      } finally {
        await other?.close();
      }
      const ids = receiver.at('/dave').map((got) => got.headers['webhook-id']);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    });

    it('a process that dies between claim and send leaves the delivery to the next, with the same id', async () => {
      const erin = await signUpFunded();
      const made = await create(erin, '/erin', ['transfer.delivered']);
      // Written as a module's transaction writes it, with no response to start delivery right away (and once
      // the app's own run, if one is going, is over).
      await drain();
      await recordDirectly(erin.user.id, { note: 'claimed then lost' });
      const now = new Date();
      // The "process" claims the delivery (its lease runs a minute), then dies before sending.
      const claimed = await repo.claimDue(
        ctx.app.db,
        now.toISOString(),
        new Date(now.getTime() + 60_000).toISOString(),
        100,
      );
      expect(claimed.filter((row) => row.endpoint_id === made.endpoint.id)).toHaveLength(1);
      await runnerAt({ now }).deliverDue();
      expect(receiver.at('/erin')).toHaveLength(0);
      // Once the lease is over, another process sends it.
      await runnerAt({ now: new Date(now.getTime() + 61_000) }).deliverDue();
      const got = receiver.at('/erin');
      expect(got).toHaveLength(1);
      const [delivery] = await deliveriesOf(erin, made.endpoint.id);
      expect(delivery).toMatchObject({
        status: 'delivered',
        attempts: 2,
        eventId: got[0]!.headers['webhook-id'],
      });
      expect(delivery!.log).toHaveLength(1);
      expect(new Webhook(made.secret).verify(got[0]!.body, got[0]!.headers)).toMatchObject({
        data: { note: 'claimed then lost' },
      });
    });

    it('retries a failing endpoint with growing delays, logs each try, and turns it off after a day', async () => {
      const frank = await signUpFunded();
      const made = await create(frank, '/fail/frank', ['transfer.delivered']);
      await send(frank, bob, '3.00');
      await drain();
      const clock = { now: new Date() };
      const runner = runnerAt(clock);
      for (let guard = 0; guard < 20; guard += 1) {
        const [current] = await deliveriesOf(frank, made.endpoint.id);
        if (current!.status !== 'pending') break;
        clock.now = new Date(current!.nextAttemptAt!);
        await runner.deliverDue();
      }
      const [delivery] = await deliveriesOf(frank, made.endpoint.id);
      expect(delivery!.status).toBe('failed');
      expect(delivery!.log.every((attempt) => attempt.statusCode === 500)).toBe(true);
      const times = delivery!.log.map((attempt) => new Date(attempt.at).getTime()).reverse();
      expect(times.length).toBe(delivery!.attempts);
      expect(times.length).toBeGreaterThanOrEqual(6);
      const gaps = times.slice(1).map((time, index) => time - times[index]!);
      // Each wait at least as long as the one before (the last is cut to the day's end), the first tries quick.
      for (let n = 1; n < gaps.length - 1; n += 1) expect(gaps[n]!).toBeGreaterThan(gaps[n - 1]!);
      expect(times[times.length - 1]! - times[0]!).toBeGreaterThanOrEqual(DAY_MS - 60_000);
      expect(receiver.at('/fail/frank')).toHaveLength(delivery!.attempts);
      // Every retry carried the same id.
      expect(new Set(receiver.at('/fail/frank').map((got) => got.headers['webhook-id'])).size).toBe(1);

      const endpoints = (await request(ctx.app, frank, 'GET', '/api/webhooks')).json() as {
        endpoints: WebhookEndpoint[];
      };
      expect(endpoints.endpoints[0]).toMatchObject({ enabled: false });
      expect(endpoints.endpoints[0]!.disabledAt).not.toBeNull();
      const notices = await ctx.app.db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', frank.user.id)
        .where('title', '=', 'Webhook endpoint turned off')
        .execute();
      expect(notices).toHaveLength(1);
      const mails = await ctx.app.db
        .selectFrom('mail_outbox')
        .select('to_address')
        .where('kind', '=', 'webhook-disabled')
        .where('user_id', '=', frank.user.id)
        .execute();
      expect(mails).toEqual([{ to_address: frank.user.email }]);

      // Turned off: a new event is not even written for it.
      await send(frank, bob, '1.00');
      expect(await deliveriesOf(frank, made.endpoint.id)).toHaveLength(1);
      // Turned on again, a redelivery goes out anew (same event id) and is logged as one more try.
      const fixedUrl = receiver.url('/frank-fixed');
      const patched = await request(ctx.app, frank, 'PATCH', `/api/webhooks/${made.endpoint.id}`, {
        url: fixedUrl,
        enabled: true,
      });
      expect(patched.json()).toMatchObject({
        enabled: true,
        disabledAt: null,
        failingSince: null,
        url: fixedUrl,
      });
      const redone = await request(
        ctx.app,
        frank,
        'POST',
        `/api/webhooks/deliveries/${delivery!.id}/redeliver`,
      );
      expect(redone.statusCode, redone.body).toBe(200);
      await drain();
      const [after] = await deliveriesOf(frank, made.endpoint.id);
      expect(after).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
      expect(after!.log).toHaveLength(delivery!.attempts + 1);
      expect(receiver.at('/frank-fixed')[0]!.headers['webhook-id']).toBe(delivery!.eventId);
    });

    it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
      const gina = await signUpFunded();
      const made = await create(gina, '/gina', ['transfer.delivered']);
      const rotated = await request(ctx.app, gina, 'POST', `/api/webhooks/${made.endpoint.id}/rotate-secret`);
      expect(rotated.statusCode, rotated.body).toBe(200);
      const { secret, endpoint } = rotated.json() as WebhookSecretAnswer;
      expect(secret).not.toBe(made.secret);
      expect(endpoint.previousSecretUntil).not.toBeNull();
      await send(gina, bob, '1.00');
      await drain();
      const [got] = receiver.at('/gina');
      expect(got!.headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(new Webhook(made.secret).verify(got!.body, got!.headers)).toMatchObject({
        type: 'transfer.delivered',
      });
      expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({
        type: 'transfer.delivered',
      });

      // Past the overlap (the clock moved on a day) the old secret no longer signs.
      await ctx.app.db
        .updateTable('webhook_endpoints')
        .set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', made.endpoint.id)
        .execute();
      const test = await request(ctx.app, gina, 'POST', `/api/webhooks/${made.endpoint.id}/test`);
      expect(test.statusCode, test.body).toBe(201);
      await drain();
      const ping = receiver.at('/gina').find((got) => got.body.includes('webhook.ping'))!;
      expect(ping.headers['webhook-signature'].split(' ')).toHaveLength(1);
      expect(new Webhook(secret).verify(ping.body, ping.headers)).toMatchObject({ type: 'webhook.ping' });
      expect(() => new Webhook(made.secret).verify(ping.body, ping.headers)).toThrow();
    });

    it('sends a test ping, and keeps each endpoint to its owner', async () => {
      const made = await create(alice, '/alice-ping', ['card.purchase']);
      const test = await request(ctx.app, alice, 'POST', `/api/webhooks/${made.endpoint.id}/test`);
      expect(test.statusCode, test.body).toBe(201);
      await drain();
      const [ping] = receiver.at('/alice-ping');
      expect(new Webhook(made.secret).verify(ping!.body, ping!.headers)).toMatchObject({
        type: 'webhook.ping',
      });
      const id = made.endpoint.id;
      const delivery = test.json() as WebhookDelivery;
      for (const [method, url] of [
        ['PATCH', `/api/webhooks/${id}`],
        ['DELETE', `/api/webhooks/${id}`],
        ['POST', `/api/webhooks/${id}/rotate-secret`],
        ['POST', `/api/webhooks/${id}/test`],
        ['GET', `/api/webhooks/${id}/deliveries`],
        ['POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`],
      ] as const) {
        const response = await request(
          ctx.app,
          bob,
          method,
          url,
          method === 'PATCH' ? { enabled: false } : undefined,
        );
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await request(ctx.app, null, 'GET', '/api/webhooks')).statusCode).toBe(401);
      const removed = await request(ctx.app, alice, 'DELETE', `/api/webhooks/${id}`);
      expect(removed.statusCode).toBe(204);
      const left = (await request(ctx.app, alice, 'GET', '/api/webhooks')).json() as {
        endpoints: WebhookEndpoint[];
      };
      expect(left.endpoints.map((endpoint) => endpoint.id)).not.toContain(id);
    });

    it('refuses at delivery a URL that resolves to a private address when the setting is off', async () => {
      const hank = await signUpFunded();
      const made = await create(hank, '/hank', ['transfer.delivered']);
      // The name now resolves to loopback (as a rebinding name would); no response kicks the app's own runner.
      await ctx.app.db
        .updateTable('webhook_endpoints')
        .set({ url: made.endpoint.url.replace('http://127.0.0.1', 'https://localhost') })
        .where('id', '=', made.endpoint.id)
        .execute();
      await drain();
      await recordDirectly(hank.user.id, { note: 'written directly' });
      await runnerAt({ now: new Date() }, false).deliverDue();
      const [delivery] = await deliveriesOf(hank, made.endpoint.id);
      expect(delivery!.lastStatusCode).toBeNull();
      expect(delivery!.lastError).toMatch(/public address/);
      expect(receiver.at('/hank')).toHaveLength(0);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_URLS: true },
);

describeEachDatabase('webhooks: the SSRF guard at registration', (ctx) => {
  it('refuses loopback, private, link-local and plain-http URLs', async () => {
    const owner = await signUp(ctx.app);
    for (const url of [
      'http://127.0.0.1/hook',
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://172.16.5.4/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://localhost/hook',
      'https://localhost:8443/hook',
    ]) {
      const response = await request(ctx.app, owner, 'POST', '/api/webhooks', {
        url,
        events: ['invoice.paid'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const none = (await request(ctx.app, owner, 'GET', '/api/webhooks')).json() as { endpoints: unknown[] };
    expect(none.endpoints).toHaveLength(0);
  });
});
