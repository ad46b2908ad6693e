import { beforeAll, expect, it } from 'vitest';
import type { SavingsGoal } from '@contract/goals';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { verifyLedger } from '../ledger/ledger.verify';

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describeEachDatabase('savings goals', (ctx) => {
  let ada: Session;
  let ben: Session;
  let goal: SavingsGoal;
  const create = (session: Session, body: Record<string, unknown>) =>
    request(ctx.app, session, 'POST', '/api/savings-goals', {
      title: 'Taxes 2027',
      category: 'Taxes',
      targetAmount: '1000.00',
      currency: 'USD',
      targetDate: nextYear,
      ...body,
    });
  const move = (
    session: Session,
    id: string,
    action: 'contribute' | 'withdraw',
    amount: string,
    key = newKey(),
  ) => request(ctx.app, session, 'POST', `/api/savings-goals/${id}/${action}`, { amount }, key);
  const usd = async (session: Session) => (await walletsOf(ctx.app, session)).USD!.balance;

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, ada)).USD!.id, '1500.00', 'USD');
  });

  it('creates a goal with its progress figures, and lists it', async () => {
    const response = await create(ada, {});
    expect(response.statusCode).toBe(201);
    goal = response.json();
    expect(goal).toMatchObject({
      title: 'Taxes 2027',
      category: 'Taxes',
      currency: 'USD',
      currentAmount: '0.00',
      targetAmount: '1000.00',
      targetDate: nextYear,
      progressPercent: 0,
      reached: false,
    });
    expect(goal.daysLeft).toBeGreaterThan(0);
    const list: SavingsGoal[] = (await request(ctx.app, ada, 'GET', '/api/savings-goals')).json();
    expect(list.map((each) => each.id)).toEqual([goal.id]);
    expect((await request(ctx.app, ben, 'GET', '/api/savings-goals')).json()).toEqual([]);
  });

  it('refuses a bad goal', async () => {
    for (const bad of [
      { title: '' },
      { category: 'Yacht' },
      { targetAmount: '0' },
      { targetAmount: '10.001' },
      { currency: 'DOGE' },
      { targetDate: '2020-01-01' },
      { targetDate: 'soon' },
    ]) {
      expect((await create(ada, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('contributes from the wallet in one entry, once per key, and tells when the goal is reached', async () => {
    const key = newKey();
    const first = await move(ada, goal.id, 'contribute', '400.00', key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ currentAmount: '400.00', progressPercent: 40 });
    const snapshot = await ledgerSnapshot(ctx.app.db);
    expect((await move(ada, goal.id, 'contribute', '400.00', key)).json()).toEqual(first.json());
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
    expect(await usd(ada)).toBe('1100.00');

    const reached = await move(ada, goal.id, 'contribute', '600.00');
    expect(reached.json()).toMatchObject({ currentAmount: '1000.00', progressPercent: 100, reached: true });
    const [notice] = (await request(ctx.app, ada, 'GET', '/api/notifications')).json();
    expect(notice).toMatchObject({ title: 'Goal reached' });
    const [row] = (await request(ctx.app, ada, 'GET', '/api/transactions')).json();
    expect(row).toMatchObject({
      type: 'savings_deposit',
      direction: 'out',
      amount: '600.00',
      counterparty: 'Taxes 2027',
    });
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('refuses to move more than there is, moving nothing', async () => {
    const snapshot = await ledgerSnapshot(ctx.app.db);
    const tooMuch = await move(ada, goal.id, 'contribute', '500.01');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    const tooMuchOut = (await move(ada, goal.id, 'withdraw', '1000.01')).json();
    expect(tooMuchOut.code).toBe('INSUFFICIENT_FUNDS');
    // The person asked the goal, not the wallet: the answer names the goal and what it holds.
    expect(tooMuchOut.message).toBe('“Taxes 2027” holds $1,000.00: you can take out at most that');
    expect(tooMuchOut.fields).toEqual({ amount: tooMuchOut.message });
    expect((await move(ada, goal.id, 'contribute', '1.001')).statusCode).toBe(400);
    expect(await ledgerSnapshot(ctx.app.db)).toEqual(snapshot);
  });

  it("answers 404 for another user's goal, and deletes a goal only when empty", async () => {
    expect((await move(ben, goal.id, 'contribute', '1.00')).statusCode).toBe(404);
    expect((await move(ben, goal.id, 'withdraw', '1.00')).statusCode).toBe(404);
    expect((await request(ctx.app, ben, 'DELETE', `/api/savings-goals/${goal.id}`)).statusCode).toBe(404);
    const full = await request(ctx.app, ada, 'DELETE', `/api/savings-goals/${goal.id}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/withdraw/);
    expect((await move(ada, goal.id, 'withdraw', '1000.00')).json()).toMatchObject({ currentAmount: '0.00' });
    expect(await usd(ada)).toBe('1500.00');
    expect((await request(ctx.app, ada, 'DELETE', `/api/savings-goals/${goal.id}`)).statusCode).toBe(204);
    expect((await request(ctx.app, ada, 'GET', '/api/savings-goals')).json()).toEqual([]);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('keeps a demo goal in the demo book', async () => {
    const demo = await startDemo(ctx.app);
    const created: SavingsGoal = (await create(demo, { title: 'New laptop', category: 'Equipment' })).json();
    expect((await move(demo, created.id, 'contribute', '250.00')).statusCode).toBe(201);
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);
  });

  it('sets aside a share of every incoming payment in the same entry, and shows the split', async () => {
    const freelancer = await signUp(ctx.app);
    const client = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, client)).USD!.id, '1000.00', 'USD');
    const taxes: SavingsGoal = (await create(freelancer, { title: 'Taxes', setAsidePercent: 25 })).json();
    expect(taxes.setAsidePercent).toBe(25);
    const pension: SavingsGoal = (
      await create(freelancer, { title: 'Pension', category: 'Other', setAsidePercent: 10 })
    ).json();
    const tooMuch = await create(freelancer, { title: 'Holiday', category: 'Travel', setAsidePercent: 16 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().fields.setAsidePercent).toMatch(/already set aside 35%/);

    const paid = await request(
      ctx.app,
      client,
      'POST',
      '/api/transactions',
      { amount: '200.01', fromCurrency: 'USD', recipientEmail: freelancer.user.email },
      newKey(),
    );
    expect(paid.statusCode).toBe(201);
    // 25% of 200.01 = 50.0025 → 50.00; 10% = 20.001 → 20.00; the wallet gets the rest, 130.01.
    expect(await usd(freelancer)).toBe('130.01');
    const goals: SavingsGoal[] = (await request(ctx.app, freelancer, 'GET', '/api/savings-goals')).json();
    expect(goals.map((goal) => [goal.title, goal.currentAmount])).toEqual([
      ['Taxes', '50.00'],
      ['Pension', '20.00'],
    ]);
    const history = (await request(ctx.app, freelancer, 'GET', '/api/transactions?limit=5')).json();
    expect(
      history.map((row: { type: string; amount: string; description: string }) => [row.type, row.amount]),
    ).toEqual(
      expect.arrayContaining([
        ['receive', '200.01'],
        ['savings_deposit', '50.00'],
        ['savings_deposit', '20.00'],
      ]),
    );
    expect(history.find((row: { amount: string }) => row.amount === '50.00').description).toBe(
      'Set aside 25% for “Taxes”',
    );
    expect((await verifyLedger(ctx.app.db)).violations).toEqual([]);

    const stopped = await request(ctx.app, freelancer, 'PATCH', `/api/savings-goals/${taxes.id}`, {
      setAsidePercent: null,
    });
    expect(stopped.json().setAsidePercent).toBeNull();
    expect(
      (await request(ctx.app, client, 'PATCH', `/api/savings-goals/${pension.id}`, { setAsidePercent: 5 }))
        .statusCode,
    ).toBe(404);
    await request(
      ctx.app,
      client,
      'POST',
      '/api/transactions',
      { amount: '100.00', fromCurrency: 'USD', recipientEmail: freelancer.user.email },
      newKey(),
    );
    expect(await usd(freelancer)).toBe('220.01');
  });
});
