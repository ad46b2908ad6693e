import { expect, it } from 'vitest';
import { listWallets } from '../modules/wallets/wallets.repository';
import { signUp } from '../test/http';
import { describeEachDatabase } from '../test/test-app';
import { precompiled } from './precompiled';

describeEachDatabase('precompiled queries', (ctx) => {
  it('answer each call for its own arguments, as the query built afresh would', async () => {
    const ada = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const builtAfresh = (userId: string) =>
      ctx.app.db
        .selectFrom('ledger_accounts')
        .select(['id', 'currency', 'balance', 'created_at'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'wallet')
        .orderBy('created_at')
        .execute();
    for (const user of [ada, bob, ada]) {
      expect(await listWallets(ctx.app.db, user.user.id)).toEqual(await builtAfresh(user.user.id));
    }
    expect(await listWallets(ctx.app.db, 'nobody')).toEqual([]);
    // Inside a transaction too (another handle, the same compiled query).
    const inTransaction = await ctx.app.db.transaction().execute((trx) => listWallets(trx, bob.user.id));
    expect(inTransaction).toEqual(await builtAfresh(bob.user.id));
  });

  it('refuse a builder that does not pass each argument through as one parameter', async () => {
    const transformed = precompiled((db, email: string) =>
      db.selectFrom('users').select('id').where('email', '=', email.toUpperCase()),
    );
    await expect(transformed(ctx.app.db, 'ada@example.com')).rejects.toThrow(/precompiled/);
    const unused = precompiled((db, email: string, _unused: string) =>
      db.selectFrom('users').select('id').where('email', '=', email),
    );
    await expect(unused(ctx.app.db, 'ada@example.com', 'x')).rejects.toThrow(/precompiled/);
  });

  it('fill every parameter an argument reaches', async () => {
    const ada = await signUp(ctx.app);
    const twice = precompiled((db, email: string) =>
      db.selectFrom('users').select('email').where('email', '=', email).where('id', '<>', email),
    );
    expect(await twice(ctx.app.db, ada.user.email)).toEqual([{ email: ada.user.email }]);
    expect(await twice(ctx.app.db, 'nobody@example.com')).toEqual([]);
  });
});
