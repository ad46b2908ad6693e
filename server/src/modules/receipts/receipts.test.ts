import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { ReceiptInfo } from '@contract/receipts';
import type { Transaction, TransactionStatus, TransactionType } from '@contract/transactions';
import { request, signUp, type Session } from '../../test/http';
import { documentJpeg, documentPng, receiptPdf } from '../../test/images';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { createReceiptsFace } from './receipts';
import { createFileStorage } from '../storage/create-file-storage';

/** History rows of one user, straight into the table (the movements that make them are tested elsewhere). */
async function seedRows(
  ctx: TestContext,
  userId: string,
  rows: Array<{ type: TransactionType; day: string; status?: TransactionStatus; description?: string }>,
) {
  const entryId = randomUUID();
  await ctx.app.db
    .insertInto('journal_entries')
    .values({
      id: entryId,
      kind: 'test',
      description: 'receipt fixture',
      created_at: new Date().toISOString(),
    })
    .execute();
  const values = rows.map((row, index) => ({
    id: randomUUID(),
    user_id: userId,
    entry_id: entryId,
    type: row.type,
    amount: BigInt(1000 + index),
    currency: 'USD' as const,
    fee: 0n,
    description: row.description ?? `${row.type} ${index}`,
    status: row.status ?? 'completed',
    created_at: `${row.day}T12:00:${String(index).padStart(2, '0')}.000Z`,
  }));
  await ctx.app.db.insertInto('transactions').values(values).execute();
  return values.map((value) => value.id);
}

