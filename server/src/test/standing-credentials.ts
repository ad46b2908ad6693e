import { expect } from 'vitest';
import type { CreatedApiKey } from '@contract/api-keys';
import type { WebhookEndpoint, WebhookSecretAnswer } from '@contract/webhooks';
import { accountantOf } from './accountants';
import { makeApiKey, withKey } from './api-keys';
import { request, signUp, type Session } from './http';
import { newKey } from './money';
import type { TestContext } from './test-app';
import { webhookKit, type Receiver } from './webhooks';

/**
 * Test-side helpers for the standing credentials a stolen session could leave behind: an owner holding one of
 * each (a payments API key, a webhook endpoint on a local receiver, an accountant reading the books), and what
 * each of them can still do.
 */
export function standingKit(ctx: TestContext, receiver: () => Receiver) {
  const hooks = webhookKit(ctx, receiver);

  /** A funded owner with a payments key, an endpoint wanting `payment.received`, and an accountant. */
  async function ownerWithEverything() {
    const owner = await hooks.signUpFunded();
    const payee = await signUp(ctx.app);
    const key = await makeApiKey(ctx.app, owner, 'payments');
    const path = `/standing-${owner.user.id}`;
    const hook = await hooks.create(owner, path, ['payment.received']);
    const { accountant } = await accountantOf(ctx.app, owner);
    return { owner, payee, key, hook, path, accountant };
  }

  /** The key sends $1 to the payee: the status, with the idempotency key a script would send. */
  const keySends = async (key: CreatedApiKey, payee: Session) =>
    (
      await withKey(
        ctx.app,
        key.secret,
        'POST',
        '/api/transactions',
        { amount: '1.00', fromCurrency: 'USD', toCurrency: 'USD', recipientEmail: payee.user.email },
        newKey(),
      )
    ).statusCode;

  /** Money arrives for the owner, and delivery runs: how many requests the receiver got on `path` since. */
  async function deliveredOnPayment(owner: Session, path: string): Promise<number> {
    const before = receiver().at(path).length;
    await hooks.send(await hooks.signUpFunded(), owner, '2.00');
    await hooks.drain();
    return receiver().at(path).length - before;
  }

  async function endpointOf(owner: Session, hook: WebhookSecretAnswer): Promise<WebhookEndpoint> {
    const response = await request(ctx.app, owner, 'GET', '/api/webhooks');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { endpoints: WebhookEndpoint[] }).endpoints.find(
      (endpoint) => endpoint.id === hook.endpoint.id,
    )!;
  }

  /** What each credential still does: the key reads, the endpoint is on, the accountant reads the books. */
  async function stillWorking(setup: Awaited<ReturnType<typeof ownerWithEverything>>, owner: Session) {
    return {
      keyReads: (await withKey(ctx.app, setup.key.secret, 'GET', '/api/transactions')).statusCode,
      endpointOn: (await endpointOf(owner, setup.hook)).enabled,
      accountantReads: (await request(ctx.app, setup.accountant, 'GET', '/api/wallets')).statusCode,
    };
  }

  return { ...hooks, ownerWithEverything, keySends, deliveredOnPayment, endpointOf, stillWorking };
}
