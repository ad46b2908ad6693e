import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { describeEachDatabase } from '../../test/test-app';
import * as repo from './kyc.repository';

describeEachDatabase('identity review claims', (ctx) => {
  /** `count` applications in `status`, one per new user (rows written directly). */
  async function seed(count: number, status: 'draft' | 'submitted') {
    const stamp = new Date(Date.now() - 60_000).toISOString();
    for (let done = 0; done < count; done += 500) {
      const users = Array.from({ length: Math.min(500, count - done) }, () => ({
        id: newId(),
        email: `${newId()}@review.example`,
        password_hash: 'not a hash',
        created_at: stamp,
        updated_at: stamp,
      }));
      await ctx.app.db.insertInto('users').values(users).execute();
      await ctx.app.db
        .insertInto('kyc_applications')
        .values(
          users.map((user) => ({
            id: newId(),
            user_id: user.id,
            status,
            submitted_at: status === 'submitted' ? stamp : null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
  }

  it('a reviewer claims one application, with thousands waiting after a quiet spell', async () => {
    // PostgreSQL plans with the statistics autovacuum took while nothing was waiting for review.
    await seed(20, 'draft');
    if (ctx.dialect === 'postgres') await sql`analyze kyc_applications`.execute(ctx.app.db);
    await seed(2000, 'submitted');
    const now = new Date();
    const claimed = await repo.claimApplication(
      ctx.app.db,
      now.toISOString(),
      new Date(now.getTime() + 300_000).toISOString(),
    );
    expect(claimed?.status).toBe('reviewing');
    const reviewing = await ctx.app.db
      .selectFrom('kyc_applications')
      .select('id')
      .where('status', '=', 'reviewing')
      .execute();
    expect(reviewing.map((row) => row.id)).toEqual([claimed!.id]);
  });
});
