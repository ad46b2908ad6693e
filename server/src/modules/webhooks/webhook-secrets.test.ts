import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookSecretAnswer } from '@contract/webhooks';
import { request, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { webhookKit, type Receiver } from '../../test/webhooks';
import { MAX_PREVIOUS_SECRETS } from './webhook-secrets';

const HOUR = 3_600_000;

describeEachDatabase(
  'webhook secret rotation',
  (ctx) => {
    let receiver: Receiver;
    let owner: Session;
    const { create, drain, service, signUpFunded } = webhookKit(ctx, () => receiver);

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      owner = await signUpFunded();
    });
    afterAll(async () => receiver?.close());

    /** The webhooks service with its own clock, as if the rotations had been made `hoursAgo`. */
    const serviceAt = (clock: { now: Date }) => service(() => clock.now);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

    /** Sends the endpoint a test ping now and returns what its receiver got. */
    const ping = async (endpointId: string, path: string) => {
      const sent = await request(ctx.app, owner, 'POST', `/api/webhooks/${endpointId}/test`);
      expect(sent.statusCode, sent.body).toBe(201);
      await drain();
      return receiver.at(path).at(-1)!;
    };
    const verifies = (secret: string, got: Awaited<ReturnType<typeof ping>>) => {
      try {
        new Webhook(secret).verify(got.body, got.headers);
        return true;
      } catch {
        return false;
      }
    };

    it('keeps the first old secret signing when the secret is rotated again within the day', async () => {
      const made = await create(owner, '/twice', ['transfer.delivered']);
      const rotate = async () => {
        const rotated = await request(
          ctx.app,
          owner,
          'POST',
          `/api/webhooks/${made.endpoint.id}/rotate-secret`,
        );
        expect(rotated.statusCode, rotated.body).toBe(200);
        return rotated.json() as WebhookSecretAnswer;
      };
      const second = await rotate();
      const third = await rotate();
      expect(third.endpoint.previousSecretUntil! >= second.endpoint.previousSecretUntil!).toBe(true);

      const got = await ping(made.endpoint.id, '/twice');
      expect(got.headers['webhook-signature'].split(' ')).toHaveLength(3);
      for (const secret of [made.secret, second.secret, third.secret])
        expect(verifies(secret, got)).toBe(true);
    });

    it('ends each old secret at the end of its own day, not at the next rotation', async () => {
      const made = await create(owner, '/own-day', ['transfer.delivered']);
      const clock = { now: hoursAgo(25) };
      const service = serviceAt(clock);
      const second = await service.rotate(owner.user.id, made.endpoint.id);
      clock.now = hoursAgo(2);
      const third = await service.rotate(owner.user.id, made.endpoint.id);
      // The first rotated out 25 hours ago: its day is over. The second's has 22 hours to go.
      expect(third.endpoint.previousSecretUntil).toBe(
        new Date(clock.now.getTime() + 24 * HOUR).toISOString(),
      );

      const got = await ping(made.endpoint.id, '/own-day');
      expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(verifies(third.secret, got)).toBe(true);
      expect(verifies(second.secret, got)).toBe(true);
      expect(verifies(made.secret, got)).toBe(false);
    });

    it('lets one of two rotations at once through, so no secret is shown that never signs', async () => {
      const made = await create(owner, '/race', ['transfer.delivered']);
      const service = serviceAt({ now: new Date() });
      const results = await Promise.allSettled([
        service.rotate(owner.user.id, made.endpoint.id),
        service.rotate(owner.user.id, made.endpoint.id),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const got = await ping(made.endpoint.id, '/race');
      expect(verifies(won[0]!.value.secret, got)).toBe(true);
      expect(verifies(made.secret, got)).toBe(true);
    });

    it(`refuses a rotation while ${MAX_PREVIOUS_SECRETS} old secrets still sign, until the oldest ends`, async () => {
      const made = await create(owner, '/many', ['transfer.delivered']);
      const clock = { now: hoursAgo(23) };
      const service = serviceAt(clock);
      for (let n = 0; n < MAX_PREVIOUS_SECRETS; n += 1) {
        await service.rotate(owner.user.id, made.endpoint.id);
        clock.now = new Date(clock.now.getTime() + HOUR);
      }
      const refused = await request(
        ctx.app,
        owner,
        'POST',
        `/api/webhooks/${made.endpoint.id}/rotate-secret`,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Rotate again after/);
      const got = await ping(made.endpoint.id, '/many');
      expect(got.headers['webhook-signature'].split(' ')).toHaveLength(MAX_PREVIOUS_SECRETS + 1);

      clock.now = new Date(Date.now() + 2 * HOUR);
      const later = await service.rotate(owner.user.id, made.endpoint.id);
      expect(later.secret).toMatch(/^whsec_/);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_URLS: true },
);
