import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@contract/errors';
import { signUp, type Session } from '../test/http';
import { fund, ledgerSnapshot, walletsOf } from '../test/money';
import { describeEachDatabase } from '../test/test-app';
import { MAX_JSON_DEPTH } from './json-body';

/**
 * Every API endpoint, signed in, against what a hostile client sends: wrong types, huge and negative numbers,
 * odd amounts, control characters, long and non-Latin strings, junk path parameters and query strings.
 * Whatever comes in: no 5xx, every refusal is `{code, message}`, and a refused request moves no money. JSON
 * nested deeper than any body of the API is refused before a route sees it.
 */

// Fields the API's bodies know, so the fuzzer often hits a real validator rather than only "unknown body".
const fieldNames = [
  'amount',
  'currency',
  'fromCurrency',
  'toCurrency',
  'from',
  'to',
  'recipientEmail',
  'description',
  'email',
  'password',
  'currentPassword',
  'firstName',
  'lastName',
  'phone',
  'name',
  'token',
  'type',
  'status',
] as const;

// Short strings dense in the characters that break things: NUL, controls, line breaks, non-ASCII. (fc.string()
// alone never makes them: its default unit is printable ASCII.)
const denseString = (options: { minLength?: number; maxLength: number }) =>
  fc.string({
    unit: fc.constantFrom('a', '1', '.', '-', ' ', '\u0000', '\u0007', '\n', '\u007f', 'é', '🙂'),
    ...options,
  });

const hostileString = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'a\u0000b',
      '\u0007',
      'x'.repeat(5000),
      '12.345',
      '-1',
      '0',
      '1e9',
      '99999999999999999999999',
      'NaN',
      'USD',
      'BTC',
      'XXX',
      'a@b.co',
      'ümlaut@exämple.com',
      '<script>',
      "' or 1=1 --",
      '%E0%A4%A',
    ),
  },
  { weight: 2, arbitrary: denseString({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const hostileValue = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.string(), { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }),
);
const pathParam = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  denseString({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('0', '-1', 'house:fees:USD', '%zz', 'a'.repeat(150)),
);
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.constantFrom('type', 'limit', 'cursor', 'from', 'to'), hostileString, { maxKeys: 3 })
    .map((entries) => `?${new URLSearchParams(entries as Record<string, string>).toString()}`),
);

/**
 * A valid body per endpoint: the fuzzer mostly breaks one field of it, so each hostile value reaches the code
 * behind the validator instead of being refused for an unrelated missing field.
 */
const validBodies: Record<string, Record<string, unknown>> = {
  'POST /api/transactions': {
    amount: '1.00',
    fromCurrency: 'USD',
    recipientEmail: 'fuzz-payee@example.com',
    description: 'Fuzz',
  },
  'POST /api/transactions/quote': { amount: '1.00', fromCurrency: 'USD', recipientEmail: 'fuzz@example.com' },
  'POST /api/convert': { amount: '1.00', from: 'USD', to: 'EUR' },
  'POST /api/convert/quote': { amount: '1.00', from: 'USD', to: 'EUR' },
  'PATCH /api/user': { firstName: 'Fuzz', lastName: 'Tester', phone: '+1 555' },
  'POST /api/recipients': { name: 'Fuzz', email: 'fuzz-recipient@example.com' },
  'POST /api/wallets': { currency: 'GBP' },
  'POST /api/wallets/:id/deposit': { amount: '1.00' },
  'POST /api/auth/register': { email: 'fuzz-new@example.com', password: 'correct horse battery' },
  'POST /api/auth/login': { email: 'fuzz@example.com', password: 'correct horse battery' },
  'POST /api/auth/verify-email': { token: 'A'.repeat(22) },
};

/** The endpoint's valid body with one field broken, or an extra field, or (sometimes) something else entirely. */
const bodyFor = (route: string): fc.Arbitrary<unknown> => {
  const valid = validBodies[route];
  if (!valid) return body;
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(valid)), hostileValue) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...fieldNames), hostileValue) },
      { weight: 1, arbitrary: body.map((whole) => ['', whole] as const) },
    )
    .map(([field, value]) => (field === '' ? value : { ...valid, [field]: value }));
};

// Leaving these out keeps the session alive and the run short; each has its own tests. The notification
// stream never ends by itself (it is a live stream: notifications.test.ts reads it over a real socket).
const skipped = new Set(['POST /api/auth/logout', 'POST /api/auth/demo', 'GET /api/notifications/stream']);

/**
 * JSON nested `depth` levels deep (arrays, or objects `{"a":{"a":…}}`), alone or as one field of the endpoint's
 * valid body. At most 2,500 levels, which keeps it under the default body limit: depth alone decides.
 */
const nestedBody = (route: string) =>
  fc
    .record({
      kind: fc.constantFrom('array', 'object'),
      depth: fc.oneof(
        fc.integer({ min: 1, max: MAX_JSON_DEPTH - 1 }),
        fc.integer({ min: MAX_JSON_DEPTH - 1, max: MAX_JSON_DEPTH + 2 }),
        fc.integer({ min: 1000, max: 2500 }),
      ),
      field: fc.option(fc.constantFrom(...fieldNames), { nil: undefined }),
    })
    .map(({ kind, depth, field }) => {
      const nested =
        kind === 'array'
          ? '['.repeat(depth) + ']'.repeat(depth)
          : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      if (field === undefined) return { json: nested, depth };
      const around = JSON.stringify({ ...validBodies[route], [field]: '<nested>' });
      return { json: around.replace('"<nested>"', nested), depth: depth + 1 };
    });

