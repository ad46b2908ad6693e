import { randomUUID } from 'node:crypto';
import type { SelectQueryBuilder } from 'kysely';
import { expect, it } from 'vitest';
import { MAX_ACCOUNTANTS } from '@contract/accountants';
import { MAX_API_KEYS } from '@contract/api-keys';
import { MAX_CARDS } from '@contract/cards';
import { MAX_CATEGORY_RULES, MAX_OWN_CATEGORIES } from '@contract/categories';
import { MAX_CLIENTS } from '@contract/clients';
import { MAX_GOALS, MAX_SET_ASIDE_PERCENT } from '@contract/goals';
import { MAX_INVOICE_SCHEDULES } from '@contract/invoice-schedules';
import { MAX_PAYMENT_SCHEDULES } from '@contract/payment-schedules';
import { MAX_SAVED_RECIPIENTS } from '@contract/recipients';
import { MAX_WEBHOOK_ENDPOINTS } from '@contract/webhooks';
import { request, signUp, TEST_PASSWORD, type Session } from '../test/http';
import { newKey } from '../test/money';
import { paymentBody } from '../test/payment-schedules';
import { describeEachDatabase } from '../test/test-app';
import type { Database } from './schema';

/** Creations sent at once against the last few places under a cap. */
const BURST = 40;
/** Places left under the cap when the burst starts. */
const LEFT = 3;

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const goalBody = (n: number) => ({
  title: `Goal ${n}`,
  category: 'Taxes',
  targetAmount: '100.00',
  currency: 'USD',
  targetDate: dayIn(365),
});

type CountedTable = keyof Database;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's count query
type RowQuery = SelectQueryBuilder<Database, any, { n: string | number | bigint }>;

/**
 * Every per-user cap holds when many creations arrive at once: the burst leaves exactly the cap, never more
 * (count and insert under one per-user lock: db/per-user-lock.ts). On PostgreSQL under READ COMMITTED, two
 * transactions counting at once both saw room and both inserted.
 */
