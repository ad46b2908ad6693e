import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { addDays, periodDate } from '@contract/invoice-schedules';
import {
  MAX_PAYMENT_SCHEDULES,
  PAYMENT_SCHEDULES_PAGE_DEFAULT,
  PAYMENT_SCHEDULES_PAGE_MAX,
  type PaymentRun,
  type PaymentSchedule,
} from '@contract/payment-schedules';
import { request, signUp, type Session } from '../../test/http';
import { paymentBody } from '../../test/payment-schedules';
import { describeEachDatabase } from '../../test/test-app';
import { recordRun } from './payment-schedules.repository';
import { createPaymentSchedulesService } from './payment-schedules.service';

const today = new Date().toISOString().slice(0, 10);

describeEachDatabase('payment schedules', (ctx) => {
  const post = (session: Session, body: unknown, key = randomUUID()) =>
    request(ctx.app, session, 'POST', '/api/payment-schedules', body, { 'idempotency-key': key });
  const create = async (session: Session, overrides: Record<string, unknown> = {}) => {
    const response = await post(session, paymentBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as PaymentSchedule;
  };
  const get = async (session: Session, id: string) =>
    (await request(ctx.app, session, 'GET', `/api/payment-schedules/${id}`)).json() as PaymentSchedule;

  /** Every page of `url`, following X-Next-Cursor; each page's length, and the items in order. */
  const allPages = async <T>(session: Session, url: string, limit?: number) => {
    const sizes: number[] = [];
    const items: T[] = [];
    let cursor: string | undefined;
    do {
      const params = new URLSearchParams(limit ? { limit: String(limit) } : {});
      if (cursor) params.set('cursor', cursor);
      const page = await request(ctx.app, session, 'GET', `${url}?${params}`);
      expect(page.statusCode, page.body).toBe(200);
      sizes.push(page.json().length);
      items.push(...(page.json() as T[]));
      cursor = page.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    return { sizes, items };
  };

  it(`holds ${MAX_PAYMENT_SCHEDULES} that may still pay; the list comes in pages, newest first`, async () => {
    const bea = await signUp(ctx.app);
    const made: PaymentSchedule[] = [];
    for (let batch = 0; batch < MAX_PAYMENT_SCHEDULES / 10; batch++) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => create(bea, { firstDate: addDays(today, 3) })),
        )),
      );
    }
    const over = await post(bea, paymentBody());
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message: `You can have at most ${MAX_PAYMENT_SCHEDULES} scheduled payments. Cancel one you no longer need first.`,
    });
    // A cancelled schedule stays in the list but makes room.
    expect((await request(ctx.app, bea, 'DELETE', `/api/payment-schedules/${made[0]!.id}`)).statusCode).toBe(
      200,
    );
    made.push(await create(bea));

    const newestFirst = [...made].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );
    const byDefault = await allPages<PaymentSchedule>(bea, '/api/payment-schedules');
    expect(byDefault.sizes).toEqual([PAYMENT_SCHEDULES_PAGE_DEFAULT, 1]);
    expect(byDefault.items.map((item) => item.id)).toEqual(newestFirst.map((item) => item.id));
    const bySeven = await allPages<PaymentSchedule>(bea, '/api/payment-schedules', 7);
    expect(bySeven.sizes).toEqual([7, 7, 7, 7, 7, 7, 7, 2]);
    expect(bySeven.items.map((item) => item.id)).toEqual(newestFirst.map((item) => item.id));

    const page = await request(ctx.app, bea, 'GET', '/api/payment-schedules?limit=7');
    expect(page.headers.link).toBe(
      `</api/payment-schedules?limit=7&cursor=${page.headers['x-next-cursor']}>; rel="next"`,
    );
    for (const bad of ['limit=0', `limit=${PAYMENT_SCHEDULES_PAGE_MAX + 1}`, 'cursor=not-a-cursor']) {
      expect((await request(ctx.app, bea, 'GET', `/api/payment-schedules?${bad}`)).statusCode).toBe(400);
    }
  });

  it("pages a schedule's runs, latest period first", async () => {
    const cy = await signUp(ctx.app);
    const schedule = await create(cy, { cadence: 'week' });
    const periods = Array.from({ length: 5 }, (_, n) => periodDate(today, 'week', n));
    for (const period of periods) {
      await recordRun(
        ctx.app.db,
        { schedule_id: schedule.id, user_id: cy.user.id, period_date: period },
        'paid',
      );
    }
    const runs = await allPages<PaymentRun>(cy, `/api/payment-schedules/${schedule.id}/runs`, 2);
    expect(runs.sizes).toEqual([2, 2, 1]);
    expect(runs.items.map((run) => run.periodDate)).toEqual([...periods].reverse());
    // Another user's schedule has no runs to page through.
    const other = await signUp(ctx.app);
    expect(
      (await request(ctx.app, other, 'GET', `/api/payment-schedules/${schedule.id}/runs`)).statusCode,
    ).toBe(404);
  });

  it('creates, lists, reads and edits a schedule; a replayed key makes no second one', async () => {
    const ada = await signUp(ctx.app);
    const key = randomUUID();
    const first = await post(ada, paymentBody({ amount: '25' }), key);
    expect(first.statusCode, first.body).toBe(201);
    const schedule = first.json() as PaymentSchedule;
    expect(schedule).toMatchObject({
      kind: 'transfer',
      amount: '25.00',
      fromCurrency: 'USD',
      toCurrency: 'USD',
      recipientEmail: 'landlord@example.com',
      description: 'Rent',
      cadence: 'month',
      firstDate: today,
      endDate: null,
      status: 'active',
      nextDate: today,
      lastRun: null,
      runsPaid: 0,
    });
    const replay = await post(ada, paymentBody({ amount: '25' }), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(schedule);
    expect((await post(ada, paymentBody({ amount: '26' }), key)).statusCode).toBe(422);

    const list = await request(ctx.app, ada, 'GET', '/api/payment-schedules');
    expect(list.statusCode).toBe(200);
    expect((list.json() as PaymentSchedule[]).map((row) => row.id)).toEqual([schedule.id]);

    const end = addDays(today, 40);
    const patched = await request(ctx.app, ada, 'PATCH', `/api/payment-schedules/${schedule.id}`, {
      amount: '30.5',
      description: 'Rent, flat 2',
      endDate: end,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ amount: '30.50', description: 'Rent, flat 2', endDate: end });
    expect(await get(ada, schedule.id)).toMatchObject({
      amount: '30.50',
      cadence: 'month',
      firstDate: today,
    });

    const runs = await request(ctx.app, ada, 'GET', `/api/payment-schedules/${schedule.id}/runs`);
    expect(runs.statusCode).toBe(200);
    expect(runs.json() as PaymentRun[]).toEqual([]);
  });

  it('refuses what cannot be paid: a past first date, no recipient, one currency converted, no key', async () => {
    const ada = await signUp(ctx.app);
    const refused = async (overrides: Record<string, unknown>, field: string) => {
      const response = await post(ada, paymentBody(overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields).toHaveProperty(field);
    };
    await refused({ firstDate: addDays(today, -1) }, 'firstDate');
    await refused({ recipientEmail: undefined }, 'recipientEmail');
    await refused({ kind: 'conversion', recipientEmail: undefined, toCurrency: 'USD' }, 'toCurrency');
    await refused({ amount: '1.001' }, 'amount');
    await refused({ cadence: 'fortnight' }, 'cadence');
    await refused({ endDate: addDays(today, -1), firstDate: today }, 'endDate');
    await refused({ recipientEmail: ada.user.email }, 'recipientEmail');
    const keyless = await request(ctx.app, ada, 'POST', '/api/payment-schedules', paymentBody());
    expect(keyless.statusCode).toBe(400);
    expect((await request(ctx.app, ada, 'GET', '/api/payment-schedules')).json()).toEqual([]);

    const schedule = await create(ada, { kind: 'conversion', recipientEmail: undefined, toCurrency: 'EUR' });
    expect(schedule).toMatchObject({ kind: 'conversion', recipientEmail: null, toCurrency: 'EUR' });
    const patch = (body: unknown) =>
      request(ctx.app, ada, 'PATCH', `/api/payment-schedules/${schedule.id}`, body);
    expect((await patch({ recipientEmail: 'someone@example.com' })).statusCode).toBe(400);
    expect((await patch({ amount: '0' })).statusCode).toBe(400);
    expect((await patch({ endDate: addDays(today, -1) })).statusCode).toBe(400);
    const rent = await create(ada);
    const toSelf = await request(ctx.app, ada, 'PATCH', `/api/payment-schedules/${rent.id}`, {
      recipientEmail: ada.user.email,
    });
    expect(toSelf.statusCode).toBe(400);
    expect(toSelf.json().fields).toHaveProperty('recipientEmail');
  });

  it("keeps each owner's schedules to the owner (another's is a 404)", async () => {
    const ada = await signUp(ctx.app);
    const eve = await signUp(ctx.app);
    const schedule = await create(ada);
    const path = `/api/payment-schedules/${schedule.id}`;
    for (const [method, url, body] of [
      ['GET', path, undefined],
      ['GET', `${path}/runs`, undefined],
      ['PATCH', path, { amount: '1.00' }],
      ['POST', `${path}/pause`, undefined],
      ['POST', `${path}/resume`, undefined],
      ['DELETE', path, undefined],
    ] as const) {
      expect((await request(ctx.app, eve, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await request(ctx.app, eve, 'GET', '/api/payment-schedules')).json()).toEqual([]);
    expect((await request(ctx.app, null, 'GET', '/api/payment-schedules')).statusCode).toBe(401);
    expect(await get(ada, schedule.id)).toMatchObject({ status: 'active', amount: '25.00' });
  });

  it('pauses, resumes and cancels; a cancelled schedule stays in the list and changes no more', async () => {
    const ada = await signUp(ctx.app);
    const schedule = await create(ada, { cadence: 'week' });
    const act = (action: string, method: 'POST' | 'DELETE' = 'POST') =>
      request(ctx.app, ada, method, `/api/payment-schedules/${schedule.id}${action ? `/${action}` : ''}`);
    expect((await act('pause')).json()).toMatchObject({ status: 'paused' });
    expect((await act('pause')).statusCode).toBe(409);
    expect((await act('resume')).json()).toMatchObject({ status: 'active', nextDate: today });
    const cancelled = await act('', 'DELETE');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextDate: null });
    expect((await act('resume')).statusCode).toBe(409);
    expect(
      (await request(ctx.app, ada, 'PATCH', `/api/payment-schedules/${schedule.id}`, { amount: '2.00' }))
        .statusCode,
    ).toBe(409);
    const list = (await request(ctx.app, ada, 'GET', '/api/payment-schedules')).json() as PaymentSchedule[];
    expect(list.map((row) => [row.id, row.status])).toEqual([[schedule.id, 'cancelled']]);
  });

  it('tells the forecast the runs to come of active schedules, up to their end', async () => {
    const ada = await signUp(ctx.app);
    const rent = await create(ada, {
      firstDate: addDays(today, 2),
      endDate: periodDate(addDays(today, 2), 'month', 2),
    });
    const fx = await create(ada, {
      kind: 'conversion',
      recipientEmail: undefined,
      toCurrency: 'EUR',
      amount: '10.00',
      cadence: 'week',
    });
    const once = await create(ada, { cadence: 'once', firstDate: addDays(today, 5), amount: '7.00' });
    const paused = await create(ada, { cadence: 'week' });
    await request(ctx.app, ada, 'POST', `/api/payment-schedules/${paused.id}/pause`);
    const face = createPaymentSchedulesService({ db: ctx.app.db }).face;
    const to = addDays(today, 90);
    const due = await face.upcoming(ada.user.id, today, to);
    const expected = [
      ...[0, 1, 2].map((n) => ({ scheduleId: rent.id, date: periodDate(rent.firstDate, 'month', n) })),
      ...Array.from({ length: 13 }, (_, n) => ({ scheduleId: fx.id, date: periodDate(today, 'week', n) })),
      { scheduleId: once.id, date: addDays(today, 5) },
    ].filter((item) => item.date <= to);
    expect(due.map(({ scheduleId, date }) => ({ scheduleId, date }))).toEqual(
      expected.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    );
    expect(due.find((item) => item.scheduleId === fx.id)).toMatchObject({
      kind: 'conversion',
      amount: '10.00',
      fromCurrency: 'USD',
      toCurrency: 'EUR',
      label: 'USD → EUR',
    });
    expect(due.find((item) => item.scheduleId === rent.id)).toMatchObject({
      kind: 'transfer',
      label: 'landlord@example.com',
    });
    // Today's conversion, not yet paid, is owed on any later day the forecast starts from.
    const tomorrow = addDays(today, 1);
    const owed = await face.upcoming(ada.user.id, tomorrow, tomorrow);
    expect(owed.map(({ scheduleId, date }) => ({ scheduleId, date }))).toEqual([
      { scheduleId: fx.id, date: tomorrow },
    ]);
  });
});
