import { describe, expect, it } from 'vitest';
import { makeApiKey, withKey } from '../../test/api-keys';
import { request } from '../../test/http';
import { twoInstancesOnPostgres } from '../../test/two-instances';

/**
 * Two app instances on one PostgreSQL database, with their session caches on, as two processes behind a load
 * balancer: a key revoked on one is refused by the other on the very next call, as a key is asked of the
 * database on every call and never remembered.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('API keys across app instances [postgres]', () => {
  const instances = twoInstancesOnPostgres();

  it('refuses a key on both instances as soon as it is revoked on one', async () => {
    const { first, second, owner } = instances;
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
