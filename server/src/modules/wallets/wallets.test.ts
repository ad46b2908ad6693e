import { beforeAll, expect, it } from 'vitest';
import type { DepositResponse } from '@contract/wallets';
import { request, signUp, type Session } from '../../test/http';
import { ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';

describeEachDatabase('wallets', (ctx) => {
  let alice: Session;
  let bob: Session;
  const deposit = (
    session: Session,
    walletId: string,
    payload: unknown,
    headers: Record<string, string> = newKey(),
  ) => request(ctx.app, session, 'POST', `/api/wallets/${walletId}/deposit`, payload, headers);

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    bob = await signUp(ctx.app);
  });

  it('opens USD, EUR and BTC wallets for every new user', async () => {
    const response = await request(ctx.app, alice, 'GET', '/api/wallets');
    expect(response.json()).toEqual([
      { id: expect.any(String), currency: 'USD', balance: '0.00', type: 'fiat' },
      { id: expect.any(String), currency: 'EUR', balance: '0.00', type: 'fiat' },
      { id: expect.any(String), currency: 'BTC', balance: '0.00000000', type: 'crypto' },
    ]);
    expect((await request(ctx.app, null, 'GET', '/api/wallets')).statusCode).toBe(401);
  });

  it('answers each of many users asking at once with their own wallets only (one batched read on PostgreSQL)', async () => {
    const carol = await signUp(ctx.app);
    const people = [alice, bob, carol, alice, carol];
    const own = new Map<Session, string[]>();
    for (const person of [alice, bob, carol]) {
      const rows = await ctx.app.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('user_id', '=', person.user.id)
        .where('kind', '=', 'wallet')
        .execute();
      own.set(person, rows.map((row) => row.id).sort());
    }
    const idsOf = (person: Session) => own.get(person);
    const answers = await Promise.all(
      people.map((person) => request(ctx.app, person, 'GET', '/api/wallets')),
    );
    answers.forEach((answer, index) => {
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as { id: string }[]).map((wallet) => wallet.id).sort()).toEqual(
        idsOf(people[index]!),
      );
    });
  });

  it('opens another supported currency once', async () => {
    const opened = await request(ctx.app, alice, 'POST', '/api/wallets', { currency: 'JPY' });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({ currency: 'JPY', balance: '0', type: 'fiat' });
    const again = await request(ctx.app, alice, 'POST', '/api/wallets', { currency: 'JPY' });
    expect(again.statusCode).toBe(409);
    const unsupported = await request(ctx.app, alice, 'POST', '/api/wallets', { currency: 'XYZ' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().fields.currency).toMatch(/Currency must be one of/);
    expect((await request(ctx.app, alice, 'POST', '/api/wallets', {})).statusCode).toBe(400);
  });

  it('credits a sandbox deposit from the external world and records it', async () => {
    const { USD } = await walletsOf(ctx.app, alice);
    const response = await deposit(alice, USD!.id, { amount: '250.5' });
    expect(response.statusCode).toBe(201);
    const body: DepositResponse = response.json();
    expect(body.wallet).toEqual({ ...USD, balance: '250.50' });
    expect(body.transaction).toMatchObject({
      type: 'deposit',
      direction: 'in',
      amount: '250.50',
      currency: 'USD',
      description: 'Sandbox deposit',
      status: 'completed',
    });
    const history = await request(ctx.app, alice, 'GET', '/api/transactions');
    // The history adds what the books say of the row: a deposit is the user's own money (transfers).
    expect(history.json()[0]).toEqual({ ...body.transaction, category: 'transfers', note: null });
    expect((await request(ctx.app, bob, 'GET', '/api/transactions')).json()).toEqual([]);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('answers a retried deposit with the first response and moves money once', async () => {
    const { EUR } = await walletsOf(ctx.app, alice);
    const key = newKey();
    const first = await deposit(alice, EUR!.id, { amount: '10.00' }, key);
    const retry = await deposit(alice, EUR!.id, { amount: '10.00' }, key);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await walletsOf(ctx.app, alice)).EUR!.balance).toBe('10.00');

    const reused = await deposit(alice, EUR!.id, { amount: '11.00' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys are per user: Bob's request with the same key is his own.
    const bobs = await deposit(bob, (await walletsOf(ctx.app, bob)).EUR!.id, { amount: '10.00' }, key);
    expect(bobs.statusCode).toBe(201);
  });

  it('moves money once when the same key arrives concurrently', async () => {
    const { BTC } = await walletsOf(ctx.app, alice);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => deposit(alice, BTC!.id, { amount: '0.01' }, key)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect((await walletsOf(ctx.app, alice)).BTC!.balance).toBe('0.01000000');
  });

  it('answers each of several deposits at once with the balance right after its own', async () => {
    const carol = await signUp(ctx.app);
    const eur = (await walletsOf(ctx.app, carol)).EUR!.id;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deposit(carol, eur, { amount: '10.00' })));
    const balances = answers.map((answer) => (answer.json() as DepositResponse).wallet.balance);
    expect(balances.sort()).toEqual(['10.00', '20.00', '30.00', '40.00', '50.00']);
  });

  it('requires a UUID Idempotency-Key', async () => {
    const { USD } = await walletsOf(ctx.app, alice);
    const missing = await deposit(alice, USD!.id, { amount: '1.00' }, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Idempotency-Key header is required/);
    const malformed = await deposit(alice, USD!.id, { amount: '1.00' }, { 'idempotency-key': 'retry-1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Idempotency-Key must be a UUID');
  });

  it.each([['abc'], ['-1'], ['0'], ['1.001'], ['1e5'], ['NaN'], [''], [' 1'], [12.5], [null]])(
    'refuses amount %j with a 400 and changes nothing',
    async (amount) => {
      const { USD } = await walletsOf(ctx.app, alice);
      const before = await ledgerSnapshot(ctx.app.db);
      const response = await deposit(alice, USD!.id, { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { amount: expect.any(String) },
      });
      expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    },
  );

  it('checks decimals against the wallet currency and refuses a missing amount', async () => {
    const { JPY, BTC } = await walletsOf(ctx.app, alice);
    expect((await deposit(alice, JPY!.id, { amount: '1.5' })).json().fields.amount).toBe(
      'JPY amounts cannot have decimal places',
    );
    expect((await deposit(alice, BTC!.id, { amount: '0.000000001' })).statusCode).toBe(400);
    expect((await deposit(alice, JPY!.id, {})).json().fields.amount).toBe('Amount is required');
  });

  it("answers 404 for another user's wallet or an unknown one, and changes nothing", async () => {
    const bobsUsd = (await walletsOf(ctx.app, bob)).USD!.id;
    const before = await ledgerSnapshot(ctx.app.db);
    expect((await deposit(alice, bobsUsd, { amount: '5.00' })).statusCode).toBe(404);
    expect((await deposit(alice, 'no-such-wallet', { amount: '5.00' })).statusCode).toBe(404);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
  });

  it('caps a sandbox deposit at its USD equivalent', async () => {
    const { USD, BTC } = await walletsOf(ctx.app, bob);
    const over = await deposit(bob, USD!.id, { amount: '50000.01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('BUSINESS_RULE');
    // The app's one money format, as the Add Funds dialog states the cap (from GET /api/auth/options).
    expect(over.json().fields).toEqual({ amount: 'At most $50,000.00 per deposit' });
    const options = await ctx.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(options.json().sandboxMaxDepositUsd).toBe('50000.00');
    expect((await deposit(bob, BTC!.id, { amount: '100' })).statusCode).toBe(422);
    expect((await deposit(bob, USD!.id, { amount: '50000.00' })).statusCode).toBe(201);
  });
});

describeEachDatabase(
  'wallets without sandbox money',
  (ctx) => {
    it('refuses sandbox deposits with a 403', async () => {
      const session = await signUp(ctx.app, undefined, { verified: false });
      const { USD } = await walletsOf(ctx.app, session);
      const response = await request(
        ctx.app,
        session,
        'POST',
        `/api/wallets/${USD!.id}/deposit`,
        { amount: '1' },
        newKey(),
      );
      expect(response.statusCode).toBe(403);
      expect((await walletsOf(ctx.app, session)).USD!.balance).toBe('0.00');
    });
  },
  { SANDBOX: false },
);
