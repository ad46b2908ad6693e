import { beforeAll, expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import {
  TEST_PASSWORD,
  request,
  sandboxVerificationToken,
  signUp,
  verifyEmail,
  type Session,
} from '../../test/http';
import { fund, houseBalance, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { houseAccountId } from '../ledger/house-accounts';
import { verifyLedger } from '../ledger/ledger.verify';
import { returnDueHeldTransfers } from './held-transfers';

const mailOf = (ctx: TestContext, to: string, kind: string) =>
  ctx.app.db
    .selectFrom('mail_outbox')
    .select(['subject', 'body'])
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .execute();

const newAddress = (name: string) => `${name}-${crypto.randomUUID()}@example.com`;

describeEachDatabase('payments to addresses no verified account has', (ctx) => {
  let alice: Session;
  const send = (recipientEmail: string, amount = '100.00', extra: Record<string, string> = {}) =>
    request(
      ctx.app,
      alice,
      'POST',
      '/api/transactions',
      { amount, fromCurrency: 'USD', recipientEmail, description: 'Logo design', ...extra },
      newKey(),
    );
  const historyOf = async (session: Session): Promise<Transaction[]> =>
    (await request(ctx.app, session, 'GET', '/api/transactions?limit=100')).json();
  const usd = async (session: Session) => (await walletsOf(ctx.app, session)).USD?.balance;

  beforeAll(async () => {
    alice = await signUp(ctx.app);
    await request(ctx.app, alice, 'PATCH', '/api/user', { firstName: 'Alice', lastName: 'Archer' });
    await fund(ctx.app.db, (await walletsOf(ctx.app, alice)).USD!.id, '1000.00', 'USD');
  });

  it('says before sending how each recipient would be paid', async () => {
    const quote = (recipientEmail?: string) =>
      request(ctx.app, alice, 'POST', '/api/transactions/quote', {
        amount: '10.00',
        fromCurrency: 'USD',
        ...(recipientEmail && { recipientEmail }),
      });
    const verified = await signUp(ctx.app);
    const unverified = await signUp(ctx.app, undefined, { verified: false });
    expect((await quote()).json()).toMatchObject({ delivery: null, holdDays: null });
    expect((await quote(verified.user.email)).json()).toMatchObject({ delivery: 'instant', holdDays: null });
    expect((await quote(unverified.user.email)).json()).toMatchObject({
      delivery: 'held',
      holdDays: ctx.config.HELD_TRANSFER_RETURN_DAYS,
    });
    expect((await quote(newAddress('nobody'))).json()).toMatchObject({ delivery: 'held' });
    expect((await quote(alice.user.email)).statusCode).toBe(422);
  });

  it('lands a held payment when its address signs up and is verified, and tells the sender', async () => {
    const carol = newAddress('carol');
    const heldBefore = await houseBalance(ctx.app.db, houseAccountId('held_transfers', 'USD'));
    const sent = await send(carol);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', total: '102.90', counterparty: carol });
    expect(await houseBalance(ctx.app.db, houseAccountId('held_transfers', 'USD'))).toBe(heldBefore + 10000n);
    const [invite] = await mailOf(ctx, carol, 'money-waiting');
    expect(invite!.subject).toBe('Alice Archer sent you 100.00 USD on Meridian');

    // Signing up is not enough: the address must be proven first.
    const session = await signUp(ctx.app, carol, { verified: false });
    expect(await usd(session)).toBe('0.00');
    const opened = await verifyEmail(ctx.app, session);
    expect(opened).toEqual({ email: carol, deliveredPayments: 1 });

    expect(await usd(session)).toBe('100.00');
    const [received] = await historyOf(session);
    expect(received).toMatchObject({
      type: 'receive',
      amount: '100.00',
      counterparty: 'Alice Archer',
      counterpartyEmail: alice.user.email,
      description: 'Logo design',
      status: 'completed',
    });
    const mine = (await historyOf(alice)).find((row) => row.id === sent.json().id);
    expect(mine?.status).toBe('completed');
    expect(await houseBalance(ctx.app.db, houseAccountId('held_transfers', 'USD'))).toBe(heldBefore);
    const [delivered] = await mailOf(ctx, alice.user.email, 'payment-delivered');
    expect(delivered!.subject).toBe(`Your payment to ${carol} has arrived`);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('holds payments to a registered but unverified account until it verifies', async () => {
    const dan = await signUp(ctx.app, undefined, { verified: false });
    const first = await send(dan.user.email, '10.00');
    const second = await send(dan.user.email, '5.00');
    expect([first.json().status, second.json().status]).toEqual(['pending', 'pending']);
    expect(await usd(dan)).toBe('0.00');
    expect((await verifyEmail(ctx.app, dan)).deliveredPayments).toBe(2);
    expect(await usd(dan)).toBe('15.00');
    // Only once: verifying again finds nothing more.
    expect((await request(ctx.app, dan, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(409);
  });

  it('lands a held payment on the account that moves to that address', async () => {
    const eve = await signUp(ctx.app);
    const address = newAddress('eve-new');
    await send(address, '20.00');
    const asked = await request(ctx.app, eve, 'PATCH', '/api/user', {
      email: address,
      currentPassword: TEST_PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(await usd(eve)).toBe('0.00');
    const token = await sandboxVerificationToken(ctx.app, eve);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(opened.json()).toEqual({ email: address, deliveredPayments: 1 });
    expect(await usd(eve)).toBe('20.00');
  });

  it('returns an unclaimed payment in full, fee included, once its time is up, and tells the sender', async () => {
    const frank = newAddress('frank');
    const before = await usd(alice);
    const feesBefore = await houseBalance(ctx.app.db, houseAccountId('fees', 'USD'));
    const sent = await send(frank, '50.00', { toCurrency: 'EUR' });
    expect(sent.statusCode).toBe(201);
    expect(await usd(alice)).not.toBe(before);

    const days = ctx.config.HELD_TRANSFER_RETURN_DAYS;
    const almost = new Date(Date.now() + (days * 86_400_000 - 60_000));
    expect(
      await returnDueHeldTransfers(ctx.app.db, { mailer: ctx.app.mail, notifier: ctx.app.notifier }, almost),
    ).toBe(0);
    const due = new Date(Date.now() + days * 86_400_000 + 60_000);
    expect(
      await returnDueHeldTransfers(ctx.app.db, { mailer: ctx.app.mail, notifier: ctx.app.notifier }, due),
    ).toBe(1);

    expect(await usd(alice)).toBe(before);
    expect(await houseBalance(ctx.app.db, houseAccountId('fees', 'USD'))).toBe(feesBefore);
    const mine = (await historyOf(alice)).find((row) => row.id === sent.json().id);
    expect(mine?.status).toBe('returned');
    const [told] = await mailOf(ctx, alice.user.email, 'payment-returned');
    expect(told!.subject).toBe(`Your payment to ${frank} came back`);

    // Returned means gone: the address verifying later receives nothing, and a second run moves nothing.
    const snapshot = await ledgerSnapshot(ctx.app.db);
    expect(
      await returnDueHeldTransfers(ctx.app.db, { mailer: ctx.app.mail, notifier: ctx.app.notifier }, due),
    ).toBe(0);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
    const late = await signUp(ctx.app, frank);
    expect((await walletsOf(ctx.app, late)).EUR!.balance).toBe('0.00');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
