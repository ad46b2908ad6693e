import { expect, it } from 'vitest';
import { request, sandboxVerificationToken, signUp, TEST_PASSWORD } from '../../test/http';
import { fund, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';
import { createAuthService } from './auth.service';

const DAY_MS = 86_400_000;
const client = { ip: '203.0.113.9', userAgent: 'test' };

/** Signs up `email` through an auth service whose clock says `daysLater` days from now. */
const registerLater = (ctx: TestContext, email: string, daysLater: number) =>
  createAuthService({
    db: ctx.app.db,
    config: ctx.config,
    now: () => new Date(Date.now() + daysLater * DAY_MS),
  }).register({ email, password: TEST_PASSWORD }, client);

const userRow = (ctx: TestContext, id: string) =>
  ctx.app.db
    .selectFrom('users')
    .select(['email', 'released_email', 'email_released_at', 'email_verified_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describeEachDatabase('an address left unverified is released', (ctx) => {
  it('keeps the owner out for 7 days, then lets them sign up; the squatter keeps its money, not the address', async () => {
    const email = `owner-${crypto.randomUUID()}@example.com`;
    const squatter = await signUp(ctx.app, email, { verified: false });
    const oldLink = await sandboxVerificationToken(ctx.app, squatter);
    await fund(ctx.app.db, (await walletsOf(ctx.app, squatter)).USD!.id, '25.00', 'USD');

    await expect(registerLater(ctx, email, 6.9)).rejects.toMatchObject({ code: 'CONFLICT' });
    const owner = await registerLater(ctx, email, 7.01);
    expect(owner.user.email).toBe(email);

    const released = await userRow(ctx, squatter.user.id);
    expect(released).toMatchObject({
      email: `released+${squatter.user.id}@released.invalid`,
      released_email: email,
      email_released_at: expect.any(String),
      email_verified_at: null,
    });
    // Signed out everywhere (on PostgreSQL other processes hear it at commit).
    await expect
      .poll(async () => (await request(ctx.app, squatter, 'GET', '/api/auth/me')).statusCode)
      .toBe(401);
    // The link mailed to the squatter proves nothing any more.
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: oldLink },
    });
    expect(opened.statusCode).toBe(422);
    expect((await userRow(ctx, owner.user.id)).email_verified_at).toBeNull();
    // Its money stays on its wallet: nothing is lost, the book still balances.
    const wallet = await ctx.app.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('user_id', '=', squatter.user.id)
      .where('currency', '=', 'USD')
      .where('kind', '=', 'wallet')
      .executeTakeFirstOrThrow();
    expect(String(wallet.balance)).toBe('2500');
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);

    // The owner signs in with the address.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(owner.user.id);
  });

  it('never releases a verified address, however old', async () => {
    const holder = await signUp(ctx.app);
    await expect(registerLater(ctx, holder.user.email, 365)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await userRow(ctx, holder.user.id)).email).toBe(holder.user.email);
  });

  it('releases it to a change of address too', async () => {
    const email = `moving-${crypto.randomUUID()}@example.com`;
    const squatter = await signUp(ctx.app, email, { verified: false });
    await ctx.app.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 8 * DAY_MS).toISOString() })
      .where('id', '=', squatter.user.id)
      .execute();
    const mover = await signUp(ctx.app);
    const changed = await request(ctx.app, mover, 'PATCH', '/api/user', {
      email,
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((await userRow(ctx, squatter.user.id)).released_email).toBe(email);
  });
});
