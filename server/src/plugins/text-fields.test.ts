import { describe, expect, it } from 'vitest';
import { request, signUp, type Session } from '../test/http';
import { invoiceBody } from '../test/invoices';
import { describeEachDatabase } from '../test/test-app';
import { findUnstorable } from './text-fields';

/**
 * What no text field takes, wherever it comes (query, path or JSON body, free text or an id): NUL and the
 * other C0 controls but tab and line breaks, half a surrogate pair, and Unicode's noncharacters (U+FFFE and
 * U+FFFF among them, which are not XML characters either). PostgreSQL cannot store NUL and failed with a 500;
 * the rest made every XML file the text reached (a statement, the accountant's pack) unreadable.
 */
const unwanted = [
  ['NUL', '\u0000'],
  ['U+FFFE', '\uFFFE'],
  ['U+FFFF', '\uFFFF'],
  ['U+FDD0', '\uFDD0'],
  ['a plane-16 noncharacter', '\u{10FFFF}'],
  ['a lone surrogate', '\uD800'],
] as const;

/** A query string value, percent-encoded (a lone surrogate has no UTF-8 form: spelt as its raw bytes). */
const inQuery = (text: string) =>
  text === '\uD800' ? '%ED%A0%80' : encodeURIComponent(text).replace(/'/g, '%27');

describeEachDatabase('text fields at the edge', (ctx) => {
  let ada: Session;
  const expectRefused = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: expect.any(String) },
    });
  };

  it.each(unwanted.filter(([, text]) => text !== '\uD800'))(
    'refuses %s in a query string, search or id, with a 400 naming the field',
    async (_label, text) => {
      ada ??= await signUp(ctx.app);
      for (const [url, field] of [
        [`/api/transactions?q=a${inQuery(text)}b`, 'q'],
        [`/api/transactions?category=${inQuery(text)}`, 'category'],
        [`/api/transactions/export.csv?q=${inQuery(text)}`, 'q'],
        [`/api/invoices?clientId=${inQuery(text)}`, 'clientId'],
        [`/api/invoices?q=${inQuery(text)}`, 'q'],
        [`/api/statements/2026-01/csv?wallet=${inQuery(text)}`, 'wallet'],
      ] as const) {
        expectRefused(await request(ctx.app, ada, 'GET', url), field);
      }
    },
  );

  it.each(unwanted)('refuses %s in a JSON body id, with a 400 naming the field', async (_label, text) => {
    ada ??= await signUp(ctx.app);
    expectRefused(
      await request(ctx.app, ada, 'PUT', '/api/accountant-access/open', { ownerId: `x${text}` }),
      'ownerId',
    );
    expectRefused(
      await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody({ clientId: `c${text}` })),
      'clientId',
    );
    // Nested: the field's whole path is named.
    const items = [{ description: `Design${text}`, quantity: '1', unitPrice: '1.00' }];
    expectRefused(
      await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody({ items })),
      'items.0.description',
    );
    const invoices = await ctx.app.db
      .selectFrom('invoices')
      .select('id')
      .where('user_id', '=', ada.user.id)
      .execute();
    expect(invoices).toEqual([]);
  });

  it('judges a search as free text, as names are: a direction override is refused too', async () => {
    ada ??= await signUp(ctx.app);
    for (const url of ['/api/transactions?q=a%E2%80%AEb', '/api/invoices?q=a%E2%80%AEb']) {
      const response = await request(ctx.app, ada, 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields.q, url).toMatch(/direction control \(U\+202E\)/);
    }
  });

  it('keeps tabs, line breaks and every ordinary character, emoji and right-to-left text included', async () => {
    const ben = await signUp(ctx.app);
    const notes = 'Line one\nLine two: 🙂 שלום Zoë';
    const created = await request(ctx.app, ben, 'POST', '/api/invoices', invoiceBody({ notes }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().notes).toBe(notes);
    const search = await request(ctx.app, ben, 'GET', `/api/transactions?q=${encodeURIComponent('🙂 שלום')}`);
    expect(search.statusCode).toBe(200);
  });
});

describe('findUnstorable', () => {
  it('names the path of the first bad string or key, and leaves raw bytes alone', () => {
    expect(findUnstorable({ a: ['ok', { b: 'x\uFFFF' }] })).toEqual({
      field: 'a.1.b',
      message: 'Contains a character that is not allowed (U+FFFF)',
    });
    expect(findUnstorable({ ['k\u0000']: 'v' })?.field).toBe('_');
    expect(findUnstorable('\uFDD0')?.field).toBe('_');
    // A signed webhook's body is kept as the bytes that were signed: not ours to judge.
    expect(findUnstorable(Buffer.from('{"a":"\uFFFF"}'))).toBeUndefined();
    expect(findUnstorable({ a: 'tab\tline\n🙂', n: 1, z: null })).toBeUndefined();
  });
});
