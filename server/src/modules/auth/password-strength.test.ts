import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, request, signUp } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { createPasswordEstimator } from './password-estimator';
import { weakPasswordReason } from './password-strength';

const robin = { email: 'robin.reyes@example.com', firstName: 'Robin', lastName: 'Reyes' };

describe('weakPasswordReason', () => {
  it.each([
    ['a run of digits', '123456789012', /commonly used password/],
    ['a repeated word', 'passwordpassword', /Repeated/],
    ['twelve spaces', ' '.repeat(12), /Repeated characters/],
    ['the owner’s own address', 'robin.reyes@example.com', /personal/],
    ['the bank’s name', 'meridianbank1', /personal/],
  ])('refuses %s, saying why', async (_label, password, why) => {
    const reason = await weakPasswordReason(password, robin);
    expect(reason).toMatch(/^This password is too easy to guess\./);
    expect(reason).toMatch(why);
  });

  it('takes a passphrase of a few ordinary words, and judges a long one by its start', async () => {
    expect(await weakPasswordReason(TEST_PASSWORD, robin)).toBeNull();
    expect(await weakPasswordReason('a brand new passphrase', robin)).toBeNull();
    expect(await weakPasswordReason(`${'x'.repeat(64)}${TEST_PASSWORD}`, robin)).not.toBeNull();
  });

  it('judges off the event loop: other work goes on while a hostile password is checked', async () => {
    // Symbols and l33t look-alikes, 128 characters: among the slowest inputs for zxcvbn's matchers.
    const hostile =
      'l4s0a+130+5|5o+t3i5eao743i40e03e4155@30a30l!!0+los|a|47et1e1so@@eio$@e5oe@13!|a5@i1is4i+slte330+1ti4ae0!+@!17aa+$+704e|o3$@i$7$1';
    await weakPasswordReason('the thread is warm', robin);
    const order: string[] = [];
    const checked = Promise.resolve(weakPasswordReason(hostile, robin)).then((reason) => {
      order.push('checked');
      return reason;
    });
    await new Promise((resolve) => setImmediate(resolve));
    order.push('the loop turned');
    // Random enough to pass: it is its cost that matters here.
    expect(await checked).toBeNull();
    expect(order).toEqual(['the loop turned', 'checked']);
  });

  it('ends an estimate that outlasts its timeout, and fails it', async () => {
    const estimator = createPasswordEstimator({ maxLength: 64, l33tMaxSubstitutions: 4, timeoutMs: 1 });
    await expect(estimator.estimate(TEST_PASSWORD, [])).rejects.toThrow(/took over 1 ms/);
  });
});

describeEachDatabase('weak passwords', (ctx) => {
  it('are refused at sign-up with the reason on the field, and no account is made', async () => {
    const email = `weak-${crypto.randomUUID()}@example.com`;
    for (const password of ['123456789012', 'passwordpassword', ' '.repeat(12)]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().fields.password).toMatch(/too easy to guess/);
    }
    const users = await ctx.app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toEqual([]);
  });

  it('count the user’s own name and address against the password', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'quentin.zabriskie@example.com', password: 'quentinzabriskie', firstName: 'Quentin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toMatch(/personal/);
  });

  it('are refused as a new password, and the old one still works', async () => {
    const ada = await signUp(ctx.app);
    const change = await request(ctx.app, ada, 'POST', '/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: '123456789012',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().fields.newPassword).toMatch(/commonly used password/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ada.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
