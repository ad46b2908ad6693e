import { beforeAll, expect, it } from 'vitest';
import type { Card, PurchaseResult } from '@contract/cards';
import { FORECAST_ITEMS_PER_DAY, FORECAST_MAX_DAYS, type Forecast } from '@contract/forecast';
import type { Invoice } from '@contract/invoices';
import { addDays } from '@contract/invoice-schedules';
import { MAX_PAYMENT_SCHEDULES, type PaymentSchedule } from '@contract/payment-schedules';
import { anchor, forecastAt, on, realToday, short } from '../../test/forecast';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, newKey, walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { monthsAfter } from './forecast-days';
import { runForecastWarnings } from './forecast-notices';

/** The forecast of a seeded account, day by day against a table worked out by hand (anchor: test/forecast.ts). */
describeEachDatabase('forecast', (ctx) => {
  let ada: Session;
  let ben: Session;
  const invoices: Record<string, Invoice> = {};
  let rent: PaymentSchedule;
  /** A monthly transfer from the USD wallet, first paid on `firstDate`. */
  const schedule = async (amount: string, firstDate: string, recipientEmail: string, description: string) => {
    const created = await request(
      ctx.app,
      ada,
      'POST',
      '/api/payment-schedules',
      { amount, fromCurrency: 'USD', recipientEmail, description, cadence: 'month', firstDate },
      newKey(),
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as PaymentSchedule;
  };
  const serviceAt = (today: string) => forecastAt(ctx.app, today);

  /** A sent invoice of one line, no tax. */
  const invoice = async (client: string, amount: string, dueDate: string) => {
    const created = await request(ctx.app, ada, 'POST', '/api/invoices', {
      ...invoiceBody({
        clientName: client,
        clientEmail: `${client.split(' ')[0]!.toLowerCase()}@clients.example`,
      }),
      taxRate: '0',
      dueDate,
      items: [{ description: 'Work', quantity: '1', unitPrice: amount }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await request(ctx.app, ada, 'PUT', `/api/invoices/${created.json().id}/status`, {
      status: 'sent',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json() as Invoice;
  };
  /** An invoice paid `late` days after its due date, `ago` days before the anchor. */
  const paidBefore = async (client: string, ago: number, late: number) => {
    const sent = await invoice(client, '100.00', on(30));
    expect(
      (await request(ctx.app, ada, 'PUT', `/api/invoices/${sent.id}/status`, { status: 'paid' })).statusCode,
    ).toBe(200);
    await ctx.app.db
      .updateTable('invoices')
      .set({ due_date: on(-ago), paid_at: `${on(-ago + late)}T15:00:00.000Z` })
      .where('id', '=', sent.id)
      .execute();
  };

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    ben = await signUp(ctx.app);
    // Client histories: Prompt pays on the day, Slow 10 and 14 days late (12 on average), Fresh is new.
    await paidBefore('Prompt Ltd', 60, 0);
    await paidBefore('Slow Co', 90, 10);
    await paidBefore('Slow Co', 60, 14);
    invoices.slow = await invoice('Slow Co', '1500.00', on(3));
    invoices.prompt = await invoice('Prompt Ltd', '800.00', on(5));
    invoices.fresh = await invoice('Fresh Inc', '400.00', on(10));

    // Figma charged the card 15.00 on the same day of each of the last three months: a subscription.
    const card = (
      await request(ctx.app, ada, 'POST', '/api/stripe/create-card', {
        type: 'virtual',
        spendingLimit: '500.00',
      })
    ).json() as Card;
    await fund(ctx.app.db, (await walletsOf(ctx.app, ada)).USD!.id, '100.00', 'USD');
    for (const months of [-3, -2, -1]) {
      const bought = await request(
        ctx.app,
        ada,
        'POST',
        `/api/cards/${card.id}/purchases`,
        {
          amount: '15.00',
          currency: 'USD',
          merchant: 'Figma',
          category: 'software',
          channel: 'online',
          country: 'US',
        },
        newKey(),
      );
      const result = bought.json() as PurchaseResult;
      expect(result.approved, bought.body).toBe(true);
      await ctx.app.db
        .updateTable('card_purchases')
        .set({ created_at: `${monthsAfter(on(12), months)}T09:30:00.000Z` })
        .where('id', '=', result.id)
        .execute();
    }
    // Rent: 3,000.00 a month to the landlord from the anchor + 7 (plus the 2.9% fee: 87.00).
    rent = await schedule('3000.00', on(7), 'landlord@example.com', 'Rent');

    // Today's USD balance: exactly 2,000.00 (three paid invoices of 100.00 came in, 45.00 went to Figma).
    const usd = (await walletsOf(ctx.app, ada)).USD!;
    const topUp = 2000_00n - BigInt(usd.balance.replace('.', ''));
    await fund(ctx.app.db, usd.id, `${topUp / 100n}.${String(topUp % 100n).padStart(2, '0')}`, 'USD');
  });

  it('matches the hand-computed table, day by day', async () => {
    const forecast = await serviceAt(anchor).forecast(ada.user.id, 30);
    // [day, expected, best, worst]: Slow Co's 1,500.00 is due on +3 (best) and expected on +15 (12 days
    // late; absent from the worst); Prompt's 800.00 on +5; rent 3,087.00 on +7; Fresh's 400.00 on +10
    // (new: its due date); Figma's 15.00 on +12.
    const table: [number, string, string, string][] = [
      [0, '2000.00', '2000.00', '2000.00'],
      [1, '2000.00', '2000.00', '2000.00'],
      [2, '2000.00', '2000.00', '2000.00'],
      [3, '2000.00', '3500.00', '2000.00'],
      [4, '2000.00', '3500.00', '2000.00'],
      [5, '2800.00', '4300.00', '2800.00'],
      [6, '2800.00', '4300.00', '2800.00'],
      [7, '-287.00', '1213.00', '-287.00'],
      [8, '-287.00', '1213.00', '-287.00'],
      [9, '-287.00', '1213.00', '-287.00'],
      [10, '113.00', '1613.00', '113.00'],
      [11, '113.00', '1613.00', '113.00'],
      [12, '98.00', '1598.00', '98.00'],
      [14, '98.00', '1598.00', '98.00'],
      [15, '1598.00', '1598.00', '98.00'],
      [20, '1598.00', '1598.00', '98.00'],
      [29, '1598.00', '1598.00', '98.00'],
    ];
    expect(forecast.from).toBe(anchor);
    expect(forecast.homeCurrency).toBe('USD');
    expect(forecast.days).toHaveLength(30);
    for (const [offset, expected, best, worst] of table) {
      expect(forecast.days[offset], `day +${offset}`).toEqual({ date: on(offset), expected, best, worst });
    }
    const usd = forecast.wallets.find((wallet) => wallet.currency === 'USD')!;
    expect(usd.floor).toBe('0.00');
    expect(table.map(([offset]) => usd.balances[offset])).toEqual(table.map(([, expected]) => expected));

    expect(forecast.items.map((item) => [item.date, item.kind, item.amount, item.latePayer])).toEqual([
      [on(5), 'invoice', '800.00', false],
      [on(7), 'scheduled_payment', '-3087.00', false],
      [on(10), 'invoice', '400.00', false],
      [on(12), 'subscription', '-15.00', false],
      [on(15), 'invoice', '1500.00', true],
    ]);
    const slow = forecast.items.find((item) => item.sourceId === invoices.slow!.id)!;
    expect(slow.label).toBe(`Invoice ${invoices.slow!.invoiceNumber} from Slow Co (usually 12 days late)`);
    expect(slow.homeAmount).toBe('1500.00');
    expect(forecast.items.find((item) => item.kind === 'subscription')!.label).toBe('Figma');
  });

  it('warns on the day the rent takes the wallet below zero, with what would fix it', async () => {
    const forecast = await serviceAt(anchor).forecast(ada.user.id, 30);
    expect(forecast.warnings).toEqual([
      {
        currency: 'USD',
        date: on(7),
        kind: 'below_zero',
        balance: '-287.00',
        floor: '0.00',
        cause: 'Scheduled payment to landlord@example.com',
        fixes: [
          {
            kind: 'chase_invoice',
            label: `Chase ${invoices.slow!.invoiceNumber} from Slow Co ($1,500.00, 12 days late on average)`,
            sourceId: invoices.slow!.id,
          },
          {
            kind: 'move_payment',
            label: `Move Scheduled payment to landlord@example.com ($3,087.00 on ${short(on(7))}) to after ${short(on(9))}`,
            sourceId: rent.id,
          },
        ],
      },
    ]);
  });

  it("keeps floors per wallet, the owner's own, and warns first below the floor", async () => {
    const set = await request(ctx.app, ada, 'PUT', '/api/forecast/floors', {
      currency: 'USD',
      floor: '2500.00',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ currency: 'USD', floor: '2500.00' });
    const forecast = await serviceAt(anchor).forecast(ada.user.id, 30);
    expect(forecast.wallets.find((wallet) => wallet.currency === 'USD')!.floor).toBe('2500.00');
    expect(forecast.warnings.map((warning) => [warning.kind, warning.date, warning.cause])).toEqual([
      ['below_floor', on(0), "Today's balance"],
      ['below_zero', on(7), 'Scheduled payment to landlord@example.com'],
    ]);
    // Ben's forecast knows nothing of Ada's floor; a floor is an amount of the wallet's currency, or zero.
    const bens = (await serviceAt(anchor).forecast(ben.user.id, 30)).wallets;
    expect(bens.every((wallet) => /^0\.0+$/.test(wallet.floor))).toBe(true);
    for (const floor of ['-5', '1.234', 'abc']) {
      const refused = await request(ctx.app, ada, 'PUT', '/api/forecast/floors', { currency: 'USD', floor });
      expect(refused.statusCode, floor).toBe(400);
    }
    // "0.00" removes it.
    const removed = await request(ctx.app, ada, 'PUT', '/api/forecast/floors', {
      currency: 'USD',
      floor: '0.00',
    });
    expect(removed.json()).toEqual({ currency: 'USD', floor: '0.00' });
    expect(
      (await serviceAt(anchor).forecast(ada.user.id, 30)).warnings.map((warning) => warning.kind),
    ).toEqual(['below_zero']);
  });

  it('answers each owner with their own forecast, and checks the window', async () => {
    const mine = await request(ctx.app, ada, 'GET', '/api/forecast');
    expect(mine.statusCode, mine.body).toBe(200);
    const forecast = mine.json() as Forecast;
    expect(forecast.days).toHaveLength(90);
    expect(forecast.from).toBe(realToday);
    expect(forecast.items.some((item) => item.sourceId === invoices.prompt!.id)).toBe(true);

    const bens = (await request(ctx.app, ben, 'GET', '/api/forecast?days=30')).json() as Forecast;
    expect(bens.days).toHaveLength(30);
    expect(bens.items).toEqual([]);
    expect(bens.warnings).toEqual([]);

    for (const days of ['0', '366', 'abc']) {
      expect((await request(ctx.app, ada, 'GET', `/api/forecast?days=${days}`)).statusCode, days).toBe(400);
    }
    expect((await request(ctx.app, null, 'GET', '/api/forecast')).statusCode).toBe(401);
  });

  it('tells each new warning once, not again on the next run', async () => {
    const HOUR = 3_600_000;
    let clock = Date.now();
    const deps = {
      db: ctx.app.db,
      notifier: ctx.app.notifier,
      forecast: serviceAt(anchor),
      tax: { estimate: async () => ({ profile: null, estimate: null }) },
      now: () => new Date(clock),
    };
    const warnings = () =>
      ctx.app.db
        .selectFrom('notifications')
        .select(['title', 'message'])
        .where('user_id', '=', ada.user.id)
        .where('title', 'like', 'Your USD wallet%')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    await runForecastWarnings(deps, HOUR);
    const told = await warnings();
    expect(told).toEqual([
      {
        title: 'Your USD wallet may go below zero',
        message: expect.stringContaining('(Scheduled payment to landlord@example.com). Chase'),
      },
    ]);
    // An hour on, the same warning is found again and not told again.
    clock += HOUR;
    expect(await runForecastWarnings(deps, HOUR)).toBe(0);
    expect(await warnings()).toHaveLength(1);
    // A new cause on another day is a new warning.
    const tools = await schedule('2000.00', on(1), 'tools@example.com', 'Tools');
    clock += HOUR;
    await runForecastWarnings(deps, HOUR);
    expect((await warnings()).map((row) => row.message)).toEqual([
      expect.stringContaining('landlord@example.com'),
      expect.stringContaining('tools@example.com'),
    ]);
    expect((await request(ctx.app, ada, 'DELETE', `/api/payment-schedules/${tools.id}`)).statusCode).toBe(
      200,
    );
  });

  it(`lists at most ${FORECAST_ITEMS_PER_DAY} items a day, the rest of a crowded day folded by kind`, async () => {
    const cy = await signUp(ctx.app);
    await fund(ctx.app.db, (await walletsOf(ctx.app, cy)).USD!.id, '100000.00', 'USD');
    // As many weekly payments as may be scheduled, 1.00 to 50.00, all on the same days, for a year.
    const firstDate = addDays(realToday, 1);
    const made: PaymentSchedule[] = [];
    for (let batch = 0; batch < MAX_PAYMENT_SCHEDULES / 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          request(
            ctx.app,
            cy,
            'POST',
            '/api/payment-schedules',
            {
              amount: `${batch * 10 + n + 1}.00`,
              fromCurrency: 'USD',
              recipientEmail: 'payee@example.com',
              cadence: 'week',
              firstDate,
            },
            newKey(),
          ),
        ),
      );
      made.push(...answers.map((answer) => answer.json() as PaymentSchedule));
    }
    const largest = made
      .toSorted((a, b) => Number(b.amount) - Number(a.amount))
      .slice(0, FORECAST_ITEMS_PER_DAY)
      .map((schedule) => schedule.id)
      .toSorted();
    const answer = await request(ctx.app, cy, 'GET', `/api/forecast?days=${FORECAST_MAX_DAYS}`);
    expect(answer.statusCode).toBe(200);
    const forecast = answer.json() as Forecast;
    /** USD minor units of a signed decimal with two places. */
    const cents = (decimal: string) => BigInt(decimal.replace('.', ''));
    let paymentDays = 0;
    for (const [index, day] of forecast.days.entries()) {
      const items = forecast.items.filter((item) => item.date === day.date);
      expect(items.length > 0).toBe(index % 7 === 1);
      if (items.length === 0) continue;
      paymentDays++;
      // The day's largest payments by name, then one line for the rest of their kind.
      const named = items.filter((item) => item.sourceId !== null);
      expect(named.map((item) => item.sourceId).toSorted()).toEqual(largest);
      expect(items.filter((item) => item.sourceId === null)).toEqual([
        expect.objectContaining({
          kind: 'scheduled_payment',
          label: `${MAX_PAYMENT_SCHEDULES - FORECAST_ITEMS_PER_DAY} more scheduled payments`,
          currency: 'USD',
        }),
      ]);
      // Together they are what the day moves.
      const moved = items.reduce((sum, item) => sum + cents(item.homeAmount), 0n);
      expect(cents(day.expected) - cents(forecast.days[index - 1]!.expected)).toBe(moved);
    }
    expect(paymentDays).toBe(Math.ceil((FORECAST_MAX_DAYS - 1) / 7));
    // Each payment day: its largest payments by name and one line for the rest.
    expect(forecast.items).toHaveLength(paymentDays * (FORECAST_ITEMS_PER_DAY + 1));
  });

  it('looks at each user once an interval however many processes run the job', async () => {
    const HOUR = 3_600_000;
    // Far ahead of the other test's clock, so every user is due at the start.
    let clock = Date.now() + 10 * HOUR;
    const looked: string[] = [];
    const service = serviceAt(anchor);
    const process = () => ({
      db: ctx.app.db,
      notifier: ctx.app.notifier,
      forecast: {
        forecast: (userId: string, days: number) => {
          looked.push(userId);
          return service.forecast(userId, days);
        },
      },
      tax: { estimate: async () => ({ profile: null, estimate: null }) },
      now: () => new Date(clock),
    });
    const users = await ctx.app.db.selectFrom('users').select('id').execute();

    await Promise.all([runForecastWarnings(process(), HOUR), runForecastWarnings(process(), HOUR)]);
    expect(looked.toSorted()).toEqual(users.map((user) => user.id).toSorted());

    // Within the hour, neither process looks again; an hour on, each user is looked at once more.
    looked.length = 0;
    clock += HOUR - 1;
    await Promise.all([runForecastWarnings(process(), HOUR), runForecastWarnings(process(), HOUR)]);
    expect(looked).toEqual([]);
    clock += 1;
    await Promise.all([runForecastWarnings(process(), HOUR), runForecastWarnings(process(), HOUR)]);
    expect(looked.toSorted()).toEqual(users.map((user) => user.id).toSorted());
  });

  it('shows the demo a warning worth reading: its rent takes USD under its floor until an invoice comes in', async () => {
    const demo = await startDemo(ctx.app);
    const forecast = (await request(ctx.app, demo, 'GET', '/api/forecast')).json() as Forecast;
    const rentDay = addDays(realToday, 4);
    expect(forecast.items.find((item) => item.date === rentDay)).toMatchObject({
      kind: 'scheduled_payment',
      amount: '-2881.20',
    });
    expect(forecast.warnings).toEqual([
      {
        currency: 'USD',
        date: rentDay,
        kind: 'below_floor',
        balance: '9568.80',
        floor: '10000.00',
        cause: 'Scheduled payment to landlord@harbourlofts.example',
        fixes: [
          {
            kind: 'move_payment',
            // Atlas Freight's 3,200.00 (due in 10 days, a new client) brings it back over the floor.
            label: `Move Scheduled payment to landlord@harbourlofts.example ($2,881.20 on ${short(rentDay)}) to after ${short(addDays(realToday, 9))}`,
            sourceId: expect.any(String),
          },
        ],
      },
    ]);
  });
});
