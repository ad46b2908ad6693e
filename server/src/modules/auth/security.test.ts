import { expect, it } from 'vitest';
import type { AccountSession } from '@contract/security';
import { request, sessionCookieFrom, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('password and sessions', (ctx) => {
  const signIn = async (
    email: string,
    password = TEST_PASSWORD,
    userAgent = 'Mozilla/5.0 (X11; Linux) Firefox/130.0',
  ) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
    });
    return response.statusCode === 200
      ? { cookie: sessionCookieFrom(response.headers), user: response.json().user }
      : null;
  };
  const me = (session: Session) => request(ctx.app, session, 'GET', '/api/auth/me');

  it('lists where the account is signed in, marks this session, and signs others out', async () => {
    const first = await signUp(ctx.app);
    const phone = (await signIn(
      first.user.email,
      TEST_PASSWORD,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1',
    ))!;
    const laptop = (await signIn(first.user.email))!;
    const sessions: AccountSession[] = (await request(ctx.app, laptop, 'GET', '/api/user/sessions')).json();
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((each) => each.current)).toHaveLength(1);
    expect(sessions.map((each) => each.device)).toEqual(
      expect.arrayContaining(['Safari on iOS', 'Firefox on Linux']),
    );

    const phoneSession = sessions.find((each) => each.device === 'Safari on iOS')!;
    const stranger = await signUp(ctx.app);
    expect(
      (await request(ctx.app, stranger, 'DELETE', `/api/user/sessions/${phoneSession.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(ctx.app, laptop, 'DELETE', `/api/user/sessions/${phoneSession.id}`)).statusCode,
    ).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);

    const ended = await request(ctx.app, laptop, 'DELETE', '/api/user/sessions', { password: TEST_PASSWORD });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('changes the password given the current one, ends every other session, and tells the owner', async () => {
    const owner = await signUp(ctx.app);
    const other = (await signIn(owner.user.email))!;
    const change = (body: Record<string, string>) =>
      request(ctx.app, owner, 'POST', '/api/user/password', body);

    const wrong = await change({
      currentPassword: 'not the password',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Incorrect password' });
    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' })).statusCode).toBe(400);
    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD })).statusCode).toBe(
      400,
    );

    expect(
      (await change({ currentPassword: TEST_PASSWORD, newPassword: 'a brand new passphrase' })).statusCode,
    ).toBe(204);
    expect((await me(owner)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect(await signIn(owner.user.email)).toBeNull();
    expect(await signIn(owner.user.email, 'a brand new passphrase')).not.toBeNull();
    const notices: { title: string; type: string }[] = (
      await request(ctx.app, owner, 'GET', '/api/notifications')
    ).json();
    expect(notices.filter((notice) => notice.title === 'Password changed')).toEqual([
      expect.objectContaining({ type: 'security', category: 'warning' }),
    ]);
  });

  it('has no password to change on a demo, and is signed-in only', async () => {
    const demo = await startDemo(ctx.app);
    const response = await request(ctx.app, demo, 'POST', '/api/user/password', {
      currentPassword: 'anything at all',
      newPassword: 'a brand new passphrase',
    });
    expect(response.statusCode).toBe(403);
    expect((await request(ctx.app, null, 'GET', '/api/user/sessions')).statusCode).toBe(401);
    expect(
      (await request(ctx.app, null, 'DELETE', '/api/user/sessions', { password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
  });
});
