import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Notification } from '@contract/notifications';
import { request, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { fund, newKey, sendUsd, walletsOf } from '../../test/money';
import { openNotificationStream, type StreamClient } from '../../test/sse';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { returnDueHeldTransfers } from '../transfers/held-transfers';
import { settleDuePayouts } from '../transfers/payouts';

const list = async (ctx: TestContext, session: Session, query = ''): Promise<Notification[]> => {
  const response = await request(ctx.app, session, 'GET', `/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const unread = async (ctx: TestContext, session: Session): Promise<number> =>
  (await request(ctx.app, session, 'GET', '/api/notifications/unread-count')).json().count;

/** The titles each user gained while `act` ran, in alphabetical order (events in one transaction share a time). */
async function raisedBy(ctx: TestContext, sessions: Session[], act: () => Promise<unknown>) {
  const before = await Promise.all(sessions.map(async (s) => new Set((await list(ctx, s)).map((n) => n.id))));
  await act();
  return Promise.all(
    sessions.map(async (s, i) =>
      (await list(ctx, s))
        .filter((n) => !before[i]!.has(n.id))
        .map((n) => n.title)
        .sort(),
    ),
  );
}

describeEachDatabase('notifications raised by events', (ctx) => {
  let alice: Session;
  let bob: Session;
  const send = (from: Session, recipientEmail: string, amount = '25.00') =>
    sendUsd(ctx.app, from, recipientEmail, amount);

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '1000.00', 'USD');
  });

  it('welcomes a new account and tells it its address is verified', async () => {
    const titles = (await list(ctx, alice)).map((n) => n.title);
    expect(titles).toEqual(['Email address verified', 'Welcome to Meridian']);
  });

  it('tells the sender and the recipient of a payment, once each, and nobody else', async () => {
    const [a, b] = await raisedBy(ctx, [alice, bob], async () => {
      expect((await send(alice, bob.user.email)).statusCode).toBe(201);
    });
    expect(a).toEqual(['Money sent']);
    expect(b).toEqual(['Money received']);
    const [received] = await list(ctx, bob);
    expect(received).toMatchObject({
      category: 'success',
      type: 'payment',
      isRead: false,
      actionUrl: '/history',
    });
    expect(received!.message).toContain('$25.00');
  });

  it('raises nothing for a payment that failed', async () => {
    const [a, b] = await raisedBy(ctx, [alice, bob], async () => {
      expect((await send(alice, bob.user.email, '999999.00')).statusCode).toBe(422);
    });
    expect([a, b]).toEqual([[], []]);
  });

  it('raises nothing more when a payment is replayed with the same key', async () => {
    const key = newKey();
    const body = { amount: '5.00', fromCurrency: 'USD', recipientEmail: bob.user.email };
    const [a, b] = await raisedBy(ctx, [alice, bob], async () => {
      await request(ctx.app, alice, 'POST', '/api/transactions', body, key);
      await request(ctx.app, alice, 'POST', '/api/transactions', body, key);
    });
    expect([a, b]).toEqual([['Money sent'], ['Money received']]);
  });

  it('tells of a conversion and of a sandbox deposit', async () => {
    const [a] = await raisedBy(ctx, [alice], async () => {
      const converted = await request(
        ctx.app,
        alice,
        'POST',
        '/api/convert',
        { amount: '10.00', from: 'USD', to: 'EUR' },
        newKey(),
      );
      expect(converted.statusCode).toBe(201);
      const wallet = (await walletsOf(ctx.app, alice)).EUR!;
      const deposit = await request(
        ctx.app,
        alice,
        'POST',
        `/api/wallets/${wallet.id}/deposit`,
        { amount: '50.00' },
        newKey(),
      );
      expect(deposit.statusCode).toBe(201);
    });
    expect(a).toEqual(['Conversion complete', 'Funds added']);
  });

  it('follows a held payment: waiting, then delivered to whoever verifies the address', async () => {
    const carol = await signUp(ctx.app, undefined, { verified: false });
    const [a1] = await raisedBy(ctx, [alice], async () => {
      expect((await send(alice, carol.user.email)).statusCode).toBe(201);
    });
    expect(a1).toEqual(['Payment waiting for its recipient']);
    const [a2, c] = await raisedBy(ctx, [alice, carol], async () => {
      const { verifyEmail } = await import('../../test/http');
      await verifyEmail(ctx.app, carol);
    });
    expect(a2).toEqual(['Held payment delivered']);
    expect(c).toEqual(['Email address verified', 'Money received']);
  });

  it('tells the sender when an unclaimed payment comes back', async () => {
    const [a] = await raisedBy(ctx, [alice], async () => {
      await send(alice, `nobody-${crypto.randomUUID()}@example.com`);
      const later = new Date(Date.now() + (ctx.config.HELD_TRANSFER_RETURN_DAYS + 1) * 86_400_000);
      await returnDueHeldTransfers(ctx.app.db, { mailer: ctx.app.mail, notifier: ctx.app.notifier }, later);
    });
    expect(a).toEqual(['Payment returned', 'Payment waiting for its recipient']);
  });

  it("tells a demo when its simulated payout settles, and starts it with its story's news", async () => {
    const demo = await startDemo(ctx.app);
    expect((await list(ctx, demo)).map((n) => n.title)).toEqual([
      'Welcome to Meridian',
      'Money received',
      'Money received',
    ]);
    const [d] = await raisedBy(ctx, [demo], async () => {
      await send(demo, 'payee@outside.example', '10.00');
      await settleDuePayouts(ctx.app.db, {
        notifier: ctx.app.notifier,
        delaySeconds: 0,
        now: new Date(Date.now() + 1000),
      });
    });
    expect(d).toEqual(['Money sent', 'Payout settled']);
  });

  it('warns of a sign-in from a new browser, not from one that signed in before', async () => {
    const signIn = (cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: alice.user.email, password: TEST_PASSWORD },
        headers: {
          'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/130.0 Safari/537.36',
          ...(cookie && { cookie }),
        },
      });
    let device = '';
    const [first] = await raisedBy(ctx, [alice], async () => {
      const response = await signIn();
      expect(response.statusCode).toBe(200);
      const cookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('meridian_device='));
      device = cookie!.split(';')[0]!;
    });
    expect(first).toEqual(['New sign-in to your account']);
    const [notice] = await list(ctx, alice);
    expect(notice).toMatchObject({ type: 'security', category: 'warning' });
    expect(notice!.message).toContain('Chrome on macOS');
    const [again] = await raisedBy(ctx, [alice], async () => {
      expect((await signIn(device)).statusCode).toBe(200);
    });
    expect(again).toEqual([]);
  });
});

describeEachDatabase('the notification calls', (ctx) => {
  let dana: Session;
  let eve: Session;

  beforeAll(async () => {
    dana = await signUp(ctx.app);
    eve = await signUp(ctx.app);
    // Twelve more, a millisecond apart (stamped, not waited for), for paging.
    const start = Date.now();
    for (let i = 0; i < 12; i++) {
      await ctx.app.db.transaction().execute((trx) =>
        ctx.app.notifier.raise(
          trx,
          dana.user.id,
          {
            category: 'info',
            type: i % 2 ? 'payment' : 'system',
            title: `Note ${i}`,
            message: `Number ${i}`,
          },
          new Date(start + i).toISOString(),
        ),
      );
    }
  });

  it('lists newest first, pinned on top, in keyset pages', async () => {
    const all = await list(ctx, dana);
    expect(all).toHaveLength(14);
    expect(all[0]!.title).toBe('Note 11');
    const pinned = all[5]!;
    expect((await request(ctx.app, dana, 'PUT', `/api/notifications/${pinned.id}/pin`)).statusCode).toBe(204);

    const seen: Notification[] = [];
    let cursor: string | undefined;
    do {
      const response = await request(
        ctx.app,
        dana,
        'GET',
        `/api/notifications?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...response.json());
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen.map((n) => n.id)).toEqual([pinned.id, ...all.filter((n) => n !== pinned).map((n) => n.id)]);
    expect(seen[0]!.isPinned).toBe(true);

    expect((await request(ctx.app, dana, 'PUT', `/api/notifications/${pinned.id}/unpin`)).statusCode).toBe(
      204,
    );
    expect((await list(ctx, dana)).map((n) => n.id)).toEqual(all.map((n) => n.id));
  });

  it('counts unread, marks one and then all read', async () => {
    expect(await unread(ctx, dana)).toBe(14);
    const [first] = await list(ctx, dana);
    expect((await request(ctx.app, dana, 'PUT', `/api/notifications/${first!.id}/read`)).statusCode).toBe(
      204,
    );
    expect(await unread(ctx, dana)).toBe(13);
    expect((await list(ctx, dana))[0]!.isRead).toBe(true);
    const all = await request(ctx.app, dana, 'PUT', '/api/notifications/mark-all-read');
    expect(all.json()).toEqual({ marked: 13 });
    expect(await unread(ctx, dana)).toBe(0);
  });

  it('deletes', async () => {
    const [first] = await list(ctx, dana);
    expect((await request(ctx.app, dana, 'DELETE', `/api/notifications/${first!.id}`)).statusCode).toBe(204);
    expect((await list(ctx, dana)).map((n) => n.id)).not.toContain(first!.id);
    expect((await request(ctx.app, dana, 'DELETE', `/api/notifications/${first!.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's notification and changes nothing", async () => {
    const [theirs] = await list(ctx, dana);
    for (const [method, path] of [
      ['PUT', 'read'],
      ['PUT', 'pin'],
      ['PUT', 'unpin'],
      ['DELETE', ''],
    ] as const) {
      const url = `/api/notifications/${theirs!.id}${path ? `/${path}` : ''}`;
      const response = await request(ctx.app, eve, method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Notification not found' });
    }
    expect((await list(ctx, dana))[0]).toEqual(theirs);
    expect((await list(ctx, eve)).map((n) => n.id)).not.toContain(theirs!.id);
  });

  it('refuses a bad cursor or limit, and anyone signed out', async () => {
    expect((await request(ctx.app, dana, 'GET', '/api/notifications?cursor=nope!')).statusCode).toBe(400);
    expect((await request(ctx.app, dana, 'GET', '/api/notifications?limit=0')).statusCode).toBe(400);
    expect((await request(ctx.app, dana, 'GET', '/api/notifications?limit=101')).statusCode).toBe(400);
    for (const url of [
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/notifications/stream',
    ]) {
      expect((await request(ctx.app, null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await request(ctx.app, null, 'PUT', '/api/notifications/mark-all-read')).statusCode).toBe(401);
  });
});

describeEachDatabase(
  'live notification streams',
  (ctx) => {
    let baseUrl: string;
    let frank: Session;
    let gina: Session;
    const streams: StreamClient[] = [];
    const open = async (session: Session) => {
      const stream = await openNotificationStream(baseUrl, session.cookie);
      streams.push(stream);
      return stream;
    };

    beforeAll(async () => {
      baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      frank = await signUp(ctx.app);
      gina = await signUp(ctx.app);
      await fund(ctx.app.db, (await walletsOf(ctx.app, frank)).USD!.id, '100.00', 'USD');
    });
    afterAll(() => streams.forEach((stream) => stream.close()));

    it('pushes a payment to every open stream of the recipient, and nothing to anyone else', async () => {
      const [first, second, sender] = [await open(gina), await open(gina), await open(frank)];
      expect(first.status).toBe(200);
      expect(first.contentType).toBe('text/event-stream; charset=utf-8');
      expect(await first.next()).toEqual({ notifications: [], unreadCount: 2 });
      await second.next();
      await sender.next();

      const sent = await request(
        ctx.app,
        frank,
        'POST',
        '/api/transactions',
        { amount: '12.00', fromCurrency: 'USD', recipientEmail: gina.user.email },
        newKey(),
      );
      expect(sent.statusCode).toBe(201);
      for (const stream of [first, second]) {
        const message = await stream.next((m) => m.notifications.length > 0);
        expect(message.unreadCount).toBe(3);
        expect(message.notifications.map((n) => n.title)).toEqual(['Money received']);
      }
      const mine = await sender.next((m) => m.notifications.length > 0);
      expect(mine.notifications.map((n) => n.title)).toEqual(['Money sent']);
      expect(first.messages.flatMap((m) => m.notifications).map((n) => n.title)).toEqual(['Money received']);
    });

    it("pushes the new unread count when one of the user's tabs marks all read", async () => {
      const stream = await open(gina);
      await stream.next();
      await request(ctx.app, gina, 'PUT', '/api/notifications/mark-all-read');
      expect(await stream.next((m) => m.unreadCount === 0)).toEqual({ notifications: [], unreadCount: 0 });
    });

    it('ends a stream whose session signed out (checked on its heartbeat)', async () => {
      const session = await signUp(ctx.app);
      const stream = await open(session);
      await stream.next();
      await request(ctx.app, session, 'POST', '/api/auth/logout');
      let ended = false;
      void stream.ended.then(() => (ended = true));
      await expect.poll(() => ended, { timeout: 5_000 }).toBe(true);
    });
  },
  { NOTIFICATION_HEARTBEAT_SECONDS: 1 },
);
