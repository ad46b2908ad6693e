import { expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import { request, signUp } from '../../test/http';
import { fund, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';

// The rule itself is the contract's (contract/src/text.ts); this shows it holds where a stranger reads the text.
describeEachDatabase('text another person sees', (ctx) => {
  it('reaches the recipient without direction overrides or line separators', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const named = await request(ctx.app, alice, 'PATCH', '/api/user', {
      firstName: 'Ali\u202Ece',
      lastName: '\u2066Archer\u2069',
    });
    expect(named.statusCode).toBe(200);
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '50.00', 'USD');

    const sent = await request(
      ctx.app,
      alice,
      'POST',
      '/api/transactions',
      {
        type: 'send',
        amount: '10.00',
        currency: 'USD',
        fromCurrency: 'USD',
        toCurrency: 'USD',
        recipientEmail: bob.user.email,
        description: 'Invoice \u202Efdp.exe\u2028paid',
      },
      newKey(),
    );
    expect(sent.statusCode).toBe(201);

    const [received] = (await request(ctx.app, bob, 'GET', '/api/transactions')).json() as Transaction[];
    expect(received).toMatchObject({
      type: 'receive',
      counterparty: 'Alice Archer',
      description: 'Invoice fdp.exe paid',
    });
  });
});
