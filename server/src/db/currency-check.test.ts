import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { request, signUp } from '../test/http';
import { walletsOf } from '../test/money';
import { describeEachDatabase } from '../test/test-app';

describeEachDatabase('currencies read from the database', (ctx) => {
  it('are checked once, on the way out: an unknown code fails the read, not a calculation later', async () => {
    const ada = await signUp(ctx.app);
    expect(Object.keys(await walletsOf(ctx.app, ada)).sort()).toEqual(['BTC', 'EUR', 'USD']);
    // As a bad migration or a hand edit would: past the typed code.
    await sql`update ledger_accounts set currency = 'XXX' where user_id = ${ada.user.id} and currency = 'EUR'`.execute(
      ctx.app.db,
    );
    const wallets = await request(ctx.app, ada, 'GET', '/api/wallets');
    expect(wallets.statusCode).toBe(500);
    expect(wallets.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
  });
});
