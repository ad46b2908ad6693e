import { generate } from 'otplib';
import { MAX_PASSKEYS } from '@contract/passkeys';
import { beforeEach, expect, it } from 'vitest';
import { sessionCookieFrom, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { mailedToken } from '../../test/password-reset';
import { describeEachDatabase } from '../../test/test-app';
import { accountantOf } from '../../test/accountants';
import { SoftAuthenticator } from '../../test/webauthn';

let lastOctet = 0;

describeEachDatabase('passkeys', (ctx) => {
  // Sign-in routes are limited per address: each test comes from its own.
  let remoteAddress = '';
  beforeEach(() => {
    lastOctet += 1;
    remoteAddress = `203.0.113.${lastOctet}`;
  });
  const request = (
    session: Session | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress,
      ...(payload && { payload }),
      headers: session ? { cookie: session.cookie } : {},
    });

  /** A passkey made on `authenticator` for `session`'s user, through the two registration calls. */
  const addPasskey = async (session: Session, authenticator: SoftAuthenticator, name = 'Laptop') => {
    const options = await request(session, 'POST', '/api/auth/passkeys/registration/options', {
      password: TEST_PASSWORD,
    });
    expect(options.statusCode).toBe(200);
    const { response } = authenticator.register(options.json());
    const created = await request(session, 'POST', '/api/auth/passkeys/registration', { name, response });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; name: string };
  };

  const signInOptions = async () => {
    const options = await request(null, 'POST', '/api/auth/passkeys/sign-in/options');
    expect(options.statusCode).toBe(200);
    return options.json() as { challenge: string; rpId: string; userVerification: string };
  };

  const signIn = (response: object) => request(null, 'POST', '/api/auth/passkeys/sign-in', { response });

  it('registers a passkey with the password asked again, and lists it', async () => {
    const session = await signUp(ctx.app);
    const wrong = await request(session, 'POST', '/api/auth/passkeys/registration/options', {
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: 'Incorrect password' });

    const options = await request(session, 'POST', '/api/auth/passkeys/registration/options', {
      password: TEST_PASSWORD,
    });
    const json = options.json();
    expect(json.rp).toEqual({ id: 'localhost', name: 'Meridian' });
    expect(json.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(Buffer.from(json.user.id, 'base64url').toString()).toBe(session.user.id);

    const authenticator = new SoftAuthenticator();
    const { response } = authenticator.register(json);
    const created = await request(session, 'POST', '/api/auth/passkeys/registration', {
      name: 'Work laptop',
      response,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: response.id, name: 'Work laptop', lastUsedAt: null });

    // The same credential again (an authenticator that ignored excludeCredentials) is refused.
    const more = await request(session, 'POST', '/api/auth/passkeys/registration/options', {
      password: TEST_PASSWORD,
    });
    const twice = await request(session, 'POST', '/api/auth/passkeys/registration', {
      name: 'Again',
      response: authenticator.register(more.json(), { again: authenticator.credentials[0]! }).response,
    });
    expect(twice.statusCode).toBe(409);

    const list = await request(session, 'GET', '/api/auth/passkeys');
    expect(list.json().passkeys).toEqual([created.json()]);
    // Its id is offered to the authenticator next time, so the same one is not added twice.
    const again = await request(session, 'POST', '/api/auth/passkeys/registration/options', {
      password: TEST_PASSWORD,
    });
    expect(again.json().excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a registration without user verification, or for someone else’s challenge', async () => {
    const session = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    const options = (
      await request(session, 'POST', '/api/auth/passkeys/registration/options', { password: TEST_PASSWORD })
    ).json();
    const unverified = authenticator.register(options, { userVerified: false }).response;
    const refused = await request(session, 'POST', '/api/auth/passkeys/registration', {
      name: 'Key',
      response: unverified,
    });
    expect(refused.statusCode).toBe(422);

    const mine = (
      await request(session, 'POST', '/api/auth/passkeys/registration/options', { password: TEST_PASSWORD })
    ).json();
    const stolen = await request(other, 'POST', '/api/auth/passkeys/registration', {
      name: 'Key',
      response: authenticator.register(mine).response,
    });
    expect(stolen.statusCode).toBe(422);
    expect((await request(other, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([]);
  });

  it(`counts the cap of ${MAX_PASSKEYS} when a passkey is added, not only when it is asked for`, async () => {
    const session = await signUp(ctx.app);
    const at = new Date().toISOString();
    await ctx.app.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: MAX_PASSKEYS - 2 }, (_, n) => ({
          id: `stored-${n}-${session.user.id}`,
          user_id: session.user.id,
          name: `Key ${n}`,
          public_key: 'AQID',
          counter: 0,
          transports: 'usb',
          device_type: 'singleDevice' as const,
          backed_up: 0,
          created_at: at,
          last_used_at: null,
        })),
      )
      .execute();
    // Three challenges handed out while two places were left, answered at once: two passkeys fit.
    const authenticator = new SoftAuthenticator();
    const responses = [];
    for (let n = 0; n < 3; n++) {
      const options = await request(session, 'POST', '/api/auth/passkeys/registration/options', {
        password: TEST_PASSWORD,
      });
      expect(options.statusCode, options.body).toBe(200);
      responses.push(authenticator.register(options.json()).response);
    }
    const answers = await Promise.all(
      responses.map((response, n) =>
        request(session, 'POST', '/api/auth/passkeys/registration', { name: `New ${n}`, response }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 422]);
    expect((await request(session, 'GET', '/api/auth/passkeys')).json().passkeys).toHaveLength(MAX_PASSKEYS);
  });

  it('signs in with no password and no email, and records the use', async () => {
    const session = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    const passkey = await addPasskey(session, authenticator);

    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options).not.toHaveProperty('allowCredentials.0');
    const response = await signIn(authenticator.assert(options));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: session.user.id, email: session.user.email });
    const cookie = sessionCookieFrom(response.headers);
    const me = await request({ cookie, user: session.user }, 'GET', '/api/auth/me');
    expect(me.json().user.id).toBe(session.user.id);

    const [listed] = (await request(session, 'GET', '/api/auth/passkeys')).json().passkeys;
    expect(listed).toMatchObject({ id: passkey.id, lastUsedAt: expect.any(String) });
  });

  it('refuses a wrong challenge, and a challenge a second time', async () => {
    const session = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    await addPasskey(session, authenticator);

    const options = await signInOptions();
    const made = await signIn(authenticator.assert(options, { challenge: 'bm90LWEtY2hhbGxlbmdl' }));
    expect(made.statusCode).toBe(401);
    expect(made.json().code).toBe('SIGN_IN_EXPIRED');
    // The registration's kind of challenge does not sign in either.
    const registration = (
      await request(session, 'POST', '/api/auth/passkeys/registration/options', { password: TEST_PASSWORD })
    ).json();
    expect((await signIn(authenticator.assert({ challenge: registration.challenge }))).statusCode).toBe(401);

    const first = await signIn(authenticator.assert(options));
    expect(first.statusCode).toBe(200);
    const replay = await signIn(authenticator.assert(options));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SIGN_IN_EXPIRED');
  });

  it('refuses a signature count that goes backwards, and a wrong origin or no user verification', async () => {
    const session = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    await addPasskey(session, authenticator);
    expect((await signIn(authenticator.assert(await signInOptions(), { counter: 5 }))).statusCode).toBe(200);

    const cloned = await signIn(authenticator.assert(await signInOptions(), { counter: 4 }));
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().code).toBe('INVALID_CREDENTIALS');
    const same = await signIn(authenticator.assert(await signInOptions(), { counter: 5 }));
    expect(same.statusCode).toBe(401);

    const elsewhere = await signIn(
      authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }),
    );
    expect(elsewhere.statusCode).toBe(401);
    const unverified = await signIn(authenticator.assert(await signInOptions(), { userVerified: false }));
    expect(unverified.statusCode).toBe(401);

    expect((await signIn(authenticator.assert(await signInOptions()))).statusCode).toBe(200);
  });

  it('satisfies two-factor for a user with TOTP on', async () => {
    const session = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    await addPasskey(session, authenticator);
    const setup = await request(session, 'POST', '/api/user/2fa/setup');
    const { secret } = setup.json();
    const enable = await request(session, 'POST', '/api/user/2fa/enable', {
      code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
      password: TEST_PASSWORD,
    });
    expect(enable.statusCode).toBe(200);
    const password = await request(null, 'POST', '/api/auth/login', {
      email: session.user.email,
      password: TEST_PASSWORD,
    });
    expect(password.json()).toMatchObject({ twoFactorRequired: true });

    const response = await signIn(authenticator.assert(await signInOptions()));
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieFrom(response.headers);
    expect((await request({ cookie, user: session.user }, 'GET', '/api/wallets')).statusCode).toBe(200);
  });

  it('renames and removes only the owner’s passkeys; a removed one no longer signs in', async () => {
    const session = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    const passkey = await addPasskey(session, authenticator);

    expect(
      (await request(other, 'PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await request(other, 'DELETE', `/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(404);

    const renamed = await request(session, 'PATCH', `/api/auth/passkeys/${passkey.id}`, { name: 'Phone' });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });
    expect((await request(session, 'DELETE', `/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await request(session, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([]);

    const gone = await signIn(authenticator.assert(await signInOptions()));
    expect(gone.statusCode).toBe(401);
    expect(gone.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('are all removed by a password reset, and kept by a password change', async () => {
    const session = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    await addPasskey(session, authenticator, 'Laptop');
    await addPasskey(session, new SoftAuthenticator(), 'Phone');

    // Changing the password, knowing the current one, keeps them: the owner is the one signed in.
    const changed = await request(session, 'POST', '/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'lantern orchard velvet',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await request(session, 'GET', '/api/auth/passkeys')).json().passkeys).toHaveLength(2);

    // A reset is how an account is taken back: a passkey whoever had it added must not outlive it.
    expect(
      (await request(null, 'POST', '/api/auth/password-reset', { email: session.user.email })).statusCode,
    ).toBe(202);
    const token = await mailedToken(ctx, session.user.email);
    const reset = await request(null, 'POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'quiet harbour lantern',
    });
    expect(reset.statusCode, reset.body).toBe(204);

    expect(
      await ctx.app.db.selectFrom('passkeys').select('id').where('user_id', '=', session.user.id).execute(),
    ).toEqual([]);
    const refused = await signIn(authenticator.assert(await signInOptions()));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('keeps challenges in the database, where any process finds them', async () => {
    const options = await signInOptions();
    const row = await ctx.app.db
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('challenge', '=', options.challenge)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'sign-in', user_id: null });
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now());
  });

  it('is for signed-in owners: anonymous management is refused', async () => {
    expect((await request(null, 'GET', '/api/auth/passkeys')).statusCode).toBe(401);
    expect(
      (await request(null, 'POST', '/api/auth/passkeys/registration/options', { password: 'x' })).statusCode,
    ).toBe(401);
  });

  it('is not for an accountant reading someone’s books', async () => {
    const owner = await signUp(ctx.app);
    const passkey = await addPasskey(owner, new SoftAuthenticator());
    const { accountant } = await accountantOf(ctx.app, owner);
    expect((await request(accountant, 'GET', '/api/auth/passkeys')).statusCode).toBe(403);
    const options = await request(accountant, 'POST', '/api/auth/passkeys/registration/options', {
      password: TEST_PASSWORD,
    });
    expect(options.statusCode).toBe(403);
    expect((await request(accountant, 'DELETE', `/api/auth/passkeys/${passkey.id}`)).statusCode).toBe(403);
    expect((await request(owner, 'GET', '/api/auth/passkeys')).json().passkeys).toHaveLength(1);
  });

  it('counts a failed passkey sign-in against its address, as a failed password is, and obeys the wait', async () => {
    const session = await signUp(ctx.app);
    const authenticator = new SoftAuthenticator();
    await addPasskey(session, authenticator);
    const key = `source:${remoteAddress}`;
    const failures = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('login_throttle')
            .select('failures')
            .where('key', '=', key)
            .executeTakeFirst()
        )?.failures ?? 0,
      );

    const refused = await signIn(
      authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }),
    );
    expect(refused.statusCode).toBe(401);
    expect(await failures()).toBe(1);
    // A success takes back only its own attempt.
    expect((await signIn(authenticator.assert(await signInOptions()))).statusCode).toBe(200);
    expect(await failures()).toBe(1);

    // The address is made to wait (as many failed passwords from it would): even a right passkey waits.
    await ctx.app.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('key', '=', key)
      .execute();
    const options = await signInOptions();
    const waiting = await signIn(authenticator.assert(options));
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBeDefined();
  });
});
