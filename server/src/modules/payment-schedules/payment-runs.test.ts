import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, periodDate } from '@contract/invoice-schedules';
import type { PaymentRun, PaymentSchedule } from '@contract/payment-schedules';
import { buildApp, type App } from '../../app';
import { request, signUp, type Session } from '../../test/http';
import { fund, newKey, walletsOf } from '../../test/money';
import { paymentBody } from '../../test/payment-schedules';
import { linkIn, startSmtpServer } from '../../test/smtp';
import { createTestApp, dialectsUnderTest, type TestContext } from '../../test/test-app';
import { createFxService } from '../fx/fx.service';
import { appRateSource } from '../fx/rate-source';
import { createTransfersService } from '../transfers/transfers.service';
import { runRequest } from './payment-run-keys';
import { runPaymentSchedules } from './payment-runs';
import { createPaymentSchedulesService } from './payment-schedules.service';
import type { TransfersService } from '../transfers/transfers.service';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const today = new Date().toISOString().slice(0, 10);
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

const servicesOf = (app: App) => ({
  transfers: createTransfersService({
    db: app.db,
    rates: appRateSource(app),
    mailer: app.mail,
    notifier: app.notifier,
    config: app.config,
    limits: app.spendingLimits,
  }),
  fx: createFxService({
    db: app.db,
    rates: appRateSource(app),
    notifier: app.notifier,
    limits: app.spendingLimits,
  }),
});

