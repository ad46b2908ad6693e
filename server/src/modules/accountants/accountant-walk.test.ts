import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { accountantOf } from '../../test/accountants';
import { request, signUp, TEST_PASSWORD, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { paymentBody } from '../../test/payment-schedules';
import { describeEachDatabase } from '../../test/test-app';

/**
 * The walk: every route the app registers, called by an accountant reading the owner's books. Each one not
 * marked for accountants answers 403 (or 404) before its handler runs, with a plausible body and the owner's
 * own ids in the path, and nothing of the owner's changes: not the ledger, the profile, the sessions, the
 * cards, the settings, nor any other row that is theirs. Each marked GET answers with the owner's data.
 */

// The owner's tables, by their user column; columns that move on their own (a session's last use) left out.
const ownedTables: Array<{ table: string; column: string; omit?: string[] }> = [
  { table: 'users', column: 'id' },
  { table: 'sessions', column: 'user_id', omit: ['last_seen_at'] },
  ...[
    'ledger_accounts',
    'transactions',
    'idempotency_keys',
    'payouts',
    'email_verifications',
    'payment_checkouts',
    'password_resets',
    'mail_outbox',
    'saved_recipients',
    'login_devices',
    'monthly_outflows',
    'notifications',
    'quotes',
    'trading_orders',
    'holdings',
    'savings_goals',
    'invoice_counters',
    'invoices',
    'clients',
    'invoice_schedules',
    'payment_schedules',
    'payment_schedule_runs',
    'two_factor',
    'two_factor_recovery_codes',
    'sign_in_links',
    'security_settings',
    'cards',
    'card_purchases',
    'kyc_applications',
    'kyc_documents',
  ].map((table) => ({ table, column: 'user_id' })),
  { table: 'accountant_grants', column: 'owner_id', omit: ['last_used_at'] },
];

// Plausible bodies for the routes that take one: what the owner would send. The 403 comes before any body is
// read, so these only matter if it did not.
const bodies: Record<string, unknown> = {
  'POST /api/transactions': { amount: '10.00', fromCurrency: 'USD', recipientEmail: 'payee@example.com' },
  'POST /api/transactions/quote': {
    amount: '10.00',
    fromCurrency: 'USD',
    recipientEmail: 'payee@example.com',
  },
  'POST /api/convert': { amount: '10.00', from: 'USD', to: 'EUR' },
  'POST /api/convert/quote': { amount: '10.00', from: 'USD', to: 'EUR' },
  'POST /api/trade': { symbol: 'BTC', side: 'buy', type: 'market', amount: '10.00' },
  'POST /api/trade/quote': { symbol: 'BTC', side: 'buy', amount: '10.00' },
  'POST /api/wallets': { currency: 'GBP' },
  'POST /api/wallets/:id/deposit': { amount: '10.00' },
  'POST /api/savings-goals': { name: 'Taxes', targetAmount: '100.00', currency: 'USD' },
  'POST /api/savings-goals/:id/contribute': { amount: '10.00' },
  'POST /api/savings-goals/:id/withdraw': { amount: '10.00' },
  'PATCH /api/user': { firstName: 'Mallory', email: 'mallory@example.com', currentPassword: TEST_PASSWORD },
  'POST /api/user/password': { currentPassword: TEST_PASSWORD, newPassword: 'another horse battery staple' },
  'PUT /api/user/security-settings': { loginAlerts: false },
  'POST /api/recipients': { name: 'Mallory', email: 'mallory@example.com' },
  'POST /api/invoices': invoiceBody(),
  'PATCH /api/invoices/:id': { projectTitle: 'Changed' },
  'PUT /api/invoices/:id/status': { status: 'paid' },
  'POST /api/clients': { name: 'Mallory', email: 'mallory@example.com' },
  'PATCH /api/clients/:id': { name: 'Mallory' },
  'POST /api/cards': { type: 'virtual', currency: 'USD' },
  'PUT /api/cards/:id/controls': { online: false },
  'PUT /api/cards/:id/limits': { daily: '1.00' },
  'POST /api/cards/:id/reveal': { password: TEST_PASSWORD },
  'POST /api/cards/:id/purchases': { amount: '10.00', merchant: 'Shop', mcc: '5411' },
  'POST /api/accountants/invites': { email: 'mallory@example.com', annotate: true, password: TEST_PASSWORD },
  'POST /api/accountants/:id/confirm': { password: TEST_PASSWORD },
  'POST /api/api-keys': { name: 'Mallory', scope: 'payments', password: TEST_PASSWORD },
  'POST /api/webhooks': {
    url: 'https://mallory.example/hook',
    events: ['payment.received'],
    password: TEST_PASSWORD,
  },
  'DELETE /api/user/sessions': { password: TEST_PASSWORD, revokeStandingCredentials: true },
  'PUT /api/kyc/personal': { firstName: 'Mallory' },
  'POST /api/payment-schedules': paymentBody(),
  'PATCH /api/payment-schedules/:id': { amount: '1.00' },
};

describeEachDatabase('an accountant walks every route of the owner', (ctx) => {
  let owner: Session;
  let accountant: Session;
  const ids: Record<string, string> = {};

  async function ownerState() {
    const rows: Record<string, unknown> = {};
    for (const { table, column, omit = [] } of ownedTables) {
      const found = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(
        column,
      )} = ${owner.user.id} order by 1`.execute(ctx.app.db);
      rows[table] = found.rows.map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([key]) => !omit.includes(key))
            .map(([key, value]) => [key, String(value)]),
        ),
      );
    }
    return { rows, ledger: await ledgerSnapshot(ctx.app.db) };
  }

  /** The owner's own id for the resource a path names, so a route that ran would act on the owner's things. */
  function pathFor(url: string): string {
    return url.replace(/\/([a-z-]+)\/:(\w+)/g, (_whole, segment: string) => {
      const id = ids[segment] ?? '00000000-0000-4000-8000-000000000000';
      return `/${segment}/${id}`;
    });
  }

  beforeAll(async () => {
    owner = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, owner);
    await fund(ctx.app.db, wallets.USD!.id, '500.00', 'USD');
    ids.wallets = wallets.USD!.id;
    const invoice = await request(ctx.app, owner, 'POST', '/api/invoices', invoiceBody());
    ids.invoices = invoice.json().id;
    const client = await request(ctx.app, owner, 'POST', '/api/clients', {
      name: 'Acme',
      email: 'acme@example.com',
    });
    ids.clients = client.json().id;
    const schedule = await request(ctx.app, owner, 'POST', '/api/payment-schedules', paymentBody(), newKey());
    ids['payment-schedules'] = schedule.json().id;
    const goal = await request(ctx.app, owner, 'POST', '/api/savings-goals', {
      name: 'Taxes',
      targetAmount: '100.00',
      currency: 'USD',
    });
    if (goal.statusCode === 201) ids['savings-goals'] = goal.json().id;
    const card = await ctx.app.db
      .selectFrom('cards')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirst();
    if (card) ids.cards = card.id;
    const session = await ctx.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    ids.sessions = session.id;
    const notification = await ctx.app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirst();
    if (notification) ids.notifications = String(notification.id);
    ({ accountant } = await accountantOf(ctx.app, owner, { annotate: true }));
    const pending = await request(ctx.app, owner, 'POST', '/api/accountants/invites', {
      email: 'later@example.com',
      password: TEST_PASSWORD,
    });
    ids.accountants = pending.json().id;
  });

  const routes = () =>
    ctx.app.routeList.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({ ...route, method })),
    );

  it('refuses every route not marked for accountants, before it runs, and changes nothing of the owner', async () => {
    const walked = routes().filter(
      (route) => route.url.startsWith('/api/') && !route.public && route.accountant === undefined,
    );
    // Money, the profile, security, cards, identity, notifications, invites: the bulk of the API.
    expect(walked.length).toBeGreaterThan(50);
    const before = await ownerState();
    for (const route of walked) {
      const key = `${route.method} ${route.url}`;
      const response = await ctx.app.inject({
        method: route.method as 'POST',
        url: pathFor(route.url),
        headers: { cookie: accountant.cookie, ...newKey() },
        ...(route.method !== 'GET' && { payload: (bodies[key] ?? {}) as object }),
      });
      expect([403, 404], `${key}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
        response.statusCode,
      );
    }
    expect(await ownerState()).toEqual(before);
  });

  it("answers every marked GET with the owner's data, and leaves the owner's rows alone", async () => {
    const reads = routes().filter(
      (route) => route.method === 'GET' && (route.accountant === 'read' || route.accountant === 'annotate'),
    );
    expect(reads.length).toBeGreaterThan(10);
    const before = await ownerState();
    for (const route of reads) {
      const url = pathFor(route.url);
      const asOwner = await request(ctx.app, owner, 'GET', url);
      const asAccountant = await request(ctx.app, accountant, 'GET', url);
      expect(asAccountant.statusCode, `${url}: ${asAccountant.body.slice(0, 200)}`).toBe(asOwner.statusCode);
      // Rates move and PDFs carry their making time: the status says enough for those. A chain check says
      // when it ran, which is all that may differ.
      if (asOwner.headers['content-type']?.toString().includes('json') && !url.includes('exchange-rates'))
        expect(withoutCheckTime(asAccountant.body), url).toBe(withoutCheckTime(asOwner.body));
    }
    expect(await ownerState()).toEqual(before);
  });

  it('lets accountants read with GETs only, and reach at least what the books need', () => {
    const marked = routes().filter((route) => route.accountant);
    const reads = marked.filter((route) => route.accountant === 'read');
    expect(reads.filter((route) => route.method !== 'GET')).toEqual([]);
    expect(reads.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/wallets',
        'GET /api/transactions',
        'GET /api/transactions/export.csv',
        'GET /api/transactions/:id/receipt.pdf',
        'GET /api/invoices',
        'GET /api/invoices/:id',
        'GET /api/invoices/:id/pdf',
        'GET /api/invoices/export.csv',
        'GET /api/clients',
      ]),
    );
    // 'self' routes act on the signed-in person's own account: only these few.
    expect(
      marked
        .filter((route) => route.accountant === 'self')
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual(
      [
        'GET /api/auth/me',
        'GET /api/accountant-access',
        'POST /api/accountant-access/accept',
        'PUT /api/accountant-access/open',
        'DELETE /api/accountant-access/:ownerId',
      ].sort(),
    );
  });
});

const withoutCheckTime = (body: string) => body.replace(/"checkedAt":"[^"]*"/, '"checkedAt":"…"');
