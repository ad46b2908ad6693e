import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { call, openCustomer } from '../../test/bank/bank-client';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';

/**
 * Two real app processes on one PostgreSQL database, each remembering the sessions it has seen
 * (session-cache.ts). A session ended anywhere (through the other process, or by a statement typed by hand) is
 * refused by both. The cache is told to trust an entry for a minute, so only the announcement (migration
 * 0020) can explain a refusal. The announcement is asynchronous: the test waits for it (expect.poll), which
 * asserts an outcome, not a speed.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('sessions across app processes [postgres]', () => {
  const signIn = async (server: ServerProcess, email: string) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  const serverEnv = (databaseUrl: string) => ({
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: '',
    RATES_TICK_MS: '3600000',
    SESSION_CACHE_SECONDS: '60',
  });
  const walletsStatus = async (server: ServerProcess, cookie: string) =>
    (await call(() => server.url, 'GET', '/api/wallets', { cookie })).status;

  it('refuses, on every process, a session that ended on any of them or in the database', async () => {
    const database = await createTestDatabase('postgres');
    const env = serverEnv(database.config.DATABASE_URL!);
    const [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const admin = new pg.Client({ connectionString: database.config.DATABASE_URL });
    await admin.connect();
    try {
      const customer = await openCustomer(() => first.url, ['USD']);
      const laptop = customer.cookie;
      const phone = await signIn(first, customer.email);
      const tablet = await signIn(first, customer.email);
      // The second process has now answered (and so remembered) all three.
      for (const cookie of [laptop, phone, tablet]) expect(await walletsStatus(second, cookie)).toBe(200);

      // Signed out on the first process.
      expect((await call(() => first.url, 'POST', '/api/auth/logout', { cookie: phone })).status).toBe(204);
      await expect.poll(() => walletsStatus(second, phone), { timeout: 10_000 }).toBe(401);

      // Every other session ended from the first process ("sign out everywhere else").
      const others = { cookie: laptop, body: { password: 'correct horse battery' } };
      expect((await call(() => first.url, 'DELETE', '/api/user/sessions', others)).status).toBe(200);
      await expect.poll(() => walletsStatus(second, tablet), { timeout: 10_000 }).toBe(401);

      // Its expiry moved into the past by hand: a remembered copy would be wrong about it.
      const desk = await signIn(first, customer.email);
      expect(await walletsStatus(second, desk)).toBe(200);
      await admin.query(`update sessions set expires_at = '2000-01-01T00:00:00.000Z'
        where id = (select id from sessions order by created_at desc limit 1)`);
      await expect.poll(() => walletsStatus(second, desk), { timeout: 10_000 }).toBe(401);

      // Removed in the database by hand: nothing in the app knew.
      expect(await walletsStatus(second, laptop)).toBe(200);
      await admin.query('delete from sessions');
      await expect.poll(() => walletsStatus(second, laptop), { timeout: 10_000 }).toBe(401);
      expect(await walletsStatus(first, laptop)).toBe(401);
    } finally {
      await admin.end();
      await Promise.all([first.kill(), second.kill()]);
      await database.drop();
    }
  }, 60_000);

  it('asks the database while its listener is cut, so a session ended meanwhile is still refused', async () => {
    const database = await createTestDatabase('postgres');
    const env = serverEnv(database.config.DATABASE_URL!);
    const server = await startServerProcess(env);
    const admin = new pg.Client({ connectionString: database.config.DATABASE_URL });
    await admin.connect();
    try {
      const customer = await openCustomer(() => server.url, ['USD']);
      expect(await walletsStatus(server, customer.cookie)).toBe(200);
      // Cut the listener and, in the same statement, end the session: the announcement goes nowhere.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'meridian-listener' and datname = current_database()`,
      );
      await admin.query('delete from sessions');
      await expect.poll(() => walletsStatus(server, customer.cookie), { timeout: 10_000 }).toBe(401);
    } finally {
      await admin.end();
      await server.kill();
      await database.drop();
    }
  }, 60_000);
});