for (const dialect of dialectsUnderTest()) {
  describe(`scheduled payments paid by the job [${dialect}]`, () => {
    let smtp: Smtp;
    let ctx: TestContext & { close(): Promise<void> };
    // PostgreSQL: a second app on the same database (another process's pool). SQLite is one process.
    let second: App | undefined;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      ctx = await createTestApp(dialect, {
        SMTP_URL: smtp.url,
        PAYMENT_SCHEDULE_RETRIES: 2,
        PAYMENT_SCHEDULE_RETRY_SECONDS: 60,
      });
      second = dialect === 'postgres' ? await buildApp(ctx.config) : undefined;
    });
    afterAll(async () => {
      await second?.close();
      await ctx?.close();
      await smtp?.close();
    });

    // Each test counts what the job pays for its own schedules: those of the tests before it are done with.
    afterEach(async () => {
      await ctx.app.db
        .updateTable('payment_schedules')
        .set({ status: 'cancelled', next_date: null })
        .execute();
    });

    const run = (at: Date, app: App = ctx.app) =>
      runPaymentSchedules({
        db: app.db,
        notifier: app.notifier,
        mailer: app.mail,
        ...servicesOf(app),
        retries: app.config.PAYMENT_SCHEDULE_RETRIES,
        retrySeconds: app.config.PAYMENT_SCHEDULE_RETRY_SECONDS,
        now: () => at,
      });
    const apps = () => [ctx.app, second ?? ctx.app];

    /** A verified user: with a mail server there is no sandbox link, so the mailed one is opened. */
    const member = async () => {
      const session = await signUp(ctx.app, undefined, { verified: false });
      const token = new URL(linkIn(await smtp.waitFor(session.user.email))).searchParams.get('token');
      await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      return session;
    };
    const funded = async (amount: string) => {
      const session = await member();
      await fund(ctx.app.db, (await walletsOf(ctx.app, session)).USD!.id, amount, 'USD');
      return session;
    };
    const create = async (session: Session, overrides: Record<string, unknown>) => {
      const response = await request(
        ctx.app,
        session,
        'POST',
        '/api/payment-schedules',
        paymentBody(overrides),
        newKey(),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as PaymentSchedule;
    };
    const get = async (session: Session, id: string) =>
      (await request(ctx.app, session, 'GET', `/api/payment-schedules/${id}`)).json() as PaymentSchedule;
    const runsOf = async (session: Session, id: string) =>
      (await request(ctx.app, session, 'GET', `/api/payment-schedules/${id}/runs`)).json() as PaymentRun[];
    const sends = (userId: string) =>
      ctx.app.db
        .selectFrom('transactions')
        .select(['id', 'amount', 'recipient_email'])
        .where('user_id', '=', userId)
        .where('type', '=', 'send')
        .execute();
    const balance = async (session: Session, currency: string) =>
      (await walletsOf(ctx.app, session))[currency]?.balance ?? '0';

    /** Pays a period under its key as the job would, then stops: what a process killed before recording leaves. */
    const payUnrecorded = async (scheduleId: string, period: string) => {
      const row = await ctx.app.db
        .selectFrom('payment_schedules')
        .selectAll()
        .where('id', '=', scheduleId)
        .executeTakeFirstOrThrow();
      return servicesOf(ctx.app).transfers.send(runRequest(row, period), {
        amount: row.amount,
        fromCurrency: row.from_currency,
        toCurrency: row.to_currency,
        recipientEmail: row.recipient_email!,
        description: row.description,
      });
    };

    it('pays each period exactly once, whoever runs the job and however often, catching up missed ones', async () => {
      const ada = await funded('1000.00');
      const bob = await member();
      const schedule = await create(ada, { recipientEmail: bob.user.email, amount: '25.00' });
      const paid = async (at: Date) =>
        (await Promise.all([...apps(), ...apps()].map((app) => run(at, app)))).reduce((a, b) => a + b, 0);

      expect(await paid(noonOf(today))).toBe(1);
      expect(await paid(noonOf(addDays(today, 1)))).toBe(0);
      // The server was down for two months: each missed period is paid once, for its own date.
      const later = periodDate(today, 'month', 2);
      expect(await paid(noonOf(later))).toBe(2);
      expect(await paid(noonOf(later))).toBe(0);

      expect(await balance(bob, 'USD')).toBe('75.00');
      const sent = await sends(ada.user.id);
      expect(sent).toHaveLength(3);
      const runs = await runsOf(ada, schedule.id);
      expect(runs.map((item) => [item.periodDate, item.outcome, item.attempts])).toEqual(
        [2, 1, 0].map((n) => [periodDate(today, 'month', n), 'paid', 1]),
      );
      expect(new Set(runs.map((item) => item.transactionId))).toEqual(new Set(sent.map((row) => row.id)));
      expect(await get(ada, schedule.id)).toMatchObject({
        status: 'active',
        runsPaid: 3,
        nextDate: periodDate(today, 'month', 3),
        lastRun: { periodDate: later, outcome: 'paid' },
      });
    });

    it('replays a period whose payment committed before its run was recorded, paying it once', async () => {
      const ada = await funded('100.00');
      const bob = await member();
      const schedule = await create(ada, {
        recipientEmail: bob.user.email,
        amount: '10.00',
        cadence: 'week',
      });
      const first = await payUnrecorded(schedule.id, today);
      expect(first.replayed).toBe(false);

      expect(await run(noonOf(today))).toBe(1);
      expect(await sends(ada.user.id)).toHaveLength(1);
      expect(await balance(bob, 'USD')).toBe('10.00');
      const [only] = await runsOf(ada, schedule.id);
      expect(only).toMatchObject({ periodDate: today, outcome: 'paid', transactionId: first.body.id });
    });

    it('retries a run refused for lack of funds, then waits and tells the owner once; resuming pays', async () => {
      const carl = await member();
      const bob = await member();
      const schedule = await create(carl, { recipientEmail: bob.user.email, amount: '40.00' });
      const start = noonOf(today);
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      const notices = () =>
        ctx.app.db
          .selectFrom('notifications')
          .select(['title', 'message'])
          .where('user_id', '=', carl.user.id)
          .where('title', '=', 'Scheduled payment not made')
          .execute();
      const state = async () => {
        const [last] = await runsOf(carl, schedule.id);
        return [(await get(carl, schedule.id)).status, last?.outcome, last?.attempts];
      };

      expect(await run(at(0))).toBe(0);
      expect(await state()).toEqual(['active', 'retrying', 1]);
      // Not before its retry time, however many processes look.
      await Promise.all(apps().map((app) => run(at(30), app)));
      expect(await state()).toEqual(['active', 'retrying', 1]);
      await Promise.all(apps().map((app) => run(at(61), app)));
      expect(await state()).toEqual(['active', 'retrying', 2]);
      await Promise.all(apps().map((app) => run(at(122), app)));
      expect(await state()).toEqual(['waiting', 'failed', 3]);
      const [last] = await runsOf(carl, schedule.id);
      expect(last!.message).toMatch(/insufficient|enough/i);
      await run(at(3600));
      expect(await state()).toEqual(['waiting', 'failed', 3]);

      const told = await notices();
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toContain(bob.user.email);
      const mail = await smtp.waitFor(carl.user.email, (item) => /scheduled payment/i.test(item.subject));
      expect(mail.subject).toBe(`A scheduled payment for ${today} was not made`);
      expect(mail.text).toContain('$40.00');
      expect(await sends(carl.user.id)).toEqual([]);

      await fund(ctx.app.db, (await walletsOf(ctx.app, carl)).USD!.id, '100.00', 'USD');
      const resumed = await request(ctx.app, carl, 'POST', `/api/payment-schedules/${schedule.id}/resume`);
      expect(resumed.json()).toMatchObject({ status: 'active', nextDate: today });
      expect(await run(at(3700))).toBe(1);
      expect(await state()).toEqual(['active', 'paid', 4]);
      expect(await balance(bob, 'USD')).toBe('40.00');
      expect(await notices()).toHaveLength(1);
      expect(
        smtp.received.filter(
          (item) =>
            item.to.includes(carl.user.email.toLowerCase()) && /scheduled payment/i.test(item.subject),
        ),
      ).toHaveLength(1);
    });

    it('pays nothing while paused, skips the dates it missed but today, and nothing once cancelled', async () => {
      const ada = await funded('100.00');
      const bob = await member();
      const schedule = await create(ada, { recipientEmail: bob.user.email, amount: '5.00', cadence: 'week' });
      expect(await run(noonOf(today))).toBe(1);
      await request(ctx.app, ada, 'POST', `/api/payment-schedules/${schedule.id}/pause`);
      expect(await run(noonOf(addDays(today, 7)))).toBe(0);

      const twoWeeks = addDays(today, 14);
      const later = createPaymentSchedulesService({ db: ctx.app.db, now: () => noonOf(twoWeeks) });
      expect(await later.resume(ada.user.id, schedule.id)).toMatchObject({
        status: 'active',
        nextDate: twoWeeks,
      });
      expect(await run(noonOf(twoWeeks))).toBe(1);
      expect((await runsOf(ada, schedule.id)).map((item) => [item.periodDate, item.outcome])).toEqual([
        [twoWeeks, 'paid'],
        [addDays(today, 7), 'skipped'],
        [today, 'paid'],
      ]);

      const cancelled = await request(ctx.app, ada, 'DELETE', `/api/payment-schedules/${schedule.id}`);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextDate: null, runsPaid: 2 });
      expect(await run(noonOf(addDays(today, 21)))).toBe(0);
      expect(await balance(bob, 'USD')).toBe('10.00');
    });

    /**
     * Holds the payer's money while the job's payment of a period is in flight, and `release`s it. PostgreSQL:
     * another connection holds the wallet's row `FOR UPDATE`, and the transfer waits on it. SQLite cannot
     * interleave there: better-sqlite3 is synchronous, so a second connection holding the write lock would make
     * this process wait inside SQLite's busy handler, on the thread that must also serve the pause and the
     * resume. What SQLite does interleave is the job's read of the schedule and its transfer's transaction:
     * the transfer is held at its door instead.
     */
    async function holdPayment(walletId: string) {
      if (ctx.dialect === 'postgres') {
        const holder = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
        await holder.connect();
        await holder.query('begin');
        await holder.query('select id from ledger_accounts where id = $1 for update', [walletId]);
        const waiting = async () =>
          Number(
            (
              await holder.query(
                `select count(*) as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          );
        return {
          send: servicesOf(ctx.app).transfers.send,
          inFlight: () => expect.poll(waiting).toBeGreaterThan(0),
          release: async () => {
            await holder.query('commit');
            await holder.end();
          },
        };
      }
      let open!: () => void;
      const door = new Promise<void>((resolve) => (open = resolve));
      let arrived = false;
      const { send } = servicesOf(ctx.app).transfers;
      const held: TransfersService['send'] = async (...args) => {
        arrived = true;
        await door;
        return send(...args);
      };
      return {
        send: held,
        inFlight: () => expect.poll(() => arrived).toBe(true),
        release: async () => open(),
      };
    }

    it('records a period paid whose payment was in flight while its owner paused and resumed', async () => {
      const ada = await funded('100.00');
      const bob = await member();
      const schedule = await create(ada, {
        recipientEmail: bob.user.email,
        amount: '10.00',
        cadence: 'week',
      });
      const hold = await holdPayment((await walletsOf(ctx.app, ada)).USD!.id);
      const job = runPaymentSchedules({
        db: ctx.app.db,
        notifier: ctx.app.notifier,
        mailer: ctx.app.mail,
        ...servicesOf(ctx.app),
        transfers: { send: hold.send },
        retries: 0,
        retrySeconds: 60,
        now: () => noonOf(today),
      });
      try {
        await hold.inFlight();
        // Two weeks on, the owner pauses and resumes: the two periods it missed read skipped, one of them the
        // period whose payment is still waiting for the wallet.
        const twoWeeks = addDays(today, 14);
        const later = createPaymentSchedulesService({ db: ctx.app.db, now: () => noonOf(twoWeeks) });
        await later.pause(ada.user.id, schedule.id);
        expect(await later.resume(ada.user.id, schedule.id)).toMatchObject({ nextDate: twoWeeks });
      } finally {
        await hold.release();
      }
      expect(await job).toBe(1);
      expect(await run(noonOf(addDays(today, 14)))).toBe(1);

      const sent = await sends(ada.user.id);
      expect(sent).toHaveLength(2);
      expect(await balance(bob, 'USD')).toBe('20.00');
      const runs = await runsOf(ada, schedule.id);
      expect(runs.map((item) => [item.periodDate, item.outcome])).toEqual([
        [addDays(today, 14), 'paid'],
        [addDays(today, 7), 'skipped'],
        [today, 'paid'],
      ]);
      expect(new Set(runs.flatMap((item) => item.transactionId ?? []))).toEqual(
        new Set(sent.map((row) => row.id)),
      );
      expect(await get(ada, schedule.id)).toMatchObject({
        status: 'active',
        runsPaid: 2,
        nextDate: addDays(today, 21),
      });
    });

    it('records paid a period whose payment committed unrecorded, when its owner resumes or cancels', async () => {
      const ada = await funded('100.00');
      const bob = await member();
      const schedules = [];
      for (let n = 0; n < 2; n++) {
        schedules.push(
          await create(ada, { recipientEmail: bob.user.email, amount: '10.00', cadence: 'week' }),
        );
      }
      const paid = new Map<string, string>();
      for (const schedule of schedules)
        paid.set(schedule.id, (await payUnrecorded(schedule.id, today)).body.id);
      const [resumed, cancelled] = schedules as [PaymentSchedule, PaymentSchedule];
      const twoWeeks = addDays(today, 14);
      const later = createPaymentSchedulesService({ db: ctx.app.db, now: () => noonOf(twoWeeks) });
      await later.pause(ada.user.id, resumed.id);
      expect(await later.resume(ada.user.id, resumed.id)).toMatchObject({ runsPaid: 1, nextDate: twoWeeks });
      expect(
        (await runsOf(ada, resumed.id)).map((item) => [item.periodDate, item.outcome, item.transactionId]),
      ).toEqual([
        [addDays(today, 7), 'skipped', null],
        [today, 'paid', paid.get(resumed.id)],
      ]);
      expect(await later.cancel(ada.user.id, cancelled.id)).toMatchObject({
        status: 'cancelled',
        runsPaid: 1,
      });
      expect((await runsOf(ada, cancelled.id)).map((item) => [item.periodDate, item.outcome])).toEqual([
        [today, 'paid'],
      ]);
      expect(await sends(ada.user.id)).toHaveLength(2);
    });

    it('converts on schedule through the fx service, and a one-off finishes once paid', async () => {
      const ada = await funded('100.00');
      const schedule = await create(ada, {
        kind: 'conversion',
        recipientEmail: undefined,
        toCurrency: 'EUR',
        amount: '10.00',
        cadence: 'once',
      });
      expect(await run(noonOf(today))).toBe(1);
      expect(await run(noonOf(addDays(today, 30)))).toBe(0);
      expect(Number(await balance(ada, 'EUR'))).toBeGreaterThan(0);
      expect(Number(await balance(ada, 'USD'))).toBeLessThanOrEqual(90);
      const after = await get(ada, schedule.id);
      expect(after).toMatchObject({ status: 'finished', nextDate: null, runsPaid: 1 });
      const exchange = await ctx.app.db
        .selectFrom('transactions')
        .select(['id', 'type'])
        .where('id', '=', after.lastRun!.transactionId!)
        .executeTakeFirstOrThrow();
      expect(exchange.type).not.toBe('send');
    });
  });
}
