import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { apiKeyScopes, type CreatedApiKey } from '@contract/api-keys';
import { apiKeyNeedOf, scopeCovers, scopedWrites } from '../../plugins/api-key-scope';
import { makeApiKey, withKey } from '../../test/api-keys';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, ledgerSnapshot, newKey, walletsOf } from '../../test/money';
import { paymentBody } from '../../test/payment-schedules';
import { describeEachDatabase } from '../../test/test-app';

/**
 * The walk: every route the app registers, called with each scope of key. Every route a scope does not cover
 * answers 403 before its handler runs, with the owner's own ids in the path, and nothing of the owner's
 * changes; every GET a key may read answers as it does for the owner's session.
 */

// Every table with a user_id column, read whole: a route that ran would leave a trace in one of them.
const ownerColumns: Record<string, string> = { users: 'id', accountant_grants: 'owner_id' };
// Columns that move when a key or a session is merely used.
const moving = new Set(['last_seen_at', 'last_used_at']);

describeEachDatabase('an API key walks every route of its owner', (ctx) => {
  let owner: Session;
  const keys = {} as Record<(typeof apiKeyScopes)[number], CreatedApiKey>;
  const ids: Record<string, string> = {};
  let tables: string[] = [];

  async function ownerState() {
    const rows: Record<string, unknown> = {};
    for (const table of tables) {
      const column = ownerColumns[table] ?? 'user_id';
      const found = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(
        column,
      )} = ${owner.user.id} order by 1`.execute(ctx.app.db);
      rows[table] = found.rows.map((row) =>
        Object.entries(row)
          .filter(([key]) => !moving.has(key))
          .map(([key, value]) => `${key}=${String(value)}`),
      );
    }
    return { rows, ledger: await ledgerSnapshot(ctx.app.db) };
  }

  function pathFor(url: string): string {
    return url.replace(/\/([a-z-]+)\/:(\w+)/g, (_whole, segment: string) => {
      const id = ids[segment] ?? '00000000-0000-4000-8000-000000000000';
      return `/${segment}/${id}`;
    });
  }

  const routes = () =>
    ctx.app.routeList.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({ ...route, method, need: apiKeyNeedOf(method, route.url, route.apiKey) }))
        .filter((route) => route.url.startsWith('/api/') && !route.public),
    );

  beforeAll(async () => {
    owner = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, owner);
    await fund(ctx.app.db, wallets.USD!.id, '500.00', 'USD');
    ids.wallets = wallets.USD!.id;
    ids.invoices = (await request(ctx.app, owner, 'POST', '/api/invoices', invoiceBody())).json().id;
    const client = { name: 'Acme', email: 'acme@example.com' };
    ids.clients = (await request(ctx.app, owner, 'POST', '/api/clients', client)).json().id;
    const schedule = await request(ctx.app, owner, 'POST', '/api/payment-schedules', paymentBody(), newKey());
    ids['payment-schedules'] = schedule.json().id;
    for (const scope of apiKeyScopes) keys[scope] = await makeApiKey(ctx.app, owner, scope);
    ids['api-keys'] = keys.read.id;
    const session = await ctx.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    ids.sessions = session.id;
    const columns =
      ctx.dialect === 'postgres'
        ? await sql<{ table: string }>`select table_name as "table" from information_schema.columns
            where column_name = 'user_id' and table_schema = 'public'`.execute(ctx.app.db)
        : await sql<{
            table: string;
          }>`select m.name as "table" from sqlite_master m, pragma_table_info(m.name) p
            where m.type = 'table' and p.name = 'user_id'`.execute(ctx.app.db);
    tables = [...new Set([...columns.rows.map((row) => row.table), ...Object.keys(ownerColumns)])].sort();
  });

  it('names only registered routes in its table of scoped writes', () => {
    const registered = new Set(routes().map((route) => `${route.method} ${route.url}`));
    expect([...scopedWrites.keys()].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('refuses every route a scope does not cover, before it runs, and changes nothing of the owner', async () => {
    const before = await ownerState();
    let refused = 0;
    for (const scope of apiKeyScopes) {
      for (const route of routes().filter((route) => !scopeCovers(scope, route.need))) {
        const name = `${scope} key: ${route.method} ${route.url}`;
        const response = await withKey(
          ctx.app,
          keys[scope].secret,
          route.method as 'POST',
          pathFor(route.url),
          route.method === 'GET' ? undefined : {},
          newKey(),
        );
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(403);
        refused++;
      }
    }
    // Every write the read key meets, the key and security routes for all three: the bulk of the API.
    expect(refused).toBeGreaterThan(150);
    expect(await ownerState()).toEqual(before);
  });

  it('never lets a key reach keys, the profile, security or accountant access', () => {
    const never = routes()
      .filter((route) => route.need === 'never')
      .map((route) => `${route.method} ${route.url}`);
    expect(never).toEqual(
      expect.arrayContaining([
        'GET /api/api-keys',
        'POST /api/api-keys',
        'DELETE /api/api-keys/:id',
        'POST /api/user/password',
        'PATCH /api/user',
        'GET /api/user/sessions',
        'POST /api/user/2fa/setup',
        'POST /api/user/2fa/disable',
        'POST /api/accountants/invites',
        'GET /api/auth/me',
      ]),
    );
  });

  it("answers every GET a read key covers with the owner's data, and leaves the owner's rows alone", async () => {
    const reads = routes().filter((route) => route.method === 'GET' && route.need === 'read');
    expect(reads.length).toBeGreaterThan(30);
    const before = await ownerState();
    for (const route of reads) {
      const url = pathFor(route.url);
      const asOwner = await request(ctx.app, owner, 'GET', url);
      const asKey = await withKey(ctx.app, keys.read.secret, 'GET', url);
      expect(asKey.statusCode, `${url}: ${asKey.body.slice(0, 200)}`).toBe(asOwner.statusCode);
      if (asOwner.headers['content-type']?.toString().includes('json') && !url.includes('exchange-rates'))
        expect(withoutCheckTime(asKey.body), url).toBe(withoutCheckTime(asOwner.body));
    }
    expect(await ownerState()).toEqual(before);
  });
});

const withoutCheckTime = (body: string) => body.replace(/"checkedAt":"[^"]*"/, '"checkedAt":"…"');
