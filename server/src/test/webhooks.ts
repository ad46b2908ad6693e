import { expect } from 'vitest';
import type { WebhookDelivery, WebhookSecretAnswer } from '@contract/webhooks';
import { createCredentialGuard } from '../modules/auth/credential-guard';
import { createPasswordCheck } from '../modules/auth/password-check';
import { createWebhookDelivery } from '../modules/webhooks/webhook-delivery';
import { webhookSecretBox } from '../modules/webhooks/webhooks.module';
import { createWebhooksService } from '../modules/webhooks/webhooks.service';
import { request, signUp, TEST_PASSWORD, type Session } from './http';
import { fund, newKey, walletsOf } from './money';
import type { TestContext } from './test-app';
import type { startWebhookReceiver } from './webhook-receiver';

export type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Test-side helpers for webhooks: endpoints on a local receiver, transfers, and delivery runs to wait for. */
export function webhookKit(ctx: TestContext, receiver: () => Receiver) {
  const create = async (session: Session, path: string, events: string[]) => {
    const response = await request(ctx.app, session, 'POST', '/api/webhooks', {
      url: receiver().url(path),
      events,
      password: TEST_PASSWORD,
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
  /** The webhooks service as a module calls it (it kicks nothing: no response follows its writes). */
  const service = (now?: () => Date) =>
    createWebhooksService({
      db: ctx.app.db,
      box: webhookSecretBox(ctx.config),
      allowPrivate: true,
      credentials: createCredentialGuard({
        db: ctx.app.db,
        checkPassword: createPasswordCheck({ db: ctx.app.db, config: ctx.config }),
        mailer: ctx.app.mail,
        notifier: ctx.app.notifier,
      }),
      written: () => {},
      ...(now && { now }),
    });
  /** An event recorded in a transaction of its own, as a module records one. */
  const recordDirectly = (userId: string, data: Record<string, unknown>) =>
    ctx.app.db.transaction().execute((trx) => service().record(trx, userId, 'transfer.delivered', data));
  const signUpFunded = async () => {
    const session = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, session)).USD!.id, '5000.00', 'USD');
    return session;
  };
  return { create, send, drain, deliveriesOf, runnerAt, service, recordDirectly, signUpFunded };
}
