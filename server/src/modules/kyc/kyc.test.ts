import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { KycApplication } from '@contract/kyc';
import { request, signUp, startDemo, type Session } from '../../test/http';
import { fund, newKey, sendUsd, walletsOf } from '../../test/money';
import { blankPng, documentPng } from '../../test/images';
import { describeEachDatabase } from '../../test/test-app';
import { createFileStorage } from '../storage/create-file-storage';
import { embeddedReviewer } from './embedded-reviewer';
import { runKycReviews } from './kyc-review';

/** A multipart/form-data body as a browser's FormData would send it. */
async function multipart(
  fields: Record<string, string>,
  files: Record<string, { bytes: Buffer; name: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

const today = new Date();
const yearsAgo = (years: number, days = 0) => {
  const date = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days),
  );
  return date.toISOString().slice(0, 10);
};
const inYears = (years: number) => yearsAgo(-years);

const personal = (overrides: Record<string, string> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  dateOfBirth: '1990-12-10',
  nationality: 'GB',
  address: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
  occupation: 'Analyst',
  monthlyIncome: '4500',
  accountType: 'individual',
  ...overrides,
});

const license = { documentType: 'license', documentNumber: 'LOVEL912106AA9', expiryDate: inYears(3) };

describeEachDatabase(
  'identity verification',
  (ctx) => {
    let images: Record<'front' | 'back' | 'selfie', { bytes: Buffer; name: string }>;
    const get = async (session: Session) =>
      (await request(ctx.app, session, 'GET', '/api/kyc')).json() as KycApplication;
    const upload = async (
      session: Session,
      fields: Record<string, string>,
      files: Record<string, { bytes: Buffer; name: string }>,
    ) => {
      const body = await multipart(fields, files);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/kyc/documents',
        payload: body.payload,
        headers: { ...body.headers, cookie: session.cookie },
      });
    };
    const review = () =>
      runKycReviews({
        db: ctx.app.db,
        provider: embeddedReviewer({ storage: createFileStorage(ctx.config), delayMs: 0 }),
        notifier: ctx.app.notifier,
        limits: ctx.app.spendingLimits,
      });
    /** A whole application: personal details, a license with its three images, submitted. */
    async function apply(session: Session, details = personal(), document = license) {
      expect((await request(ctx.app, session, 'PUT', '/api/kyc/personal', details)).statusCode).toBe(200);
      expect((await upload(session, document, images)).statusCode).toBe(200);
      const submitted = await request(ctx.app, session, 'POST', '/api/kyc/submit');
      expect(submitted.statusCode).toBe(200);
      return submitted.json() as KycApplication;
    }

    beforeAll(async () => {
      images = {
        front: { bytes: await documentPng('#336', 64, 64), name: 'front.png' },
        back: { bytes: await documentPng('#633', 64, 64), name: 'back.png' },
        selfie: { bytes: await documentPng('#363', 64, 64), name: 'selfie.png' },
      };
    });

    it('starts unverified with the 1,000 USD monthly limit', async () => {
      const ada = await signUp(ctx.app);
      expect(await get(ada)).toMatchObject({
        status: 'draft',
        personal: null,
        documents: [],
        checks: [],
        limits: {
          level: 'unverified',
          monthlyLimitUsd: '1000.00',
          usedThisMonthUsd: '0.00',
          verifiedLimitUsd: '50000.00',
        },
      });
      expect((await request(ctx.app, null, 'GET', '/api/kyc')).statusCode).toBe(401);
    });

    it('refuses a text file renamed .png, by its bytes', async () => {
      const ada = await signUp(ctx.app);
      const response = await upload(ada, license, {
        front: { bytes: Buffer.from('just some text, honestly not a picture\n'), name: 'passport.png' },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('not a PNG, JPEG or WebP image'),
      });
      expect((await get(ada)).documents).toEqual([]);
    });

    it('refuses an image over 10 MB', async () => {
      const ada = await signUp(ctx.app);
      const big = Buffer.concat([images.front.bytes, Buffer.alloc(10 * 1024 * 1024)]);
      const response = await upload(ada, license, { front: { bytes: big, name: 'big.png' } });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Each image can be at most 10 MB',
      });
    });

    it('refuses an image over 24 megapixels by its header, before decoding it', async () => {
      const ada = await signUp(ctx.app);
      // 4,900 × 4,900: 24.01 megapixels in a file of a few kilobytes.
      const huge = await sharp({ create: { width: 4900, height: 4900, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(huge.length).toBeLessThan(1024 * 1024);
      const response = await upload(ada, license, { front: { bytes: huge, name: 'front.png' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The front image is 4900×4900 pixels: at most 24 megapixels',
        fields: { front: 'At most 24 megapixels' },
      });
      expect((await get(ada)).documents).toEqual([]);
    });

    it('rejects a blank, single-colour document or selfie: there must be something in the picture', async () => {
      const cy = await signUp(ctx.app);
      await request(ctx.app, cy, 'PUT', '/api/kyc/personal', personal());
      const black = { bytes: await blankPng('#000', 640, 400), name: 'front.png' };
      const white = { bytes: await blankPng('#fff', 300, 300), name: 'selfie.png' };
      await upload(cy, license, { ...images, front: black, selfie: white });
      await request(ctx.app, cy, 'POST', '/api/kyc/submit');
      await review();
      const rejected = await get(cy);
      expect(rejected.status).toBe('rejected');
      expect(rejected.rejectionReasons).toEqual([
        'The front image looks blank (one colour, no detail): upload a clear photo of the document',
        'The selfie image looks blank (one colour, no detail): upload a clear photo of your face',
      ]);
      expect(rejected.checks.find((check) => check.id === 'back_image')?.status).toBe('passed');
    });

    it('refuses to submit what is missing, naming it', async () => {
      const ada = await signUp(ctx.app);
      const empty = await request(ctx.app, ada, 'POST', '/api/kyc/submit');
      expect(empty.statusCode).toBe(422);
      expect(empty.json().message).toMatch(/^Missing Information/);
      await request(ctx.app, ada, 'PUT', '/api/kyc/personal', personal());
      await upload(ada, license, { front: images.front });
      const noBack = await request(ctx.app, ada, 'POST', '/api/kyc/submit');
      expect(noBack.statusCode).toBe(422);
      expect(noBack.json()).toMatchObject({
        message: 'Missing Documents: please upload the back, selfie images',
      });
      const invalid = await request(
        ctx.app,
        ada,
        'PUT',
        '/api/kyc/personal',
        personal({ country: 'XX', firstName: '' }),
      );
      expect(invalid.statusCode).toBe(400);
    });

    it('approves a complete application whose name matches the profile: checks recorded, level and notification', async () => {
      const ada = await signUp(ctx.app);
      await request(ctx.app, ada, 'PATCH', '/api/user', { firstName: 'Ada', lastName: 'Lovelace' });
      const submitted = await apply(ada, personal({ firstName: 'ada', lastName: 'LOVELACE' }));
      expect(submitted.status).toBe('submitted');
      expect(submitted.checks.map((check) => [check.id, check.status])).toEqual([
        ['country', 'pending'],
        ['age', 'pending'],
        ['document_expiry', 'pending'],
        ['front_image', 'pending'],
        ['back_image', 'pending'],
        ['selfie_image', 'pending'],
        ['name_match', 'pending'],
      ]);
      expect((await request(ctx.app, ada, 'PUT', '/api/kyc/personal', personal())).statusCode).toBe(409);

      expect(await review()).toBe(1);
      const decided = await get(ada);
      expect(decided.status).toBe('approved');
      expect(decided.checks.every((check) => check.status === 'passed' && check.completedAt)).toBe(true);
      expect(decided.checks.find((check) => check.id === 'front_image')?.detail).toBe('Read a 64×64 image');
      expect(decided.rejectionReasons).toEqual([]);
      expect(decided.limits).toMatchObject({ level: 'verified', monthlyLimitUsd: '50000.00' });
      const notifications = (await request(ctx.app, ada, 'GET', '/api/notifications')).json() as {
        title: string;
      }[];
      expect(notifications.map((n) => n.title)).toContain('Identity verified');
      expect(await review()).toBe(0);
    });

    it('rejects a 17-year-old with an expired document, with reasons; fixed and resubmitted, it is approved', async () => {
      const kid = await signUp(ctx.app);
      await apply(kid, personal({ dateOfBirth: yearsAgo(18, 1) }), { ...license, expiryDate: yearsAgo(1) });
      await review();
      const rejected = await get(kid);
      expect(rejected.status).toBe('rejected');
      expect(rejected.rejectionReasons).toEqual([
        'You must be at least 18 years old (the date of birth given makes you 17)',
        `The driver's license expired on ${yearsAgo(1)}: upload a document that is still valid`,
      ]);
      expect(rejected.limits.level).toBe('unverified');
      const notifications = (await request(ctx.app, kid, 'GET', '/api/notifications')).json() as {
        title: string;
      }[];
      expect(notifications.map((n) => n.title)).toContain('Identity verification unsuccessful');

      // Turning 18 today counts; a passport needs no back, and the old back is removed.
      await apply(kid, personal({ dateOfBirth: yearsAgo(18) }), {
        ...license,
        documentType: 'passport',
        expiryDate: inYears(5),
      });
      await review();
      const approved = await get(kid);
      expect(approved.status).toBe('approved');
      expect(approved.documents.map((doc) => doc.side).sort()).toEqual(['front', 'selfie']);
      expect(approved.checks.map((check) => check.id)).not.toContain('back_image');
    });

    it('rejects a name that does not match the profile, and an image that cannot be decoded', async () => {
      const ben = await signUp(ctx.app);
      await request(ctx.app, ben, 'PATCH', '/api/user', { firstName: 'Ben', lastName: 'Okri' });
      const whole = await documentPng('#123', 256, 256);
      const truncated = whole.subarray(0, Math.floor(whole.length / 2));
      await request(ctx.app, ben, 'PUT', '/api/kyc/personal', personal());
      await upload(ben, license, { ...images, selfie: { bytes: truncated, name: 'selfie.png' } });
      await request(ctx.app, ben, 'POST', '/api/kyc/submit');
      await review();
      const rejected = await get(ben);
      expect(rejected.status).toBe('rejected');
      expect(rejected.rejectionReasons).toEqual([
        'The selfie image could not be read: upload a clear photo (PNG, JPEG or WebP)',
        'The name on the application (Ada Lovelace) does not match your profile (Ben Okri)',
      ]);
    });

    it('serves an image to its owner only: another user gets 404', async () => {
      const ada = await signUp(ctx.app);
      const eve = await signUp(ctx.app);
      await upload(ada, license, { front: images.front });
      const [front] = (await get(ada)).documents;
      const own = await request(ctx.app, ada, 'GET', `/api/kyc/documents/${front!.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.rawPayload.equals(images.front.bytes)).toBe(true);
      const theirs = await request(ctx.app, eve, 'GET', `/api/kyc/documents/${front!.id}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('limits an unverified user to 1,000 USD a month (sends and conversions together), and lifts it on approval', async () => {
      const ada = await signUp(ctx.app);
      const bob = await signUp(ctx.app);
      const wallets = await walletsOf(ctx.app, ada);
      await fund(ctx.app.db, wallets.USD!.id, '5000.00', 'USD');
      const over = await sendUsd(ctx.app, ada, bob.user.email, '1000.01');
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({
        code: 'BUSINESS_RULE',
        message: expect.stringContaining('monthly limit of $1,000.00'),
      });
      expect((await sendUsd(ctx.app, ada, bob.user.email, '600.00')).statusCode).toBe(201);
      const convert = (amount: string) =>
        request(ctx.app, ada, 'POST', '/api/convert', { amount, from: 'USD', to: 'EUR' }, newKey());
      const convertOver = await convert('400.01');
      expect(convertOver.statusCode).toBe(422);
      expect(convertOver.json().message).toContain('$400.00 left');
      expect((await convert('400.00')).statusCode).toBe(201);
      expect((await get(ada)).limits.usedThisMonthUsd).toBe('1000.00');

      await apply(ada);
      await review();
      expect((await get(ada)).limits.level).toBe('verified');
      expect((await sendUsd(ctx.app, ada, bob.user.email, '1000.01')).statusCode).toBe(201);
    });

    it('declines a card purchase past the monthly limit, and counts the approved ones', async () => {
      const cat = await signUp(ctx.app);
      await fund(ctx.app.db, (await walletsOf(ctx.app, cat)).USD!.id, '5000.00', 'USD');
      const card = (
        await request(ctx.app, cat, 'POST', '/api/stripe/create-card', { type: 'virtual' })
      ).json();
      const buy = async (amount: string) =>
        (
          await request(
            ctx.app,
            cat,
            'POST',
            `/api/cards/${card.id}/purchases`,
            {
              amount,
              currency: 'USD',
              merchant: 'Figma',
              category: 'software',
              channel: 'online',
              country: 'US',
            },
            newKey(),
          )
        ).json();
      expect(await buy('900.00')).toMatchObject({ approved: true });
      expect(await buy('100.01')).toMatchObject({ approved: false, declineReason: 'account_limit' });
      expect((await get(cat)).limits.usedThisMonthUsd).toBe('900.00');
      const send = await sendUsd(ctx.app, cat, (await signUp(ctx.app)).user.email, '100.01');
      expect(send.statusCode).toBe(422);
    });

    it('counts trade buys, and the demo account starts verified', async () => {
      const trader = await signUp(ctx.app);
      await fund(ctx.app.db, (await walletsOf(ctx.app, trader)).USD!.id, '5000.00', 'USD');
      const buy = await request(
        ctx.app,
        trader,
        'POST',
        '/api/trade',
        { type: 'buy', asset: 'BTC', quantity: '1' },
        newKey(),
      );
      expect(buy.statusCode).toBe(422);
      expect(buy.json().message).toContain('$1,000.00');
      const demo = await startDemo(ctx.app);
      expect((await get(demo)).limits).toMatchObject({ level: 'verified', monthlyLimitUsd: '50000.00' });
    });
  },
  {
    UNVERIFIED_MONTHLY_LIMIT_USD: '1000',
    FILE_STORAGE_DIR: mkdtempSync(join(tmpdir(), 'meridian-kyc-files-')),
  },
);
