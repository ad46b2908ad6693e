import { beforeAll, expect, it } from 'vitest';
import { request, signUp, verifyEmail, type Session } from '../../test/http';
import { fund, ledgerSnapshot, newKey, sendUsd, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';

describeEachDatabase('an unverified account pays nobody', (ctx) => {
  let bob: Session;
  let mallory: Session;
  const stranger = `stranger-${crypto.randomUUID()}@example.com`;

  const historyOf = async (session: Session) =>
    (await request(ctx.app, session, 'GET', '/api/transactions?limit=100')).json() as {
      counterparty: string;
      counterpartyEmail: string | null;
    }[];
  const noticesOf = async (session: Session) =>
    ((await request(ctx.app, session, 'GET', '/api/notifications')).json() as { message: string }[]).map(
      (notice) => notice.message,
    );
  const mailTo = (address: string) =>
    ctx.app.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', address).execute();

  beforeAll(async () => {
    bob = await signUp(ctx.app);
    // Registered with an address that is not theirs, so never verified; named as someone Bob would trust.
    mallory = await signUp(ctx.app, `ceo-${crypto.randomUUID()}@example.com`, { verified: false });
    await request(ctx.app, mallory, 'PATCH', '/api/user', { firstName: 'Bob’s', lastName: 'Boss' });
    await fund(ctx.app.db, (await walletsOf(ctx.app, mallory)).USD!.id, '500.00', 'USD');
  });

  it('refuses a send to another account or address with 403 EMAIL_NOT_VERIFIED, and nothing moves', async () => {
    const before = await ledgerSnapshot(ctx.app.db);
    const bobNotices = await noticesOf(bob);
    for (const to of [bob.user.email, stranger]) {
      const refused = await sendUsd(ctx.app, mallory, to, '0.01');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: /Verify your email/ });
    }
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(before);
    expect((await walletsOf(ctx.app, mallory)).USD!.balance).toBe('500.00');
    // The recipient sees nothing of the unverified sender: no history row, no notification, no mail.
    expect(await historyOf(bob)).toEqual([]);
    expect(await noticesOf(bob)).toEqual(bobNotices);
    expect(await mailTo(stranger)).toEqual([]);
  });

  it('still moves money between its own wallets', async () => {
    const converted = await request(
      ctx.app,
      mallory,
      'POST',
      '/api/convert',
      { amount: '20.00', from: 'USD', to: 'EUR' },
      newKey(),
    );
    expect(converted.statusCode).toBe(201);
    const { USD, EUR } = await walletsOf(ctx.app, mallory);
    expect(Number(USD!.balance)).toBeLessThan(500);
    expect(Number(EUR!.balance)).toBeGreaterThan(0);
  });

  it('pays once its address is proven, and the recipient then sees who paid', async () => {
    await verifyEmail(ctx.app, mallory);
    expect((await sendUsd(ctx.app, mallory, bob.user.email, '10.00')).statusCode).toBe(201);
    expect(await historyOf(bob)).toEqual([
      expect.objectContaining({ counterparty: 'Bob’s Boss', counterpartyEmail: mallory.user.email }),
    ]);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });
});