/** A multipart/form-data body as a browser's FormData sends a picked file. */
async function multipart(field: string, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

const filesDir = mkdtempSync(join(tmpdir(), 'meridian-receipt-files-'));
/** Every receipt file the storage holds for a user: nothing may be left behind by a refusal or a removal. */
const storedReceipts = (userId: string) => {
  const folder = join(filesDir, 'receipts', userId);
  return existsSync(folder) ? readdirSync(folder).length : 0;
};

describeEachDatabase(
  'receipts on history rows',
  (ctx) => {
    let alice: Session;
    let bob: Session;
    let rows: string[];
    const upload = async (session: Session, id: string, bytes: Buffer, name: string, field = 'file') => {
      const body = await multipart(field, bytes, name);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/transactions/${id}/receipt`,
        payload: body.payload,
        headers: { ...body.headers, cookie: session.cookie },
      });
    };
    const history = async (query = '', session = alice) => {
      const response = await request(ctx.app, session, 'GET', `/api/transactions?limit=100${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Transaction[];
    };

    beforeAll(async () => {
      alice = await signUp(ctx.app);
      bob = await signUp(ctx.app);
      // 0 send, 1 card payment, 2 fee, 3 money in, 4 exchange, 5 a failed send, 6 a card payment (other month)
      rows = await seedRows(ctx, alice.user.id, [
        { type: 'send', day: '2026-03-02', description: 'Studio rent' },
        { type: 'card_payment', day: '2026-03-05', description: 'Corner Coffee' },
        { type: 'processing_fee', day: '2026-03-07' },
        { type: 'receive', day: '2026-03-09' },
        { type: 'exchange', day: '2026-03-10' },
        { type: 'send', day: '2026-03-11', status: 'failed' },
        { type: 'card_payment', day: '2026-04-01', description: 'Laptop stand' },
      ]);
    });

    it('attaches a real JPEG, PNG and PDF, and gives each back as it came, with safe headers', async () => {
      const files = [
        { id: rows[0]!, bytes: await documentJpeg(), name: 'rent receipt.jpeg', type: 'image/jpeg' },
        { id: rows[1]!, bytes: await documentPng(), name: 'C:\\Users\\ada\\coffee.png', type: 'image/png' },
        { id: rows[2]!, bytes: await receiptPdf(), name: 'fee: invoice?.pdf', type: 'application/pdf' },
      ] as const;
      for (const file of files) {
        const response = await upload(alice, file.id, file.bytes, file.name);
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({
          transactionId: file.id,
          contentType: file.type,
          size: file.bytes.length,
        } satisfies Partial<ReceiptInfo>);
        const back = await request(ctx.app, alice, 'GET', `/api/transactions/${file.id}/receipt`);
        expect(back.statusCode).toBe(200);
        expect(back.rawPayload.equals(file.bytes)).toBe(true);
        expect(back.headers).toMatchObject({
          'content-type': file.type,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        });
        expect(back.headers['content-disposition']).toMatch(/^attachment; filename="/);
      }
      const names = (await history()).filter((row) => row.hasReceipt).map((row) => row.id);
      expect(names.sort()).toEqual([rows[0], rows[1], rows[2]].sort());
      const coffee = await request(ctx.app, alice, 'GET', `/api/transactions/${rows[1]}/receipt`);
      expect(coffee.headers['content-disposition']).toBe(
        `attachment; filename="coffee.png"; filename*=UTF-8''coffee.png`,
      );
      const fee = await request(ctx.app, alice, 'GET', `/api/transactions/${rows[2]}/receipt`);
      expect(fee.headers['content-disposition']).toContain('filename="fee invoice.pdf"');
      expect(storedReceipts(alice.user.id)).toBe(3);
    });

    it('replaces a receipt with a new file and removes the old one from storage', async () => {
      const pdf = await receiptPdf('Rent for March, corrected');
      const response = await upload(alice, rows[0]!, pdf, 'rent.pdf');
      expect(response.statusCode, response.body).toBe(201);
      const back = await request(ctx.app, alice, 'GET', `/api/transactions/${rows[0]}/receipt`);
      expect(back.headers['content-type']).toBe('application/pdf');
      expect(back.rawPayload.equals(pdf)).toBe(true);
      expect(storedReceipts(alice.user.id)).toBe(3);
    });

    it('refuses a renamed text file, a fake PDF, an oversized file and a pixel bomb, storing nothing', async () => {
      const before = storedReceipts(alice.user.id);
      const renamed = await upload(alice, rows[6]!, Buffer.from('not a picture at all\n'), 'receipt.jpg');
      expect(renamed.statusCode).toBe(415);
      expect(renamed.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        fields: { file: expect.any(String) },
      });

      // Starts like a PDF, but has no PDF's trailer: a text file that borrowed five bytes.
      const fake = await upload(alice, rows[6]!, Buffer.from('%PDF-1.7\nthis is only text\n'), 'x.pdf');
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: /could not be read as a PDF/ });

      const big = Buffer.concat([await documentPng(), Buffer.alloc(10 * 1024 * 1024)]);
      const oversized = await upload(alice, rows[6]!, big, 'big.png');
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'A receipt can be at most 10 MB',
      });

      // 4,900 × 4,900 = 24.01 megapixels in a few kilobytes: refused by its header, never decoded.
      const bomb = await sharp({ create: { width: 4900, height: 4900, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const pixels = await upload(alice, rows[6]!, bomb, 'bomb.png');
      expect(pixels.statusCode).toBe(400);
      expect(pixels.json()).toMatchObject({
        message: 'The receipt is 4900×4900 pixels: at most 24 megapixels',
      });

      const wrongField = await upload(alice, rows[6]!, await documentPng(), 'a.png', 'photo');
      expect(wrongField.statusCode).toBe(400);
      const none = await request(ctx.app, alice, 'POST', `/api/transactions/${rows[6]}/receipt`, {});
      expect(none.statusCode).toBe(415);

      expect(storedReceipts(alice.user.id)).toBe(before);
      expect((await history()).find((row) => row.id === rows[6])?.hasReceipt).toBe(false);
    });

    it('refuses money in and an exchange (422), and another user’s or an unknown row (404)', async () => {
      const png = await documentPng();
      const before = storedReceipts(alice.user.id);
      for (const id of [rows[3]!, rows[4]!]) {
        const response = await upload(alice, id, png, 'r.png');
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ code: 'BUSINESS_RULE' });
      }
      for (const id of [rows[6]!, randomUUID()]) {
        expect((await upload(bob, id, png, 'r.png')).statusCode).toBe(404);
      }
      expect((await request(ctx.app, bob, 'GET', `/api/transactions/${rows[1]}/receipt`)).statusCode).toBe(
        404,
      );
      expect((await request(ctx.app, bob, 'DELETE', `/api/transactions/${rows[1]}/receipt`)).statusCode).toBe(
        404,
      );
      expect((await request(ctx.app, null, 'GET', `/api/transactions/${rows[1]}/receipt`)).statusCode).toBe(
        401,
      );
      expect(storedReceipts(alice.user.id)).toBe(before);
      // Bob's tries changed nothing of Alice's.
      expect((await request(ctx.app, alice, 'GET', `/api/transactions/${rows[1]}/receipt`)).statusCode).toBe(
        200,
      );
    });

    it('flags which rows want a receipt, and filters the missing ones with type, search, dates, paging and CSV', async () => {
      const all = await history();
      const flag = (id: string) => all.find((row) => row.id === id)!;
      expect(flag(rows[0]!)).toMatchObject({ hasReceipt: true, receiptWanted: true });
      expect(flag(rows[6]!)).toMatchObject({ hasReceipt: false, receiptWanted: true });
      expect(flag(rows[3]!)).toMatchObject({ hasReceipt: false, receiptWanted: false });
      expect(flag(rows[5]!)).toMatchObject({ hasReceipt: false, receiptWanted: false });

      const missing = await history('&receipt=missing');
      expect(missing.map((row) => row.id)).toEqual([rows[6]]);
      expect(await history('&receipt=missing&type=incoming')).toEqual([]);
      expect((await history('&receipt=missing&type=outgoing')).map((row) => row.id)).toEqual([rows[6]]);
      expect(await history('&receipt=missing&q=coffee')).toEqual([]);
      expect((await history('&receipt=missing&q=laptop')).map((row) => row.id)).toEqual([rows[6]]);
      expect(await history('&receipt=missing&from=2026-03-01&to=2026-03-31')).toEqual([]);
      expect((await request(ctx.app, alice, 'GET', '/api/transactions?receipt=some')).statusCode).toBe(400);

      // Remove two receipts: three rows miss one now, in pages of two.
      for (const id of [rows[1]!, rows[2]!]) {
        const removed = await request(ctx.app, alice, 'DELETE', `/api/transactions/${id}/receipt`);
        expect(removed.statusCode).toBe(204);
      }
      expect(storedReceipts(alice.user.id)).toBe(1);
      const first = await request(ctx.app, alice, 'GET', '/api/transactions?receipt=missing&limit=2');
      const cursor = first.headers['x-next-cursor'] as string;
      expect(first.headers.link).toContain('receipt=missing');
      const second = await request(
        ctx.app,
        alice,
        'GET',
        `/api/transactions?receipt=missing&limit=2&cursor=${encodeURIComponent(cursor)}`,
      );
      const paged = [...(first.json() as Transaction[]), ...(second.json() as Transaction[])];
      expect(paged.map((row) => row.id)).toEqual([rows[6], rows[2], rows[1]]);
      expect(second.headers['x-next-cursor']).toBeUndefined();

      const csv = await request(ctx.app, alice, 'GET', '/api/transactions/export.csv?receipt=missing');
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toHaveLength(4);
      expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([
        'Laptop stand',
        'processing_fee 2',
        'Corner Coffee',
      ]);
      expect(
        (await request(ctx.app, alice, 'DELETE', `/api/transactions/${rows[1]}/receipt`)).statusCode,
      ).toBe(404);
    });

    it('streams a period’s receipts for the accountant pack, oldest first, each with its file', async () => {
      const png = await documentPng();
      expect((await upload(alice, rows[6]!, png, 'stand.png')).statusCode).toBe(201);
      const face = createReceiptsFace({ db: ctx.app.db, storage: createFileStorage(ctx.config) });
      const march = [];
      for await (const receipt of face.receiptsForPeriod(alice.user.id, {
        since: '2026-03-01T00:00:00.000Z',
        before: '2026-04-01T00:00:00.000Z',
      })) {
        march.push({ ...receipt, text: await text(receipt.content) });
      }
      expect(
        march.map(({ transactionId, fileName, contentType }) => ({ transactionId, fileName, contentType })),
      ).toEqual([{ transactionId: rows[0], fileName: 'rent.pdf', contentType: 'application/pdf' }]);
      expect(march[0]!.date).toBe('2026-03-02T12:00:00.000Z');
      expect(march[0]!.text).toMatch(/^%PDF-/);
      const april = [];
      for await (const receipt of face.receiptsForPeriod(alice.user.id, {
        since: '2026-04-01T00:00:00.000Z',
        before: '2026-05-01T00:00:00.000Z',
      })) {
        april.push(receipt.transactionId);
        receipt.content.destroy();
      }
      expect(april).toEqual([rows[6]]);
    });
  },
  { FILE_STORAGE_DIR: filesDir },
);
