import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { testConfig } from '../test/config';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

/** Two app instances on one PostgreSQL database stand for two processes (WORKERS=2, or two machines). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits shared by every process [postgres]', () => {
  let database: TestDatabase;
  let first: App;
  let second: App;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = testConfig({ ...database.config, RATE_LIMIT_PER_MINUTE: 4, SIGNUPS_PER_MINUTE: 2 });
    first = await buildApp(config);
    second = await buildApp(config);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('counts one client against one API limit, whichever process answers', async () => {
    const from = { remoteAddress: '198.51.100.70' };
    const statuses = [];
    for (const app of [first, second, first, second, first, second]) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/auth/options', ...from })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another client has its own allowance.
    const other = await second.inject({
      method: 'GET',
      url: '/api/auth/options',
      remoteAddress: '198.51.100.71',
    });
    expect(other.statusCode).toBe(200);
  });

  it('shares the sign-up limit too (register and demo, across processes)', async () => {
    const from = { remoteAddress: '198.51.100.72' };
    const register = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'shared-limit@example.com', password: 'correct horse battery' },
      ...from,
    });
    expect(register.statusCode).toBe(201);
    expect((await second.inject({ method: 'POST', url: '/api/auth/demo', ...from })).statusCode).toBe(201);
    expect((await first.inject({ method: 'POST', url: '/api/auth/demo', ...from })).statusCode).toBe(429);
  });
});