describeEachDatabase('fuzzing every API endpoint', (ctx) => {
  let session: Session;
  let routes: { method: string; url: string }[];

  beforeAll(async () => {
    session = await signUp(ctx.app);
    const wallets = await walletsOf(ctx.app, session);
    await fund(ctx.app.db, wallets.USD!.id, '500.00', 'USD');
    await fund(ctx.app.db, wallets.BTC!.id, '0.5', 'BTC');
    routes = ctx.app.routeList
      .flatMap(({ method, url }) =>
        (Array.isArray(method) ? method : [method]).map((m) => ({ method: m, url })),
      )
      .filter(({ method, url }) => url.startsWith('/api/') && method !== 'HEAD' && method !== 'OPTIONS')
      .filter(({ method, url }) => !skipped.has(`${method} ${url}`));
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers every hostile request with a 2xx or a proper 4xx, and refusals move no money', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        // Half the time an endpoint with a known valid body, so most hostile values reach real code.
        fc
          .oneof(
            fc.constantFrom(...routes),
            fc.constantFrom(...routes.filter((r) => validBodies[`${r.method} ${r.url}`])),
          )
          .chain((route) => fc.tuple(fc.constant(route), bodyFor(`${route.method} ${route.url}`))),
        pathParam,
        query,
        async ([route, payload], param, search) => {
          seen.add(`${route.method} ${route.url}`);
          const url = route.url.replace(/:[A-Za-z]+/g, param) + search;
          const before = await ledgerSnapshot(ctx.app.db);
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie: session.cookie, 'idempotency-key': crypto.randomUUID() },
            ...(payload !== undefined && route.method !== 'GET' && { payload: payload as object }),
          });
          const where = `${route.method} ${url.slice(0, 120)}`;
          expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const parsed = errorBodySchema.safeParse(response.json());
            expect(parsed.success, `${where}: ${response.body.slice(0, 300)}`).toBe(true);
            expect(await ledgerSnapshot(ctx.app.db), where).toEqual(before);
          }
        },
      ),
      { numRuns: 400, seed: 20261122 },
    );
    // The run reached most of the API, not three endpoints over and over.
    expect(seen.size).toBeGreaterThan(routes.length / 2);
  });

  it('refuses JSON nested deeper than the limit with a 400 on every route, public ones too, and never a 5xx', async () => {
    const withBodies = routes.filter(({ method }) => method !== 'GET');
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...withBodies)
          .chain((route) =>
            fc.tuple(fc.constant(route), nestedBody(`${route.method} ${route.url}`), fc.boolean()),
          ),
        async ([route, body, signedIn]) => {
          const key = `${route.method} ${route.url}`;
          seen.add(key);
          const isPublic = ctx.app.routeList.some((r) => r.url === route.url && r.public);
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url: route.url.replace(/:[A-Za-z]+/g, 'AAAAAAAAAAAAAAAAAAAAAA'),
            payload: body.json,
            headers: {
              'content-type': 'application/json',
              'idempotency-key': crypto.randomUUID(),
              ...(signedIn && { cookie: session.cookie }),
            },
          });
          const where = `${key} depth ${body.depth}: ${response.body.slice(0, 200)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400)
            expect(errorBodySchema.safeParse(response.json()).success, where).toBe(true);
          // Refused when parsed (a route's own rate limit may answer first, before any body is read).
          if (body.depth > MAX_JSON_DEPTH && (signedIn || isPublic) && response.statusCode !== 429) {
            expect(response.statusCode, where).toBe(400);
            expect(response.json().code, where).toBe('VALIDATION_FAILED');
          }
        },
      ),
      { numRuns: 200, seed: 20261126 },
    );
    expect(seen.size).toBeGreaterThan(withBodies.length / 2);
    expect(
      [...seen].filter((key) => key.includes('/api/public/') || key.includes('/api/auth/')).length,
    ).toBeGreaterThan(1);
  });
});

describeEachDatabase('malformed multipart on the verification upload', (ctx) => {
  let session: Session;
  beforeAll(async () => {
    session = await signUp(ctx.app);
  });

  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\npassport\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="front"; filename="a.png"\r\n` +
    `Content-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n0000`;
  const boundary = 'meridian-fuzz-boundary';
  const long = 'b'.repeat(300);
  const cases: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `${part(boundary)}\r\n--${boundary}--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${part(boundary)}\r\n--${boundary}--\r\n`],
    ['the wrong boundary', `multipart/form-data; boundary=other`, `${part(boundary)}\r\n--${boundary}--\r\n`],
    ['a truncated body', `multipart/form-data; boundary=${boundary}`, part(boundary)],
    ['a cut header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Dispos`],
    ['a 300-character boundary', `multipart/form-data; boundary=${long}`, `${part(long)}\r\n--${long}--\r\n`],
    ['junk', `multipart/form-data; boundary=${boundary}`, '\u0000\u0001 not multipart at all'],
    ['no body', `multipart/form-data; boundary=${boundary}`, ''],
  ];

  it.each(cases)('answers %s with a 400 in the error shape', async (_name, contentType, payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/kyc/documents',
      headers: { cookie: session.cookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });
});
