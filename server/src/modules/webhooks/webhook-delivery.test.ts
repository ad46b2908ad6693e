import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpoint } from '@contract/webhooks';
import { buildApp } from '../../app';
import { request, type Session } from '../../test/http';
import { DAY_MS } from './webhook-delivery';
import * as repo from './webhooks.repository';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookKit, type Receiver } from '../../test/webhooks';

describeEachDatabase(
  'webhook delivery',
  (ctx) => {
    let receiver: Receiver;
    let bob: Session;
    const { create, send, drain, deliveriesOf, runnerAt, recordDirectly, signUpFunded } = webhookKit(
      ctx,
      () => receiver,
    );

    beforeAll(async () => {
      receiver = await startWebhookReceiver((path) => (path.startsWith('/fail') ? 500 : 200));
      bob = await signUpFunded();
    });
    afterAll(async () => receiver?.close());

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
      const claimed = await repo.claimDue(ctx.app.db, {
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + 60_000).toISOString(),
        token: 'the-dead-process',
        limit: 100,
      });
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
