import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecretAnswer } from '@contract/webhooks';
import { request, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookKit, type Receiver } from '../../test/webhooks';
import { WEBHOOK_SENDS_PER_MINUTE } from './webhooks.routes';

describeEachDatabase(
  'webhooks',
  (ctx) => {
    let receiver: Receiver;
    let alice: Session;
    let bob: Session;
    const { create, send, drain, deliveriesOf, signUpFunded } = webhookKit(ctx, () => receiver);

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
      const past = new Date(Date.now() - 1000).toISOString();
      const row = await ctx.app.db
        .selectFrom('webhook_endpoints')
        .select('previous_secrets')
        .where('id', '=', made.endpoint.id)
        .executeTakeFirstOrThrow();
      const ended = (JSON.parse(row.previous_secrets) as object[]).map((old) => ({ ...old, until: past }));
      await ctx.app.db
        .updateTable('webhook_endpoints')
        .set({ previous_secrets: JSON.stringify(ended) })
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

    it(`allows ${WEBHOOK_SENDS_PER_MINUTE} test pings and redeliveries together a minute per user`, async () => {
      const hana = await signUp(ctx.app);
      const made = await create(hana, '/hana', ['card.purchase']);
      const ping = () => request(ctx.app, hana, 'POST', `/api/webhooks/${made.endpoint.id}/test`);
      const first = await ping();
      expect(first.statusCode, first.body).toBe(201);
      const redeliver = () =>
        request(ctx.app, hana, 'POST', `/api/webhooks/deliveries/${first.json().id}/redeliver`);
      const answers = await Promise.all(
        Array.from({ length: WEBHOOK_SENDS_PER_MINUTE + 4 }, (_, n) => (n % 2 ? ping() : redeliver())),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      expect(
        statuses.filter((status) => status !== 429).every((status) => status === 200 || status === 201),
      ).toBe(true);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Nothing was written for a refused ping.
      const events = await ctx.app.db
        .selectFrom('webhook_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', hana.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(events.n)).toBe(1 + statuses.filter((status) => status === 201).length);
      if (ctx.dialect === 'postgres') {
        // Counted in the database, so every process counts against the same limit.
        const counted = await ctx.app.db
          .selectFrom('rate_limits')
          .select('hits')
          .where('key', 'like', `%|webhook-sends:${hana.user.id}`)
          .executeTakeFirstOrThrow();
        expect(Number(counted.hits)).toBe(WEBHOOK_SENDS_PER_MINUTE + 5);
      }
      // Another user's limit is their own.
      const ida = await signUp(ctx.app);
      const theirs = await create(ida, '/ida', ['card.purchase']);
      expect(
        (await request(ctx.app, ida, 'POST', `/api/webhooks/${theirs.endpoint.id}/test`)).statusCode,
      ).toBe(201);
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
        password: TEST_PASSWORD,
      });
      // Refused for the address (before the password is asked), not for a missing field.
      expect(Object.keys(response.json().fields ?? {}), url).toEqual(['url']);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const none = (await request(ctx.app, owner, 'GET', '/api/webhooks')).json() as { endpoints: unknown[] };
    expect(none.endpoints).toHaveLength(0);
  });
});
