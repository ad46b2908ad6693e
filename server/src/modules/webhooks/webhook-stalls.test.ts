import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookKit, type Receiver } from '../../test/webhooks';

/** Deliveries when a customer's endpoint hangs, and when a worker stalls past its lease. */
describeEachDatabase(
  'webhook delivery around stalls',
  (ctx) => {
    let receiver: Receiver;
    // /hangs holds every request while `hangs` is on. The first request to /stale is held until the test
    // answers it: a worker frozen mid-POST.
    let hangs = true;
    let staleRequests = 0;
    const { create, drain, deliveriesOf, runnerAt, recordDirectly, signUpFunded } = webhookKit(
      ctx,
      () => receiver,
    );

    beforeAll(async () => {
      receiver = await startWebhookReceiver((path) => {
        if (path === '/hangs') return hangs ? null : 503;
        if (path === '/stale') return staleRequests++ === 0 ? null : 200;
        return 200;
      });
    });
    afterAll(async () => receiver?.close());

    const untried = async (endpointId: string) =>
      (
        await ctx.app.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .where('attempts', '=', 0)
          .execute()
      ).length;

    it("an endpoint that never answers holds one slot: another customer's webhooks go on", async () => {
      const slow = await signUpFunded();
      const quick = await signUpFunded();
      const hanging = await create(slow, '/hangs', ['transfer.delivered']);
      await create(quick, '/quick', ['transfer.delivered']);
      // Written as modules write them, the hanging endpoint's 60 first: no response starts delivery early.
      for (let n = 0; n < 60; n += 1) await recordDirectly(slow.user.id, { n });
      for (let n = 0; n < 5; n += 1) await recordDirectly(quick.user.id, { n });
      const run = ctx.app.webhookDelivery.deliverDue();
      try {
        await expect.poll(() => receiver.at('/quick').length, { timeout: 20_000 }).toBe(5);
        expect(receiver.at('/hangs').length).toBeLessThanOrEqual(1);
        expect(await untried(hanging.endpoint.id)).toBeGreaterThanOrEqual(55);
      } finally {
        // The endpoint fails from now on, at once: the run ends, and nothing of it is left to deliver.
        hangs = false;
        receiver.answerHeld(503);
        await run;
        await ctx.app.db
          .deleteFrom('webhook_deliveries')
          .where('endpoint_id', '=', hanging.endpoint.id)
          .execute();
      }
    });

    it('a worker that outlived its lease writes nothing over the delivery the next worker made', async () => {
      const erin = await signUpFunded();
      const made = await create(erin, '/stale', ['transfer.delivered']);
      await drain();
      await recordDirectly(erin.user.id, { note: 'stalled' });
      const row = await ctx.app.db
        .selectFrom('webhook_deliveries')
        .select('retry_until')
        .where('endpoint_id', '=', made.endpoint.id)
        .executeTakeFirstOrThrow();
      // The day's last try: a failure recorded now would give the delivery up and count against the endpoint.
      const lastTry = new Date(row.retry_until);
      const stalled = runnerAt({ now: lastTry }).deliverDue();
      await expect.poll(() => receiver.at('/stale').length).toBe(1);
      // Its lease is over: another worker sends the delivery, and the receiver takes it.
      await runnerAt({ now: new Date(lastTry.getTime() + 61_000) }).deliverDue();
      expect(receiver.at('/stale')).toHaveLength(2);
      // The stalled worker comes back with its failure.
      receiver.answerHeld(500);
      await stalled;

      const [delivery] = await deliveriesOf(erin, made.endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastError: null });
      expect(delivery!.log.map((attempt) => attempt.statusCode)).toEqual([200]);
      const endpoint = await ctx.app.db
        .selectFrom('webhook_endpoints')
        .select(['enabled', 'failing_since', 'disabled_at'])
        .where('id', '=', made.endpoint.id)
        .executeTakeFirstOrThrow();
      expect({ ...endpoint, enabled: Number(endpoint.enabled) }).toEqual({
        enabled: 1,
        failing_since: null,
        disabled_at: null,
      });
      const notices = await ctx.app.db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', erin.user.id)
        .where('title', '=', 'Webhook endpoint turned off')
        .execute();
      expect(notices).toEqual([]);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_URLS: true },
);
