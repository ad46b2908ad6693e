import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookKit, type Receiver } from '../../test/webhooks';
import { DAY_MS } from './webhook-delivery';
import { pruneWebhookEvents } from './webhook-retention';

describeEachDatabase(
  'webhook retention',
  (ctx) => {
    let receiver: Receiver;
    const { create, drain, deliveriesOf, recordDirectly, signUpFunded } = webhookKit(ctx, () => receiver);

    beforeAll(async () => {
      receiver = await startWebhookReceiver((path) => (path.startsWith('/down') ? 500 : 200));
    });
    afterAll(async () => receiver?.close());

    const eventsOf = (userId: string) =>
      ctx.app.db
        .selectFrom('webhook_events')
        .select(['id', 'payload'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    const age = (eventId: string, days: number) =>
      ctx.app.db
        .updateTable('webhook_events')
        .set({ created_at: new Date(Date.now() - days * DAY_MS).toISOString() })
        .where('id', '=', eventId)
        .execute();

    it('forgets finished events past the window with their deliveries and log, and keeps the rest', async () => {
      const ada = await signUpFunded();
      const up = await create(ada, '/up', ['transfer.delivered']);
      const down = await create(ada, '/down', ['transfer.delivered']);
      for (const note of ['old', 'recent']) {
        await recordDirectly(ada.user.id, { note });
        await drain();
      }
      const [old, recent] = await eventsOf(ada.user.id);
      // Both events reached /up; /down answered 500, so each is still retrying there.
      expect((await deliveriesOf(ada, up.endpoint.id)).map((row) => row.status)).toEqual([
        'delivered',
        'delivered',
      ]);
      await age(old!.id, 31);
      await age(recent!.id, 29);

      // An event still retrying somewhere is kept whatever its age.
      expect(await pruneWebhookEvents(ctx.app.db, new Date(), 30)).toBe(0);
      await ctx.app.db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null })
        .where('endpoint_id', '=', down.endpoint.id)
        .execute();

      expect(await pruneWebhookEvents(ctx.app.db, new Date(), 30)).toBe(1);
      expect((await eventsOf(ada.user.id)).map((event) => event.id)).toEqual([recent!.id]);
      for (const endpoint of [up, down]) {
        const left = await deliveriesOf(ada, endpoint.endpoint.id);
        expect(left.map((row) => row.eventId)).toEqual([recent!.id]);
      }
      const orphans = await ctx.app.db
        .selectFrom('webhook_attempts')
        .leftJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .select('webhook_attempts.id')
        .where('webhook_deliveries.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
      // The owner is told how far back the log (and Redeliver) reaches.
      const answer = await request(ctx.app, ada, 'GET', `/api/webhooks/${up.endpoint.id}/deliveries`);
      expect(answer.json()).toMatchObject({ keptDays: 30 });
      // Nothing else is old enough; a second run finds nothing.
      expect(await pruneWebhookEvents(ctx.app.db, new Date(), 30)).toBe(0);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_URLS: true },
);
