import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookSecretAnswer } from '@contract/webhooks';
import { inviteToken } from '../../test/accountants';
import { request, sessionCookieFrom, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { mailedToken, resetMails } from '../../test/password-reset';
import { standingKit } from '../../test/standing-credentials';
import { describeEachDatabase } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import type { Receiver } from '../../test/webhooks';

const NEW_PASSWORD = 'lantern orchard velvet';

/**
 * Taking the account back ends what a stolen session may have left behind: a password reset, or "sign out
 * everywhere" with the option, revokes every API key, turns every webhook endpoint off with a secret nobody
 * has, and suspends every accountant until the owner confirms each again.
 */
describeEachDatabase(
  'standing credentials end when the owner takes the account back',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => receiver?.close());
    const kit = standingKit(ctx, () => receiver);

    /** A reset by the mailed link, then a sign-in with the new password: the owner's new session. */
    async function resetPassword(owner: Session): Promise<Session> {
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: owner.user.email },
      });
      expect(asked.statusCode).toBe(202);
      const token = await mailedToken(ctx, owner.user.email);
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, password: NEW_PASSWORD },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password: NEW_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      return { cookie: sessionCookieFrom(login.headers), user: owner.user };
    }

    const pingTo = async (owner: Session, hook: WebhookSecretAnswer, path: string) => {
      const before = receiver.at(path).length;
      const sent = await request(ctx.app, owner, 'POST', `/api/webhooks/${hook.endpoint.id}/test`);
      expect(sent.statusCode, sent.body).toBe(201);
      await kit.drain();
      expect(receiver.at(path)).toHaveLength(before + 1);
      return receiver.at(path).at(-1)!;
    };

    it('a password reset revokes the keys, the webhook secrets and the accountants’ access', async () => {
      const setup = await kit.ownerWithEverything();
      const { key, hook, path, payee, accountant } = setup;
      expect(await kit.keySends(key, payee)).toBe(201);
      expect(await kit.deliveredOnPayment(setup.owner, path)).toBe(1);

      const owner = await resetPassword(setup.owner);

      // The key is refused at once, and moves no money.
      const read = await ctx.app.inject({
        method: 'GET',
        url: '/api/transactions',
        headers: { authorization: `Bearer ${key.secret}` },
      });
      expect(read.statusCode).toBe(401);
      expect(read.json().code).toBe('API_KEY_REVOKED');
      const balance = async () => (await request(ctx.app, owner, 'GET', '/api/wallets')).body;
      const before = await balance();
      expect(await kit.keySends(key, payee)).toBe(401);
      expect(await balance()).toBe(before);
      expect((await request(ctx.app, owner, 'GET', '/api/api-keys')).json().keys).toEqual([]);

      // The endpoint is off: no events go to it, and what is sent there is not signed with the old secret.
      const endpoint = await kit.endpointOf(owner, hook);
      expect(endpoint).toMatchObject({ enabled: false, previousSecretUntil: null });
      expect(endpoint.secretRevokedAt).not.toBeNull();
      expect(await kit.deliveredOnPayment(owner, path)).toBe(0);
      const ping = await pingTo(owner, hook, path);
      expect(() => new Webhook(hook.secret).verify(ping.body, ping.headers)).toThrow();
      // It comes back only with a new secret, which the owner sees.
      const turnOn = { enabled: true };
      const refused = await request(ctx.app, owner, 'PATCH', `/api/webhooks/${hook.endpoint.id}`, turnOn);
      expect(refused.statusCode).toBe(409);
      const rotated = await request(
        ctx.app,
        owner,
        'POST',
        `/api/webhooks/${hook.endpoint.id}/rotate-secret`,
      );
      const { secret } = rotated.json() as WebhookSecretAnswer;
      const on = await request(ctx.app, owner, 'PATCH', `/api/webhooks/${hook.endpoint.id}`, turnOn);
      expect(on.json()).toMatchObject({ enabled: true, secretRevokedAt: null });
      const resumed = await pingTo(owner, hook, path);
      expect(new Webhook(secret).verify(resumed.body, resumed.headers)).toMatchObject({
        type: 'webhook.ping',
      });

      // The accountant reads nothing until the owner confirms the access with the password.
      expect((await request(ctx.app, accountant, 'GET', '/api/wallets')).statusCode).toBe(403);
      const reopen = { ownerId: owner.user.id };
      expect(
        (await request(ctx.app, accountant, 'PUT', '/api/accountant-access/open', reopen)).statusCode,
      ).toBe(404);
      const [grant] = (await request(ctx.app, owner, 'GET', '/api/accountants')).json();
      expect(grant.suspendedAt).not.toBeNull();
      const confirmUrl = `/api/accountants/${grant.id}/confirm`;
      const wrong = await request(ctx.app, owner, 'POST', confirmUrl, { password: TEST_PASSWORD });
      expect(wrong.json().fields).toEqual({ password: 'Incorrect password' });
      expect((await request(ctx.app, accountant, 'GET', '/api/wallets')).statusCode).toBe(403);
      const confirmed = await request(ctx.app, owner, 'POST', confirmUrl, { password: NEW_PASSWORD });
      expect(confirmed.json()).toMatchObject({ id: grant.id, status: 'active', suspendedAt: null });
      expect(
        (await request(ctx.app, accountant, 'PUT', '/api/accountant-access/open', reopen)).statusCode,
      ).toBe(200);
      expect((await request(ctx.app, accountant, 'GET', '/api/wallets')).statusCode).toBe(200);

      // The mail says what ended.
      const done = (await resetMails(ctx, owner.user.email)).find((m) => m.kind === 'password-reset-done')!;
      expect(done.body).toContain('1 API key revoked');
      expect(done.body).toContain('1 webhook endpoint turned off');
      expect(done.body).toContain('1 accountant access and invites on hold');
    });

    it('a reset puts an invite not yet accepted on hold too', async () => {
      const setup = await kit.ownerWithEverything();
      const email = `later-${crypto.randomUUID()}@example.com`;
      const invited = await request(ctx.app, setup.owner, 'POST', '/api/accountants/invites', {
        email,
        password: TEST_PASSWORD,
      });
      expect(invited.statusCode).toBe(201);
      const owner = await resetPassword(setup.owner);
      const listed = (await request(ctx.app, owner, 'GET', '/api/accountants')).json() as Array<{
        email: string;
        suspendedAt: string | null;
      }>;
      expect(listed.every((entry) => entry.suspendedAt !== null)).toBe(true);
      expect(listed.map((entry) => entry.email)).toContain(email);
      // Its link accepts nothing while it is on hold.
      const accountant = await signUp(ctx.app, email);
      const token = await inviteToken(ctx.app, email);
      const accept = await request(ctx.app, accountant, 'POST', '/api/accountant-access/accept', { token });
      expect(accept.statusCode).toBe(422);
      expect((await request(ctx.app, accountant, 'GET', '/api/accountant-access')).json()).toEqual([]);
    });

    it('"sign out everywhere" with the option ends them as a reset does', async () => {
      const setup = await kit.ownerWithEverything();
      const { owner, key, payee } = setup;
      const ended = await request(ctx.app, owner, 'DELETE', '/api/user/sessions', {
        password: TEST_PASSWORD,
        revokeStandingCredentials: true,
      });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({
        ended: 0,
        revoked: { apiKeys: 1, webhookEndpoints: 1, accountants: 1 },
      });
      expect(await kit.stillWorking(setup, owner)).toEqual({
        keyReads: 401,
        endpointOn: false,
        accountantReads: 403,
      });
      expect(await kit.keySends(key, payee)).toBe(401);
      expect(await kit.deliveredOnPayment(owner, setup.path)).toBe(0);
      // The session that asked stays signed in.
      expect((await request(ctx.app, owner, 'GET', '/api/auth/me')).statusCode).toBe(200);
    });

    it('"sign out everywhere" without the option leaves them working', async () => {
      const setup = await kit.ownerWithEverything();
      const { owner, key, payee } = setup;
      const ended = await request(ctx.app, owner, 'DELETE', '/api/user/sessions', {
        password: TEST_PASSWORD,
      });
      expect(ended.json()).toEqual({ ended: 0 });
      expect(await kit.stillWorking(setup, owner)).toEqual({
        keyReads: 200,
        endpointOn: true,
        accountantReads: 200,
      });
      expect(await kit.keySends(key, payee)).toBe(201);
      expect(await kit.deliveredOnPayment(owner, setup.path)).toBe(1);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_URLS: true, PASSWORD_RESETS_PER_MINUTE: 1000 },
);
