import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, request, signUp } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { weakPasswordReason } from './password-strength';

const robin = { email: 'robin.reyes@example.com', firstName: 'Robin', lastName: 'Reyes' };

describe('weakPasswordReason', () => {
  it.each([
    ['a run of digits', '123456789012', /commonly used password/],
    ['a repeated word', 'passwordpassword', /Repeated/],
    ['twelve spaces', ' '.repeat(12), /Repeated characters/],
    ['the owner’s own address', 'robin.reyes@example.com', /personal/],
    ['the bank’s name', 'meridianbank1', /personal/],
  ])('refuses %s, saying why', (_label, password, why) => {
    const reason = weakPasswordReason(password, robin);
    expect(reason).toMatch(/^This password is too easy to guess\./);
    expect(reason).toMatch(why);
  });

  it('takes a passphrase of a few ordinary words, and judges a long one by its start', () => {
    expect(weakPasswordReason(TEST_PASSWORD, robin)).toBeNull();
    expect(weakPasswordReason('a brand new passphrase', robin)).toBeNull();
    expect(weakPasswordReason(`${'x'.repeat(64)}${TEST_PASSWORD}`, robin)).not.toBeNull();
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
