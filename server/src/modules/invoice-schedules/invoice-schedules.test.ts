import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, periodDate, type InvoiceSchedule, type ScheduleInvoice } from '@contract/invoice-schedules';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { request, signUp, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { appRateSource } from '../fx/rate-source';
import { createInvoicesFace } from '../invoices/invoices';
import { createInvoiceSchedulesService } from './invoice-schedules.service';
import { runInvoiceSchedules } from './schedule-runs';

const today = new Date().toISOString().slice(0, 10);
/** A moment on the day `days` days from today, at noon UTC. */
const dayAt = (date: string) => new Date(`${date}T12:00:00Z`);

export const scheduleBody = (overrides: Record<string, unknown> = {}) => ({
  clientName: 'Acme Studio',
  clientEmail: 'billing@acme.example',
  projectTitle: 'Retainer',
  currency: 'USD',
  taxRate: '10',
  items: [{ description: 'Support', quantity: '10', unitPrice: '80.00' }],
  paymentTermsDays: 14,
  frequency: 'month',
  firstDate: today,
  ...overrides,
});

describeEachDatabase('recurring invoices', (ctx) => {
  const faceOf = (app: App) =>
    createInvoicesFace({
      db: app.db,
      config: app.config,
      rates: appRateSource(app),
      mailer: app.mail,
      notifier: app.notifier,
    });
  const run = (date: string, app: App = ctx.app) =>
    runInvoiceSchedules({
      db: app.db,
      notifier: app.notifier,
      invoices: faceOf(app),
      now: () => dayAt(date),
    });

  const create = async (session: Session, overrides: Record<string, unknown> = {}) => {
    const response = await request(
      ctx.app,
      session,
      'POST',
      '/api/invoice-schedules',
      scheduleBody(overrides),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as InvoiceSchedule;
  };
  const get = async (session: Session, id: string) =>
    (await request(ctx.app, session, 'GET', `/api/invoice-schedules/${id}`)).json() as InvoiceSchedule;
  const made = async (session: Session, id: string) => {
    const response = await request(ctx.app, session, 'GET', `/api/invoice-schedules/${id}/invoices`);
    expect(response.statusCode).toBe(200);
    return (response.json() as ScheduleInvoice[]).reverse();
  };
  const notices = (userId: string) =>
    ctx.app.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('user_id', '=', userId)
      .where('title', 'like', 'Recurring invoice%')
      .orderBy('created_at')
      .execute();
  /** The user's invoice numbers per year are 1..n with no gap and no repeat. */
  const expectGapFree = async (userId: string) => {
    const rows = await ctx.app.db
      .selectFrom('invoices')
      .select(['year', 'sequence'])
      .where('user_id', '=', userId)
      .execute();
    const years = new Map<number, number[]>();
    for (const row of rows)
      years.set(Number(row.year), [...(years.get(Number(row.year)) ?? []), Number(row.sequence)]);
    for (const sequences of years.values()) {
      expect(sequences.sort((a, b) => a - b)).toEqual(sequences.map((_, index) => index + 1));
    }
  };

  let ada: Session;
  let bob: Session;
  let second: App | undefined;
  beforeAll(async () => {
    [ada, bob] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  });
  afterAll(async () => second?.close());

  it('creates a schedule and makes its first invoice once, sent, dated for its period', async () => {
    const schedule = await create(ada);
    expect(schedule).toMatchObject({
      status: 'active',
      nextDate: today,
      totalAmount: '880.00',
      invoicesMade: 0,
    });
    const listed = (await request(ctx.app, ada, 'GET', '/api/invoice-schedules')).json() as InvoiceSchedule[];
    expect(listed.map((s) => s.id)).toContain(schedule.id);

    expect(await run(today)).toBe(1);
    expect(await run(today)).toBe(0);
    const [first] = await made(ada, schedule.id);
    expect(first!.periodDate).toBe(today);
    expect(first!.invoice).toMatchObject({
      status: 'sent',
      issueDate: today,
      dueDate: addDays(today, 14),
      projectTitle: 'Retainer',
      totalAmount: '880.00',
    });
    expect(await get(ada, schedule.id)).toMatchObject({
      invoicesMade: 1,
      nextDate: periodDate(today, 'month', 1),
    });
    const told = await notices(ada.user.id);
    expect(told.map((n) => n.title)).toEqual(['Recurring invoice sent']);
    expect(told[0]!.message).toContain(first!.invoice.invoiceNumber);
    await expectGapFree(ada.user.id);
  });

  it("answers 404 for another user's schedule, and validates at the edge", async () => {
    const schedule = await create(ada, { autoSend: false });
    for (const [method, url] of [
      ['GET', `/api/invoice-schedules/${schedule.id}`],
      ['GET', `/api/invoice-schedules/${schedule.id}/invoices`],
      ['PATCH', `/api/invoice-schedules/${schedule.id}`],
      ['POST', `/api/invoice-schedules/${schedule.id}/pause`],
      ['POST', `/api/invoice-schedules/${schedule.id}/stop`],
    ] as const) {
      const response = await request(
        ctx.app,
        bob,
        method,
        url,
        method === 'PATCH' ? { notes: 'x' } : undefined,
      );
      expect(response.statusCode, url).toBe(404);
    }
    expect((await request(ctx.app, bob, 'GET', '/api/invoice-schedules')).json()).toEqual([]);
    const past = await request(
      ctx.app,
      ada,
      'POST',
      '/api/invoice-schedules',
      scheduleBody({ firstDate: '2020-01-01' }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toHaveProperty('firstDate');
    const both = scheduleBody({ endDate: addDays(today, 90), endCount: 3 });
    expect((await request(ctx.app, ada, 'POST', '/api/invoice-schedules', both)).statusCode).toBe(400);
    const weekly = scheduleBody({ frequency: 'fortnight' });
    expect((await request(ctx.app, ada, 'POST', '/api/invoice-schedules', weekly)).statusCode).toBe(400);
    await request(ctx.app, ada, 'POST', `/api/invoice-schedules/${schedule.id}/stop`);
  });

  it('catches up each missed period once after downtime, dated for its period, and stops at its count', async () => {
    const carol = await signUp(ctx.app);
    const schedule = await create(carol, { endCount: 4, paymentTermsDays: 30 });
    const periods = [0, 1, 2, 3].map((n) => periodDate(today, 'month', n));
    // Down for two months: the run on the day of period 2 makes periods 0, 1 and 2.
    await run(periods[2]!);
    await run(periods[2]!);
    let invoices = await made(carol, schedule.id);
    expect(invoices).toHaveLength(3);
    expect(invoices.map((i) => i.invoice.issueDate)).toEqual(periods.slice(0, 3));
    expect(invoices.map((i) => i.invoice.dueDate)).toEqual(periods.slice(0, 3).map((p) => addDays(p, 30)));
    // A period whose due date had passed is left as a draft for the owner; the others are sent.
    expect(invoices.map((i) => i.invoice.status)).toEqual(
      periods.slice(0, 3).map((p) => (addDays(p, 30) < periods[2]! ? 'draft' : 'sent')),
    );
    await run(addDays(periods[3]!, 400));
    invoices = await made(carol, schedule.id);
    expect(invoices).toHaveLength(4);
    expect(await get(carol, schedule.id)).toMatchObject({
      status: 'finished',
      nextDate: null,
      invoicesMade: 4,
    });
    expect(await notices(carol.user.id)).toHaveLength(4);
    await expectGapFree(carol.user.id);
  });

  it('stops at its end date, and leaves drafts for review when it does not send', async () => {
    const dave = await signUp(ctx.app);
    const endDate = addDays(periodDate(today, 'month', 1), 3);
    const schedule = await create(dave, { endDate, autoSend: false });
    await run(addDays(today, 200));
    const invoices = await made(dave, schedule.id);
    expect(invoices.map((i) => [i.periodDate, i.invoice.status])).toEqual([
      [today, 'draft'],
      [periodDate(today, 'month', 1), 'draft'],
    ]);
    expect(await get(dave, schedule.id)).toMatchObject({ status: 'finished', nextDate: null });
    expect((await notices(dave.user.id)).map((n) => n.title)).toEqual([
      'Recurring invoice drafted',
      'Recurring invoice drafted',
    ]);
  });

  it('pauses (skipping its periods), resumes at the next period, and applies an edit to the next invoice', async () => {
    const erin = await signUp(ctx.app);
    const schedule = await create(erin, { frequency: 'week' });
    await run(today);
    const path = `/api/invoice-schedules/${schedule.id}`;
    const edit = {
      projectTitle: 'Retainer, new rate',
      items: [{ description: 'Support', quantity: '10', unitPrice: '90.00' }],
    };
    expect((await request(ctx.app, erin, 'PATCH', path, edit)).json()).toMatchObject({
      totalAmount: '990.00',
    });

    expect((await request(ctx.app, erin, 'POST', `${path}/pause`)).json()).toMatchObject({
      status: 'paused',
    });
    expect((await request(ctx.app, erin, 'POST', `${path}/pause`)).statusCode).toBe(409);
    await run(addDays(today, 20));
    expect(await made(erin, schedule.id)).toHaveLength(1);

    // Resumed on day 20: the periods of days 7 and 14 were paused and are skipped; the next is day 21.
    const later = createInvoiceSchedulesService({
      db: ctx.app.db,
      invoices: faceOf(ctx.app),
      now: () => dayAt(addDays(today, 20)),
    });
    expect(await later.resume(erin.user.id, schedule.id)).toMatchObject({
      status: 'active',
      nextDate: addDays(today, 21),
    });
    await run(addDays(today, 21));
    const invoices = await made(erin, schedule.id);
    expect(invoices.map((i) => [i.periodDate, i.invoice.projectTitle, i.invoice.totalAmount])).toEqual([
      [today, 'Retainer', '880.00'],
      [addDays(today, 21), 'Retainer, new rate', '990.00'],
    ]);

    expect((await request(ctx.app, erin, 'POST', `${path}/stop`)).json()).toMatchObject({
      status: 'stopped',
      nextDate: null,
    });
    expect((await request(ctx.app, erin, 'POST', `${path}/resume`)).statusCode).toBe(409);
    await run(addDays(today, 60));
    expect(await made(erin, schedule.id)).toHaveLength(2);
  });

  it('leaves the draft and tells the owner when the invoice cannot be sent; sends a run its process left', async () => {
    const unverified = await signUp(ctx.app, undefined, { verified: false });
    const refused = await create(unverified);
    await run(today);
    const [kept] = await made(unverified, refused.id);
    expect(kept!.invoice.status).toBe('draft');
    const [notice] = await notices(unverified.user.id);
    expect(notice).toMatchObject({ title: 'Recurring invoice not sent' });
    expect(notice!.message).toContain('Confirm your email address');

    // A run made but never sent (its process stopped before sending): a later run sends it, once.
    const fay = await signUp(ctx.app);
    const schedule = await create(fay, { autoSend: false });
    await run(today);
    const [draft] = await made(fay, schedule.id);
    await ctx.app.db
      .updateTable('invoice_schedule_runs')
      .set({ send_state: 'to_send', created_at: '2000-01-01T00:00:00.000Z' })
      .where('invoice_id', '=', draft!.invoice.id)
      .execute();
    await Promise.all([run(today), run(today)]);
    const [sent] = await made(fay, schedule.id);
    expect(sent!.invoice).toMatchObject({ status: 'sent', issueDate: today });
    expect((await notices(fay.user.id)).map((n) => n.title)).toEqual([
      'Recurring invoice drafted',
      'Recurring invoice sent',
    ]);
  });

  it('makes each period once when several processes run the job at the same moment', async () => {
    // PostgreSQL: a second app on the same database (another process's pool and connections). SQLite is one
    // process: the runs overlap on its one connection.
    second = ctx.dialect === 'postgres' ? await buildApp(ctx.config) : undefined;
    const apps = [ctx.app, second ?? ctx.app];
    const owners = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    const schedules = await Promise.all(
      owners.flatMap((owner) => [create(owner), create(owner, { autoSend: false, frequency: 'quarter' })]),
    );
    const when = periodDate(today, 'month', 3);
    await Promise.all([run(when, apps[0]), run(when, apps[1]), run(when, apps[0]), run(when, apps[1])]);
    // Four monthly periods (0..3) and two quarterly (0, 1) per owner, each once.
    for (const [index, schedule] of schedules.entries()) {
      const owner = owners[Math.floor(index / 2)]!;
      const invoices = await made(owner, schedule.id);
      expect(invoices.map((i) => i.periodDate)).toEqual(
        [0, 1, 2, 3].slice(0, index % 2 === 0 ? 4 : 2).map((n) => periodDate(today, schedule.frequency, n)),
      );
    }
    for (const owner of owners) {
      expect(await notices(owner.user.id)).toHaveLength(6);
      await expectGapFree(owner.user.id);
    }
  });
});
