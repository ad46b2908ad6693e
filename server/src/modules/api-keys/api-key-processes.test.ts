import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { makeApiKey, withKey } from '../../test/api-keys';
import { testConfig } from '../../test/config';
import { request, signUp, type Session } from '../../test/http';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';

/**
 * Two app instances on one PostgreSQL database, with their session caches on, as two processes behind a load
 * balancer: a key revoked on one is refused by the other on the very next call, as a key is asked of the
 * database on every call and never remembered.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('API keys across app instances [postgres]', () => {
  let database: TestDatabase;
  let first: App;
  let second: App;
  let owner: Session;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = testConfig({ ...database.config, SESSION_CACHE_SECONDS: 60 });
    first = await buildApp(config);
    second = await buildApp(config);
    await Promise.all([first.ready(), second.ready()]);
    owner = await signUp(first);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
  });

  it('refuses a key on both instances as soon as it is revoked on one', async () => {
    const key = await makeApiKey(first, owner, 'read');
    expect((await withKey(first, key.secret, 'GET', '/api/transactions')).statusCode).toBe(200);
    expect((await withKey(second, key.secret, 'GET', '/api/transactions')).statusCode).toBe(200);
    expect((await request(first, owner, 'DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
    for (const app of [second, first]) {
      const refused = await withKey(app, key.secret, 'GET', '/api/transactions');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('API_KEY_REVOKED');
    }
  });
});
