import { afterAll, beforeAll, expect, it } from 'vitest';
import { request, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { createCredentialGuard } from './credential-guard';
import { createPasswordCheck } from './password-check';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import type { Receiver } from '../../test/webhooks';

/**
 * A session alone no longer makes what outlives it: an API key, a webhook endpoint and an accountant's invite
 * each take the password again (counted per account), and the owner is mailed and notified of each.
 */
describeEachDatabase(
  'new standing credentials ask for the password and tell the owner',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => receiver?.close());

    const bodies = () => ({
      '/api/api-keys': { name: 'Sync', scope: 'payments' },
      '/api/webhooks': { url: receiver.url('/guarded'), events: ['payment.received'] },
      '/api/accountants/invites': { email: `accountant-${crypto.randomUUID()}@example.com` },
    });
    const lists = async (owner: Session) => ({
      keys: (await request(ctx.app, owner, 'GET', '/api/api-keys')).json().keys.length as number,
      endpoints: (await request(ctx.app, owner, 'GET', '/api/webhooks')).json().endpoints.length as number,
      accountants: (await request(ctx.app, owner, 'GET', '/api/accountants')).json().length as number,
    });
    const mailsTo = (address: string) =>
      ctx.app.db
        .selectFrom('mail_outbox')
        .select(['kind', 'subject', 'body'])
        .where('to_address', '=', address)
        .orderBy('created_at')
        .execute();
    const securityNotices = async (owner: Session) =>
      (
        (await request(ctx.app, owner, 'GET', '/api/notifications?limit=50')).json() as Array<{
          title: string;
          type: string;
        }>
      )
        .filter((notice) => notice.type === 'security')
        .map((notice) => notice.title);

    it('refuses each without the password, or with a wrong one, and makes nothing', async () => {
      const owner = await signUp(ctx.app);
      for (const [url, body] of Object.entries(bodies())) {
        const without = await request(ctx.app, owner, 'POST', url, body);
        expect(without.statusCode, `${url} ${without.body}`).toBe(400);
        expect(without.json().fields).toHaveProperty('password');
        const empty = await request(ctx.app, owner, 'POST', url, { ...body, password: '' });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().fields).toEqual({ password: 'Enter your password' });
      }
      expect(await lists(owner)).toEqual({ keys: 0, endpoints: 0, accountants: 0 });
      expect((await mailsTo(owner.user.email)).map((mail) => mail.kind)).not.toContain('api-key-created');
    });

    it('counts wrong passwords against the account, as every other re-check is counted', async () => {
      const owner = await signUp(ctx.app);
      const keyBody = bodies()['/api/api-keys'];
      const wrong = [
        ...Object.entries(bodies()).map(([url, body]) => ({ url, body })),
        { url: '/api/api-keys', body: keyBody },
      ];
      // Three free wrong passwords (LOGIN_ATTEMPTS_PER_ACCOUNT here) spread over the kinds; the fourth starts
      // the account's wait.
      for (const { url, body } of wrong) {
        const response = await request(ctx.app, owner, 'POST', url, {
          ...body,
          password: 'not the password',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ fields: { password: 'Incorrect password' } });
      }
      const count = await ctx.app.db
        .selectFrom('login_throttle')
        .selectAll()
        .where('key', '=', `password-check:${owner.user.id}`)
        .executeTakeFirstOrThrow();
      expect(Number(count.failures)).toBe(4);
      expect(count.blocked_until).not.toBeNull();
      // At the moment of that fourth try (clock injected), the right password waits too.
      const guard = createCredentialGuard({
        db: ctx.app.db,
        checkPassword: createPasswordCheck({
          db: ctx.app.db,
          config: ctx.config,
          now: () => new Date(count.updated_at),
        }),
        mailer: ctx.app.mail,
        notifier: ctx.app.notifier,
      });
      await expect(guard.confirm(owner.user.id, TEST_PASSWORD)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
      expect(await lists(owner)).toEqual({ keys: 0, endpoints: 0, accountants: 0 });
    });

    it('mails the owner and raises a security notification for each one made', async () => {
      const owner = await signUp(ctx.app);
      const made = bodies();
      for (const [url, body] of Object.entries(made)) {
        const response = await request(ctx.app, owner, 'POST', url, { ...body, password: TEST_PASSWORD });
        expect(response.statusCode, `${url} ${response.body}`).toBe(201);
      }
      const mails = (await mailsTo(owner.user.email)).filter((mail) => mail.kind !== 'verify-email');
      expect(mails.map((mail) => mail.kind)).toEqual([
        'api-key-created',
        'webhook-endpoint-created',
        'accountant-invited',
      ]);
      const [key, endpoint, invite] = mails;
      expect(key!.subject).toBe('New API key created');
      expect(key!.body).toContain('sends money from your wallets');
      expect(key!.body).toContain('> Name: Sync');
      expect(endpoint!.body).toContain(`> URL: ${receiver.url('/guarded')}`);
      expect(endpoint!.body).toContain('Payment received');
      expect(invite!.body).toContain(`> Email: ${made['/api/accountants/invites'].email}`);
      for (const mail of mails) expect(mail.body).toContain('Forgot password?');
      expect(await securityNotices(owner)).toEqual(
        expect.arrayContaining([
          'New API key created',
          'New webhook endpoint added',
          'Accountant invited to your books',
        ]),
      );
    });

    it('lets a demo account, which has no password, make a key and an endpoint without one', async () => {
      const demo = await startDemo(ctx.app);
      const key = await request(ctx.app, demo, 'POST', '/api/api-keys', {
        ...bodies()['/api/api-keys'],
        password: '',
      });
      expect(key.statusCode, key.body).toBe(201);
      expect(key.json().secret).toMatch(/^mer_demo_/);
      const hook = await request(ctx.app, demo, 'POST', '/api/webhooks', {
        ...bodies()['/api/webhooks'],
        password: '',
      });
      expect(hook.statusCode, hook.body).toBe(201);
      // Its made-up address is not mailed; the notification is raised.
      expect(await mailsTo(demo.user.email)).toEqual([]);
      expect(await securityNotices(demo)).toContain('New API key created');
    });
  },
  // The endpoints are on a local receiver.
  { WEBHOOK_ALLOW_PRIVATE_URLS: true, LOGIN_ATTEMPTS_PER_ACCOUNT: 3 },
);
