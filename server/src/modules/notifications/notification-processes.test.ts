import { describe, expect, it } from 'vitest';
import { call, openCustomer } from '../../test/bank/bank-client';
import { startServerProcess } from '../../test/server-process';
import { openNotificationStream } from '../../test/sse';
import { createTestDatabase } from '../../test/test-app';

/**
 * Two real app processes on one PostgreSQL database: a payment made through one reaches the recipient's
 * stream held open by the other (pg_notify at commit → LISTEN in every process). SQLite is one process by
 * design, so this runs on PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('notifications across app processes [postgres]', () => {
  it('pushes a payment made on one process to a stream open on another', async () => {
    const database = await createTestDatabase('postgres');
    const env = { DATABASE_URL: database.config.DATABASE_URL!, WEB_DIST_DIR: '', RATES_TICK_MS: '3600000' };
    const [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      const payer = await openCustomer(() => first.url, ['USD']);
      const payee = await openCustomer(() => second.url, ['USD']);
      const deposit = await call(() => first.url, 'POST', `/api/wallets/${payer.wallets.USD}/deposit`, {
        cookie: payer.cookie,
        body: { amount: '100.00' },
        key: crypto.randomUUID(),
      });
      expect(deposit.status).toBe(201);

      const stream = await openNotificationStream(second.url, payee.cookie);
      expect(await stream.next()).toMatchObject({ notifications: [] });
      const sent = await call(() => first.url, 'POST', '/api/transactions', {
        cookie: payer.cookie,
        body: { amount: '40.00', fromCurrency: 'USD', recipientEmail: payee.email },
        key: crypto.randomUUID(),
      });
      expect(sent.status).toBe(201);
      const pushed = await stream.next((message) => message.notifications.length > 0);
      expect(pushed.notifications.map((n) => [n.title, n.message])).toEqual([
        ['Money received', `${payer.email} sent you $40.00.`],
      ]);
      expect(pushed.unreadCount).toBe(3);
      stream.close();
    } finally {
      await Promise.all([first.kill(), second.kill()]);
      await database.drop();
    }
  }, 60_000);

  it('ends, on another process, the stream of a session revoked or signed out on the first', async () => {
    const database = await createTestDatabase('postgres');
    // The heartbeat (which also asks whether the session lives) is far beyond the waits below.
    const env = {
      DATABASE_URL: database.config.DATABASE_URL!,
      WEB_DIST_DIR: '',
      RATES_TICK_MS: '3600000',
      NOTIFICATION_HEARTBEAT_SECONDS: '300',
    };
    const [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const signIn = async (email: string) => {
      const response = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery' }),
      });
      expect(response.status).toBe(200);
      return response.headers.getSetCookie()[0]!.split(';')[0]!;
    };
    const openOn = async (url: string, cookie: string) => {
      const stream = await openNotificationStream(url, cookie);
      await stream.next();
      let ended = false;
      void stream.ended.then(() => (ended = true));
      return { stream, ended: () => ended };
    };
    try {
      const customer = await openCustomer(() => first.url, ['USD']);
      const phone = await signIn(customer.email);
      const tablet = await signIn(customer.email);
      const onPhone = await openOn(second.url, phone);
      const onTablet = await openOn(second.url, tablet);

      const listed = await call(() => first.url, 'GET', '/api/user/sessions', { cookie: phone });
      const phoneId = (listed.body as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
      const revoked = await call(() => first.url, 'DELETE', `/api/user/sessions/${phoneId}`, {
        cookie: customer.cookie,
      });
      expect(revoked.status).toBe(204);
      await expect.poll(onPhone.ended, { timeout: 10_000 }).toBe(true);
      expect(onTablet.ended()).toBe(false);

      expect((await call(() => first.url, 'POST', '/api/auth/logout', { cookie: tablet })).status).toBe(204);
      await expect.poll(onTablet.ended, { timeout: 10_000 }).toBe(true);
    } finally {
      await Promise.all([first.kill(), second.kill()]);
      await database.drop();
    }
  }, 60_000);
});