describeEachDatabase(
  'per-user caps under concurrency',
  (ctx) => {
    /** How many rows of `table` the user has (`live`: only those the cap counts). */
    const rowsOf = async (table: CountedTable, userId: string, live = (query: RowQuery) => query) => {
      const query = ctx.app.db
        .selectFrom(table as 'clients')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(table === 'accountant_grants' ? ('owner_id' as 'user_id') : 'user_id', '=', userId);
      return Number((await live(query).executeTakeFirstOrThrow()).n);
    };
    const post = (session: Session, url: string, body: object, headers?: Record<string, string>) =>
      request(ctx.app, session, 'POST', url, body, headers);

    interface Cap {
      name: string;
      max: number;
      create: (session: Session, n: number) => ReturnType<typeof request>;
      count: (userId: string) => Promise<number>;
      /** The answer past the cap: webhook endpoints have always said 409, every other cap 422. */
      refused?: number;
    }
    const caps: Cap[] = [
      {
        name: 'API keys',
        max: MAX_API_KEYS,
        create: (s, n) =>
          post(s, '/api/api-keys', { name: `key ${n}`, scope: 'read', password: TEST_PASSWORD }),
        count: (id) => rowsOf('api_keys', id),
      },
      {
        name: 'webhook endpoints',
        max: MAX_WEBHOOK_ENDPOINTS,
        create: (s, n) =>
          post(s, '/api/webhooks', {
            url: `http://127.0.0.1:9/hook-${n}`,
            events: ['transfer.delivered'],
            password: TEST_PASSWORD,
          }),
        count: (id) => rowsOf('webhook_endpoints', id),
        refused: 409,
      },
      {
        name: 'scheduled payments',
        max: MAX_PAYMENT_SCHEDULES,
        create: (s, n) =>
          post(
            s,
            '/api/payment-schedules',
            paymentBody({ description: `Rent ${n}`, firstDate: dayIn(30) }),
            newKey(),
          ),
        count: (id) => rowsOf('payment_schedules', id),
      },
      {
        name: 'recurring invoices',
        max: MAX_INVOICE_SCHEDULES,
        create: (s, n) =>
          post(s, '/api/invoice-schedules', {
            clientName: `Client ${n}`,
            clientEmail: 'billing@acme.example',
            projectTitle: 'Retainer',
            currency: 'USD',
            taxRate: '0',
            items: [{ description: 'Support', quantity: '1', unitPrice: '80.00' }],
            paymentTermsDays: 14,
            frequency: 'month',
            firstDate: dayIn(30),
          }),
        count: (id) => rowsOf('invoice_schedules', id),
      },
      {
        name: 'clients',
        max: MAX_CLIENTS,
        create: (s, n) => post(s, '/api/clients', { name: `Client ${n}`, email: `c${n}@example.com` }),
        count: (id) => rowsOf('clients', id),
      },
      {
        name: 'savings goals',
        max: MAX_GOALS,
        create: (s, n) => post(s, '/api/savings-goals', goalBody(n)),
        count: (id) => rowsOf('savings_goals', id),
      },
      {
        name: 'cards',
        max: MAX_CARDS,
        create: (s) => post(s, '/api/stripe/create-card', { type: 'virtual' }),
        count: (id) => rowsOf('cards', id),
      },
      {
        name: 'saved recipients',
        max: MAX_SAVED_RECIPIENTS,
        create: (s, n) => post(s, '/api/recipients', { name: `Payee ${n}`, email: `p${n}@example.com` }),
        count: (id) => rowsOf('saved_recipients', id),
      },
      {
        name: 'own categories',
        max: MAX_OWN_CATEGORIES,
        create: (s, n) => post(s, '/api/categories', { name: `Kind ${n}`, kind: 'expense' }),
        count: (id) => rowsOf('categories', id),
      },
      {
        name: 'category rules',
        max: MAX_CATEGORY_RULES,
        create: (s, n) => post(s, '/api/categories/rules', { contains: `shop ${n}`, categoryId: 'software' }),
        count: (id) => rowsOf('category_rules', id, (query) => query.where('retired_at' as 'id', 'is', null)),
      },
      {
        name: 'accountant invites',
        max: MAX_ACCOUNTANTS,
        create: (s, n) =>
          post(s, '/api/accountants/invites', {
            email: `accountant-${n}-${randomUUID()}@example.com`,
            annotate: false,
            password: TEST_PASSWORD,
          }),
        count: (id) => rowsOf('accountant_grants', id),
      },
    ];

    for (const cap of caps) {
      it(`${cap.name}: ${BURST} at once for the last ${LEFT} places leave exactly ${cap.max}`, async () => {
        const session = await signUp(ctx.app);
        const create = (n: number) => cap.create(session, n);
        // Filled in batches to LEFT short of the cap: well under it, every one fits.
        const before = cap.max - LEFT;
        for (let start = 0; start < before; start += 25) {
          const batch = await Promise.all(
            Array.from({ length: Math.min(25, before - start) }, (_, i) => create(start + i)),
          );
          for (const response of batch) expect(response.statusCode, response.body).toBe(201);
        }
        const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => create(before + i)));
        const statuses = answers.map((response) => response.statusCode);
        expect(statuses.filter((status) => status === 201)).toHaveLength(LEFT);
        expect(statuses.filter((status) => status !== 201)).toEqual(
          Array.from({ length: BURST - LEFT }, () => cap.refused ?? 422),
        );
        expect(await cap.count(session.user.id)).toBe(cap.max);
      });
    }

    it(`set-asides: one currency's goals together never take more than ${MAX_SET_ASIDE_PERCENT}%`, async () => {
      const session = await signUp(ctx.app);
      const goals = await Promise.all(
        Array.from({ length: 10 }, (_, n) => post(session, '/api/savings-goals', goalBody(n))),
      );
      // Ten goals each asking for 20% at once: two fit.
      const answers = await Promise.all(
        goals.map((made) =>
          request(ctx.app, session, 'PATCH', `/api/savings-goals/${made.json().id}`, { setAsidePercent: 20 }),
        ),
      );
      expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(2);
      const rows = await ctx.app.db
        .selectFrom('savings_goals')
        .select('set_aside_percent')
        .where('user_id', '=', session.user.id)
        .execute();
      expect(rows.reduce((sum, row) => sum + Number(row.set_aside_percent ?? 0), 0)).toBe(40);
    });
  },
  // Keys, endpoints and invites ask for the password, and checks in flight at once count against the
  // account's password-check limit (auth/password-check.ts): raised here, so the bursts reach the caps.
  { WEBHOOK_ALLOW_PRIVATE_URLS: true, LOGIN_ATTEMPTS_PER_ACCOUNT: 1000 },
);
