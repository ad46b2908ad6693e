import { afterAll, beforeAll, expect, it } from 'vitest';
import { request, sessionCookieFrom, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { openNotificationStream, type StreamClient } from '../../test/sse';
import { describeEachDatabase } from '../../test/test-app';

/**
 * A stream ends with its session, at once. The heartbeat (which also asks) is set far beyond the tests'
 * waits, so only the sign-out itself can explain a stream that ends; a stream that must stay open proves it by
 * receiving a push after the others ended.
 */
describeEachDatabase(
  'live notification streams end with their session',
  (ctx) => {
    let baseUrl: string;
    const streams: StreamClient[] = [];

    const signIn = async (session: Session): Promise<Session> => {
      const response = await request(ctx.app, null, 'POST', '/api/auth/login', {
        email: session.user.email,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      return { ...session, cookie: sessionCookieFrom(response.headers) };
    };
    const sessionIdOf = async (session: Session): Promise<string> => {
      const listed = await request(ctx.app, session, 'GET', '/api/user/sessions');
      return (listed.json() as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
    };
    /** An open stream, and whether the server has ended it yet. */
    const open = async (session: Session) => {
      const stream = await openNotificationStream(baseUrl, session.cookie);
      streams.push(stream);
      await stream.next();
      let ended = false;
      void stream.ended.then(() => (ended = true));
      return { stream, ended: () => ended };
    };
    /** Proves a stream still open: a change of the unread count reaches it. */
    const stillPushedTo = async (session: Session, stream: StreamClient) => {
      await request(ctx.app, session, 'PUT', '/api/notifications/mark-all-read');
      await stream.next((message) => message.unreadCount === 0);
    };

    beforeAll(async () => {
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => streams.forEach((stream) => stream.close()));

    it('ends the stream of a session revoked from another session, and only that one', async () => {
      const laptop = await signUp(ctx.app);
      const phone = await signIn(laptop);
      const tablet = await signIn(laptop);
      const onPhone = await open(phone);
      const onTablet = await open(tablet);

      const revoked = await request(
        ctx.app,
        laptop,
        'DELETE',
        `/api/user/sessions/${await sessionIdOf(phone)}`,
      );
      expect(revoked.statusCode).toBe(204);
      await expect.poll(onPhone.ended).toBe(true);
      await stillPushedTo(laptop, onTablet.stream);
      expect(onTablet.ended()).toBe(false);
    });

    it('ends the stream of a session that signs out', async () => {
      const laptop = await signUp(ctx.app);
      const onLaptop = await open(laptop);
      expect((await request(ctx.app, laptop, 'POST', '/api/auth/logout')).statusCode).toBe(204);
      await expect.poll(onLaptop.ended).toBe(true);
    });

    it("ends every other session's streams when the user signs out everywhere else", async () => {
      const laptop = await signUp(ctx.app);
      const phone = await signIn(laptop);
      const onLaptop = await open(laptop);
      const onPhone = [await open(phone), await open(phone)];

      const ended = await request(ctx.app, laptop, 'DELETE', '/api/user/sessions', {
        password: TEST_PASSWORD,
      });
      expect(ended.json()).toEqual({ ended: 1 });
      for (const stream of onPhone) await expect.poll(stream.ended).toBe(true);
      await stillPushedTo(laptop, onLaptop.stream);
      expect(onLaptop.ended()).toBe(false);
    });
  },
  { NOTIFICATION_HEARTBEAT_SECONDS: 300 },
);
