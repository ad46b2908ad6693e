import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TaxEstimateAnswer, TaxProfile } from '@contract/tax';
import { buildApp, type App } from '../../app';
import { request, signUp, type Session } from '../../test/http';
import { parseAmount } from '@contract/money';
import { newKey, sendUsd, walletsOf } from '../../test/money';
import { fixedRateSource } from '../../test/rates';
import { describeEachDatabase } from '../../test/test-app';
import { createGoalsService } from '../goals/goals.service';
import { runTaxReminders } from './tax-reminders';
import { createTaxService } from './tax.service';

const thisYear = new Date().getUTCFullYear();

describeEachDatabase('tax estimate', (ctx) => {
  let ada: Session;
  let ben: Session;
  let goalId: string;
  let second: App | undefined;
  afterAll(async () => second?.close());

  const get = (url: string, session = ada) => request(ctx.app, session, 'GET', url);
  const put = (body: unknown, session = ada) => request(ctx.app, session, 'PUT', '/api/tax/profile', body);
  const post = (session: Session, url: string, body: unknown) =>
    request(ctx.app, session, 'POST', url, body, newKey());
  const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 201) => {
    const answer = await response;
    if (answer.statusCode !== status) throw new Error(`${answer.statusCode} ${answer.body}`);
    return JSON.parse(answer.body) as { id: string };
  };
  const deposit = async (session: Session, amount: string) =>
    ok(post(session, `/api/wallets/${(await walletsOf(ctx.app, session)).USD!.id}/deposit`, { amount }));
  const buy = async (session: Session, merchant: string, category: string, amount: string) => {
    const card = await ok(post(session, '/api/stripe/create-card', { type: 'virtual' }));
    await ok(
      post(session, `/api/cards/${card.id}/purchases`, {
        amount,
        currency: 'USD',
        merchant,
        category,
        channel: 'online',
        country: 'US',
      }),
    );
  };
  const estimate = async (session = ada) =>
    (await get('/api/tax/estimate', session)).json() as TaxEstimateAnswer;
  const profileRow = (userId: string) =>
    ctx.app.db.selectFrom('tax_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();

  beforeAll(async () => {
    [ada, ben] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    // Ada: a goal that sets aside 25% of what arrives; Ben pays her 400.00 (she keeps 300.00, the goal 100.00);
    // she buys software for 50.00 (deductible) and groceries for 30.00 (not); her deposit is her own money.
    goalId = (
      await ok(
        post(ada, '/api/savings-goals', {
          title: 'Tax pot',
          category: 'Taxes',
          targetAmount: '5000.00',
          currency: 'USD',
          targetDate: `${thisYear + 2}-01-31`,
          setAsidePercent: 25,
        }),
      )
    ).id;
    await deposit(ada, '1000.00');
    await deposit(ben, '2000.00');
    await ok(sendUsd(ctx.app, ben, ada.user.email, '400.00'));
    await buy(ada, 'Figma', 'software', '50.00');
    await buy(ada, 'Corner Shop', 'groceries', '30.00');
    // Ben's own income and spending, which must never reach Ada's figures.
    await ok(sendUsd(ctx.app, ada, ben.user.email, '20.00'));
    await buy(ben, 'GitHub', 'software', '70.00');
    // Many requests, each signing up or moving money: a loaded machine needs more than the default minute.
  }, 240_000);

  it('has no estimate until a profile is set up', async () => {
    expect(await estimate()).toEqual({ profile: null, estimate: null });
    expect((await get('/api/tax/profile')).json()).toEqual({ profile: null });
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const good = { country: null, ratePercent: '30', yearStart: { month: 1, day: 1 }, goalId: null };
    for (const bad of [
      { ...good, ratePercent: '100.5' },
      { ...good, ratePercent: '-5' },
      { ...good, ratePercent: 25 },
      { ...good, yearStart: { month: 2, day: 29 } },
      { ...good, yearStart: { month: 0, day: 1 } },
      { ...good, country: 'XX' },
    ]) {
      const response = await put(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await profileRow(ada.user.id)).toBeUndefined();
    // Another user's goal is not found, and nothing is saved.
    expect((await put({ ...good, goalId }, ben)).statusCode).toBe(404);
    expect(await profileRow(ben.user.id)).toBeUndefined();
  });

  it('adds up against the hand-computed figure', async () => {
    // First day of this calendar year to today: every row above is inside it.
    const saved = await put({
      country: null,
      ratePercent: '33.33',
      yearStart: { month: 1, day: 1 },
      goalId: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json() as TaxProfile).toMatchObject({ country: null, ratePercent: '33.33', goalId: null });
    const { estimate: figures } = await estimate();
    // income 400.00 (the set-aside and the deposit are Ada's own money); deductible 50.58: software 50.00
    // and the 2.9% fee on the 20.00 she sent Ben (Fees), not the groceries nor the 20.00 itself; taxable
    // 349.42; × 33.33% = 116.461686 → 116.47 (rounded up); the goal holds 100.00 (25% of 400.00), guessed
    // as the only set-aside goal; shortfall 16.47.
    expect(figures).toMatchObject({
      currency: 'USD',
      taxYear: { from: `${thisYear}-01-01`, ends: `${thisYear}-12-31` },
      income: '400.00',
      deductibleExpenses: '50.58',
      taxable: '349.42',
      ratePercent: '33.33',
      estimatedTax: '116.47',
      setAside: '100.00',
      shortfall: '16.47',
      surplus: '0.00',
      goal: {
        id: goalId,
        chosen: false,
        currency: 'USD',
        holds: '100.00',
        holdsInHome: '100.00',
        rate: null,
      },
      dates: [`${thisYear}-03-31`, `${thisYear}-06-30`, `${thisYear}-09-30`, `${thisYear}-12-31`],
    });
    expect(figures!.disclaimer).toMatch(/estimate, not tax advice/);
  });

  it('uses the chosen goal, converted at today’s rate when in another currency', async () => {
    const eurGoal = await ok(
      post(ada, '/api/savings-goals', {
        title: 'Euro tax pot',
        category: 'Taxes',
        targetAmount: '900.00',
        currency: 'EUR',
        targetDate: `${thisYear + 2}-01-31`,
      }),
    );
    await ok(post(ada, '/api/convert', { amount: '100.00', from: 'USD', to: 'EUR' }));
    await ok(post(ada, `/api/savings-goals/${eurGoal.id}/contribute`, { amount: '80.00' }));
    const body = { country: null, ratePercent: '33.33', yearStart: { month: 1, day: 1 }, goalId: eurGoal.id };
    expect((await put(body)).statusCode).toBe(200);
    const tax = createTaxService({
      db: ctx.app.db,
      rates: fixedRateSource({ EUR_USD: '1.25' }),
      goals: createGoalsService({ db: ctx.app.db, notifier: ctx.app.notifier }),
    });
    const { estimate: figures } = await tax.estimate(ada.user.id);
    // An exchange is Ada's own money: income does not move (its fee counts in Fees, a deductible expense).
    expect(figures).toMatchObject({ income: '400.00' });
    expect(figures!.goal).toMatchObject({
      chosen: true,
      currency: 'EUR',
      holds: '80.00',
      holdsInHome: '100.00',
      rate: '1.25',
    });
    expect(figures!.setAside).toBe('100.00');
    const minor = (amount: string) => parseAmount(amount, 'USD');
    expect(minor(figures!.shortfall)).toBe(minor(figures!.estimatedTax) - 10_000n);
    // Back to the guessed goal for the tests below.
    expect((await put({ ...body, goalId: null })).statusCode).toBe(200);
  });

  it('never counts another user’s rows', async () => {
    expect(
      (await put({ country: 'US', ratePercent: '25', yearStart: { month: 1, day: 1 }, goalId: null }, ben))
        .statusCode,
    ).toBe(200);
    const { estimate: figures } = await estimate(ben);
    // Ben: 20.00 in from Ada, 70.00 of software; no goal.
    expect(figures).toMatchObject({
      income: '20.00',
      // 70.00 of software and the 2.9% fee (11.60) on the 400.00 he sent Ada.
      deductibleExpenses: '81.60',
      taxable: '0.00',
      estimatedTax: '0.00',
    });
    expect(figures).toMatchObject({ goal: null, setAside: '0.00', shortfall: '0.00' });
    expect((await estimate()).estimate).toMatchObject({ income: '400.00', goal: { id: goalId } });
  });

  it('counts only this tax year: the year starting 6 April leaves out the year before', async () => {
    const tax = (now: Date) =>
      createTaxService({
        db: ctx.app.db,
        rates: fixedRateSource({ EUR_USD: '1.25' }),
        goals: createGoalsService({ db: ctx.app.db, notifier: ctx.app.notifier }),
        now: () => now,
      });
    await put({ country: 'GB', ratePercent: '20', yearStart: { month: 4, day: 6 }, goalId: null });
    // A year from now the rows made today are in an earlier tax year.
    const later = new Date(Date.now() + 366 * 86_400_000);
    const { estimate: next } = await tax(later).estimate(ada.user.id);
    expect(next).toMatchObject({ income: '0.00', deductibleExpenses: '0.00', estimatedTax: '0.00' });
    expect(next!.taxYear.from.slice(5)).toBe('04-06');
    const { estimate: now } = await tax(new Date()).estimate(ada.user.id);
    expect(now).toMatchObject({ income: '400.00', ratePercent: '20' });
  });

  it('reminds once per date a week before, whatever the runs and processes', async () => {
    const carl = await signUp(ctx.app);
    expect(
      (await put({ country: 'GB', ratePercent: '20', yearStart: { month: 4, day: 6 }, goalId: null }, carl))
        .statusCode,
    ).toBe(200);
    // PostgreSQL: a second app on the same database (another process's pool). SQLite is one process.
    second = ctx.dialect === 'postgres' ? await buildApp(ctx.config) : undefined;
    const run = (day: string, app: App = ctx.app) =>
      runTaxReminders({
        db: app.db,
        notifier: app.notifier,
        mailer: app.mail,
        now: () => new Date(`${day}T09:00:00Z`),
      });
    const reminders = () =>
      ctx.app.db
        .selectFrom('tax_reminders')
        .select('due_date')
        .where('user_id', '=', carl.user.id)
        .orderBy('due_date')
        .execute();
    const notices = () =>
      ctx.app.db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', carl.user.id)
        .where('title', '=', 'Quarterly tax estimate due soon')
        .execute();
    const mails = () =>
      ctx.app.db
        .selectFrom('mail_outbox')
        .select(['ref', 'to_address'])
        .where('user_id', '=', carl.user.id)
        .where('kind', '=', 'tax-reminder')
        .execute();

    // The quarter ends 5 July: eight days before, nothing; seven days before, once.
    await run('2030-06-27');
    expect(await reminders()).toEqual([]);
    const apps = [ctx.app, second ?? ctx.app];
    await Promise.all([
      run('2030-06-28', apps[0]),
      run('2030-06-28', apps[1]),
      run('2030-06-28', apps[0]),
      run('2030-06-28', apps[1]),
    ]);
    await run('2030-07-04');
    await run('2030-07-05');
    expect(await reminders()).toEqual([{ due_date: '2030-07-05' }]);
    expect(await notices()).toHaveLength(1);
    expect(await mails()).toEqual([{ ref: 'tax-reminder:2030-07-05', to_address: carl.user.email }]);
    // The next quarter's date, 5 October, gets its own reminder.
    await Promise.all([run('2030-09-30', apps[0]), run('2030-09-30', apps[1])]);
    expect((await reminders()).map((row) => row.due_date)).toEqual(['2030-07-05', '2030-10-05']);
    expect(await notices()).toHaveLength(2);
    expect(await mails()).toHaveLength(2);
  });
});
