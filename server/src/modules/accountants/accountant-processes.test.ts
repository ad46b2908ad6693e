import { describe, expect, it } from 'vitest';
import { accountantOf, openBooks } from '../../test/accountants';
import { request } from '../../test/http';
import { twoInstancesOnPostgres } from '../../test/two-instances';

/**
 * Two app instances on one PostgreSQL database, each with its session cache on (trusting an entry for a
 * minute), as two processes behind a load balancer. A revocation on one holds on the other from the very next
 * request: the grant is asked of the database on every request that reads the books, never remembered.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('accountant access across app instances [postgres]', () => {
  const instances = twoInstancesOnPostgres();

  it('refuses the next request on the other instance once the owner revokes on one', async () => {
    const { first, second, owner } = instances;
    const { accountant, grantId } = await accountantOf(first, owner);
    const ownerWallets = (await request(first, owner, 'GET', '/api/wallets')).body;
    // The second instance reads the owner's books for the accountant (and now remembers the session).
    await expect
      .poll(async () => (await request(second, accountant, 'GET', '/api/wallets')).body, { timeout: 10_000 })
      .toBe(ownerWallets);
    const revoked = await request(first, owner, 'DELETE', `/api/accountants/${grantId}`);
    expect(revoked.statusCode).toBe(204);
    const next = await request(second, accountant, 'GET', '/api/wallets');
    expect(next.statusCode).toBe(403);
    const download = await request(second, accountant, 'GET', '/api/transactions/export.csv');
    expect(download.statusCode).toBe(403);
  });

  it('follows a switch of books made on the other instance', async () => {
    const { first, second, owner } = instances;
    const { accountant } = await accountantOf(first, owner, { open: false });
    const own = (await request(second, accountant, 'GET', '/api/wallets')).body;
    await openBooks(first, accountant, owner.user.id);
    const ownerWallets = (await request(first, owner, 'GET', '/api/wallets')).body;
    // The change is announced (migration 0038's trigger); the second instance hears it and reads it again.
    await expect
      .poll(async () => (await request(second, accountant, 'GET', '/api/wallets')).body, { timeout: 10_000 })
      .toBe(ownerWallets);
    await openBooks(second, accountant, null);
    await expect
      .poll(async () => (await request(first, accountant, 'GET', '/api/wallets')).body, { timeout: 10_000 })
      .toBe(own);
  });
});
