import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { MAX_INVOICE_ITEMS } from '@contract/invoices';
import { invoiceBody } from '../test/invoices';
import { signUp, type Session } from '../test/http';
import { describeEachDatabase } from '../test/test-app';
import { INVOICE_BODY_LIMIT_BYTES } from '../modules/invoices/invoices.routes';
import { MAX_JSON_DEPTH } from './json-body';

/** JSON as a client that escapes every non-ASCII character writes it (Python's json.dumps does by default). */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** An invoice at every maximum, in a script of three UTF-8 bytes per character. */
const text = (length: number) => '中'.repeat(length);
const largestInvoice = invoiceBody({
  clientName: text(120),
  clientAddress: text(500),
  projectTitle: text(150),
  description: text(2000),
  notes: text(2000),
  items: Array.from({ length: MAX_INVOICE_ITEMS }, () => ({
    description: text(200),
    quantity: '1',
    unitPrice: '1.00',
  })),
});

// The shape that cost most to parse: many small objects (a 1 MB sign-in of them took 385 ms on the report's machine).
const manySmallObjects = (bytes: number) =>
  `{"email":"a@example.com","password":"x","extra":[${Array(Math.ceil(bytes / 3))
    .fill('{}')
    .join(',')}]}`;

describeEachDatabase('request bodies: sizes and depth', (ctx) => {
  let session: Session;
  beforeAll(async () => {
    session = await signUp(ctx.app);
  });
  const send = (method: 'POST' | 'PATCH', url: string, payload: string, cookie = true) =>
    ctx.app.inject({
      method,
      url,
      payload,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
        ...(cookie && { cookie: session.cookie }),
      },
    });

  it('refuses a sign-in or a pay-link body over the API default (16 KB) with 413 in the error shape', async () => {
    expect(ctx.config.BODY_LIMIT_BYTES).toBe(16_384);
    for (const url of ['/api/auth/login', '/api/public/invoices/AAAAAAAAAAAAAAAAAAAAAA/pay']) {
      const response = await send('POST', url, manySmallObjects(17_000), false);
      expect(response.statusCode, url).toBe(413);
      expect(response.json(), url).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request body is too large',
      });
    }
  });

  it('takes an invoice at every maximum, and refuses a larger body with 413', async () => {
    const body = asciiJson(largestInvoice);
    // Larger than the API's default, so invoices need their own limit, and within it.
    expect(Buffer.byteLength(body)).toBeGreaterThan(ctx.config.BODY_LIMIT_BYTES);
    expect(Buffer.byteLength(body)).toBeLessThan(INVOICE_BODY_LIMIT_BYTES);
    const created = await send('POST', '/api/invoices', body);
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
    const id = created.json().id as string;
    const updated = await send('PATCH', `/api/invoices/${id}`, asciiJson({ notes: text(2000) }));
    expect(updated.statusCode).toBe(200);

    const padded = body + ' '.repeat(INVOICE_BODY_LIMIT_BYTES - Buffer.byteLength(body) + 1);
    const tooLarge = await send('POST', '/api/invoices', padded);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes identity images far over the JSON limit: uploads keep their own', async () => {
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
    const image = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#808080', noise },
    })
      .png()
      .toBuffer();
    expect(image.length).toBeGreaterThan(500_000);
    const form = new FormData();
    const fields = { documentType: 'passport', documentNumber: 'P1234567', expiryDate: '2036-01-01' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('front', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'front.png');
    const encoded = new Response(form);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/kyc/documents',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, cookie: session.cookie },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  });

  it('refuses a body nested 5,000 levels deep with a 400, on the public pay route and everywhere', async () => {
    const deepArray = '['.repeat(5000) + ']'.repeat(5000);
    // (an object 5,000 deep is over 16 KB: refused for its size already)
    const deepObject = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
    for (const [url, payload] of [
      ['/api/public/invoices/AAAAAAAAAAAAAAAAAAAAAA/pay', deepArray],
      ['/api/public/invoices/AAAAAAAAAAAAAAAAAAAAAA/pay', deepObject],
      ['/api/auth/login', deepObject],
      ['/api/invoices', `{"items":${deepArray}}`],
    ] as const) {
      const response = await send('POST', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        code: 'VALIDATION_FAILED',
        message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
      });
    }
    // Brackets inside strings are text, not depth.
    const bracketsInText = await send(
      'POST',
      '/api/invoices',
      JSON.stringify(invoiceBody({ notes: '[{'.repeat(500) + '\\"' })),
    );
    expect(bracketsInText.statusCode, bracketsInText.body.slice(0, 200)).toBe(201);
  });
});
