import { beforeAll, describe, expect, it } from 'vitest';
import { makeApiKey, withKey } from '../../test/api-keys';
import { request, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';

/** The UTC day `days` from today, as the expiry field takes it. */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const send = (recipientEmail: string, amount = '10.00') => ({ amount, fromCurrency: 'USD', recipientEmail });

describeEachDatabase('personal API keys', (ctx) => {
  let owner: Session;
  let payee: Session;

  beforeAll(async () => {
    owner = await signUp(ctx.app);
    payee = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, owner);
    await fund(ctx.app.db, wallets.USD!.id, '500.00', 'USD');
  });

  describe('made and listed in the profile', () => {
    it('shows the secret once and keeps only its hash', async () => {
      const key = await makeApiKey(ctx.app, owner, 'read', { name: 'Receipt filer' });
      expect(key.secret).toMatch(/^mer_live_[A-Za-z0-9_-]{43}$/);
      expect(key.secret.startsWith(key.prefix)).toBe(true);
      expect(key).toMatchObject({ name: 'Receipt filer', scope: 'read', lastUsedAt: null, expiresAt: null });
      const list = await request(ctx.app, owner, 'GET', '/api/api-keys');
      expect(list.statusCode).toBe(200);
      const listed = list.json().keys.find((k: { id: string }) => k.id === key.id);
      expect(listed).toEqual({ ...key, secret: undefined });
      expect(list.body).not.toContain(key.secret);
      const row = await ctx.app.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(key.secret.slice(key.prefix.length));
    });

    it('gives a demo account a demo key', async () => {
      const demo = await startDemo(ctx.app);
      const key = await makeApiKey(ctx.app, demo, 'payments');
      expect(key.secret).toMatch(/^mer_demo_/);
    });

    it('sets the expiry at the end of the chosen day, and refuses a past day', async () => {
      const key = await makeApiKey(ctx.app, owner, 'read', { expiresOn: dayIn(30) });
      expect(key.expiresAt).toBe(`${dayIn(31)}T00:00:00.000Z`);
      const far = await request(ctx.app, owner, 'POST', '/api/api-keys', {
        name: 'Forever',
        scope: 'read',
        expiresOn: dayIn(800),
        password: TEST_PASSWORD,
      });
      expect(far.statusCode).toBe(400);
      const past = await request(ctx.app, owner, 'POST', '/api/api-keys', {
        name: 'Old',
        scope: 'read',
        expiresOn: '2020-01-01',
        password: TEST_PASSWORD,
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().fields.expiresOn).toBeTruthy();
    });

    it("answers 404 for another user's key, which stays working", async () => {
      const key = await makeApiKey(ctx.app, owner, 'read');
      const response = await request(ctx.app, payee, 'DELETE', `/api/api-keys/${key.id}`);
      expect(response.statusCode).toBe(404);
      expect((await withKey(ctx.app, key.secret, 'GET', '/api/wallets')).statusCode).toBe(200);
    });
  });

  describe('calling the API with a key', () => {
    it('lists transactions with a read key, as the owner sees them', async () => {
      await request(ctx.app, owner, 'POST', '/api/transactions', send(payee.user.email, '1.00'), newKey());
      const key = await makeApiKey(ctx.app, owner, 'read');
      const withSession = await request(ctx.app, owner, 'GET', '/api/transactions');
      const response = await withKey(ctx.app, key.secret, 'GET', '/api/transactions');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(withSession.body);
      expect(response.json().length).toBeGreaterThan(0);
    });

    it('refuses to send money with a read-only key, and nothing moves', async () => {
      const key = await makeApiKey(ctx.app, owner, 'read');
      const before = await ledgerSnapshot(ctx.app.db);
      const response = await withKey(
        ctx.app,
        key.secret,
        'POST',
        '/api/transactions',
        send(payee.user.email),
        newKey(),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
      expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    });

    it('sends money with a payments key and an Idempotency-Key, once', async () => {
      const key = await makeApiKey(ctx.app, owner, 'payments');
      const idempotency = newKey();
      const first = await withKey(
        ctx.app,
        key.secret,
        'POST',
        '/api/transactions',
        send(payee.user.email),
        idempotency,
      );
      expect(first.statusCode, first.body).toBe(201);
      const again = await withKey(
        ctx.app,
        key.secret,
        'POST',
        '/api/transactions',
        send(payee.user.email),
        idempotency,
      );
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const without = await withKey(ctx.app, key.secret, 'POST', '/api/transactions', send(payee.user.email));
      expect(without.statusCode).toBe(400);
    });

    it('lets an invoices key write invoices but not send money, and a payments key not write invoices', async () => {
      const invoicesKey = await makeApiKey(ctx.app, owner, 'invoices');
      const paymentsKey = await makeApiKey(ctx.app, owner, 'payments');
      const made = await withKey(ctx.app, invoicesKey.secret, 'POST', '/api/invoices', invoiceBody());
      expect(made.statusCode, made.body).toBe(201);
      const sent = await withKey(
        ctx.app,
        invoicesKey.secret,
        'POST',
        '/api/transactions',
        send(payee.user.email),
        newKey(),
      );
      expect(sent.statusCode).toBe(403);
      const invoice = await withKey(ctx.app, paymentsKey.secret, 'POST', '/api/invoices', invoiceBody());
      expect(invoice.statusCode).toBe(403);
    });

    it('never manages keys, the password, the email, sessions or two-factor', async () => {
      const key = await makeApiKey(ctx.app, owner, 'payments');
      const other = await makeApiKey(ctx.app, owner, 'read');
      const calls = [
        ['GET', '/api/api-keys', undefined],
        ['POST', '/api/api-keys', { name: 'More', scope: 'payments', password: TEST_PASSWORD }],
        ['DELETE', `/api/api-keys/${other.id}`, undefined],
        [
          'POST',
          '/api/user/password',
          { currentPassword: TEST_PASSWORD, newPassword: 'another horse battery staple' },
        ],
        ['PATCH', '/api/user', { email: 'mallory@example.com', currentPassword: TEST_PASSWORD }],
        ['GET', '/api/user/sessions', undefined],
        ['DELETE', '/api/user/sessions', { password: TEST_PASSWORD }],
        ['POST', '/api/user/2fa/setup', {}],
        ['GET', '/api/user/2fa', undefined],
        ['POST', '/api/accountants/invites', { email: 'mallory@example.com', password: TEST_PASSWORD }],
      ] as const;
      for (const [method, url, body] of calls) {
        const response = await withKey(ctx.app, key.secret, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await withKey(ctx.app, other.secret, 'GET', '/api/wallets')).statusCode).toBe(200);
    });

    it('never lets a cookie authenticate a bearer call', async () => {
      const key = await makeApiKey(ctx.app, owner, 'read');
      const wrong = await withKey(ctx.app, 'mer_live_not-a-key', 'GET', '/api/wallets', undefined, {
        cookie: owner.cookie,
      });
      expect(wrong.statusCode).toBe(401);
      const other = await withKey(ctx.app, 'not-ours', 'GET', '/api/wallets', undefined, {
        cookie: owner.cookie,
      });
      expect(other.statusCode).toBe(401);
      // The owner's session does not lift a read key to sending.
      const lifted = await withKey(ctx.app, key.secret, 'POST', '/api/transactions', send(payee.user.email), {
        cookie: owner.cookie,
        ...newKey(),
      });
      expect(lifted.statusCode).toBe(403);
      // Another user's session does not change whose books the key reads.
      const mixed = await withKey(ctx.app, key.secret, 'GET', '/api/wallets', undefined, {
        cookie: payee.cookie,
      });
      expect(mixed.body).toBe((await request(ctx.app, owner, 'GET', '/api/wallets')).body);
    });

    it('does not ask a bearer call for a same-site origin', async () => {
      const key = await makeApiKey(ctx.app, owner, 'invoices');
      const response = await withKey(
        ctx.app,
        key.secret,
        'POST',
        '/api/clients',
        {
          name: 'Script client',
          email: 'script-client@example.com',
        },
        { origin: 'https://elsewhere.example' },
      );
      expect(response.statusCode, response.body).toBe(201);
      const session = await request(
        ctx.app,
        owner,
        'POST',
        '/api/clients',
        { name: 'X', email: 'x@example.com' },
        {
          origin: 'https://elsewhere.example',
        },
      );
      expect(session.statusCode).toBe(403);
    });

    it('refuses an expired key and a revoked key with their own codes', async () => {
      const expiring = await makeApiKey(ctx.app, owner, 'read', { expiresOn: dayIn(1) });
      await ctx.app.db
        .updateTable('api_keys')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expiring.id)
        .execute();
      const expired = await withKey(ctx.app, expiring.secret, 'GET', '/api/transactions');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('API_KEY_EXPIRED');

      const key = await makeApiKey(ctx.app, owner, 'read');
      expect((await withKey(ctx.app, key.secret, 'GET', '/api/transactions')).statusCode).toBe(200);
      expect((await request(ctx.app, owner, 'DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
      const revoked = await withKey(ctx.app, key.secret, 'GET', '/api/transactions');
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().code).toBe('API_KEY_REVOKED');
      const list = (await request(ctx.app, owner, 'GET', '/api/api-keys')).json();
      expect(list.keys.map((k: { id: string }) => k.id)).not.toContain(key.id);
    });

    it('notes when a key was last used', async () => {
      const key = await makeApiKey(ctx.app, owner, 'read');
      await withKey(ctx.app, key.secret, 'GET', '/api/wallets');
      const listed = (await request(ctx.app, owner, 'GET', '/api/api-keys'))
        .json()
        .keys.find((k: { id: string }) => k.id === key.id);
      expect(listed.lastUsedAt).not.toBeNull();
    });

    it('keeps a demo key in the demo book', async () => {
      const demo = await startDemo(ctx.app);
      const key = await makeApiKey(ctx.app, demo, 'payments');
      const before = await ledgerSnapshot(ctx.app.db);
      const response = await withKey(
        ctx.app,
        key.secret,
        'POST',
        '/api/transactions',
        send(payee.user.email, '1.00'),
        newKey(),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('DEMO_ACCOUNT');
      expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    });
  });
});

describeEachDatabase(
  'the rate limit of an API key',
  (ctx) => {
    it('answers 429 once a key has made its calls for the minute, and counts each key apart', async () => {
      const owner = await signUp(ctx.app);
      const busy = await makeApiKey(ctx.app, owner, 'read');
      const quiet = await makeApiKey(ctx.app, owner, 'read');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await withKey(ctx.app, busy.secret, 'GET', '/api/wallets')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await withKey(ctx.app, quiet.secret, 'GET', '/api/wallets')).statusCode).toBe(200);
      // The owner's browser, from the same address, has its own limit.
      expect((await request(ctx.app, owner, 'GET', '/api/wallets')).statusCode).toBe(200);
    });
  },
  { API_KEY_RATE_LIMIT_PER_MINUTE: 3 },
);
