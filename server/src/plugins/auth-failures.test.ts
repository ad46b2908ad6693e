import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createLogger } from '../lib/logger';
import { makeApiKey } from '../test/api-keys';
import { signUp, type Session } from '../test/http';
import { describeEachDatabase } from '../test/test-app';
import { twoInstancesOnPostgres } from '../test/two-instances';
import { sourceOf, waitInWords } from '../modules/auth/login-throttle';
import { createAuthFailures } from './auth-failures';

const LIMIT = 5;
const randomKey = () => `mer_live_${randomBytes(32).toString('base64url')}`;
const randomCookie = () => `meridian_session=${randomBytes(32).toString('base64url')}`;
let lastAddress = 0;
/** A client address no other test has used, so each test starts with no failures counted. */
const freshAddress = () => `198.51.100.${++lastAddress}`;

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

describeEachDatabase(
  'failed authentication per address',
  (ctx) => {
    let owner: Session;
    let key: string;

    beforeAll(async () => {
      owner = await signUp(ctx.app);
      key = (await makeApiKey(ctx.app, owner, 'read')).secret;
    });

    const call = (from: string, headers: Record<string, string>, url = '/api/wallets') =>
      ctx.app.inject({ method: 'GET', url, remoteAddress: from, headers });
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

    it('answers 429 to every credential from an address past the limit, working ones too', async () => {
      const guesser = freshAddress();
      for (let i = 0; i < LIMIT; i++) {
        const refused = await call(guesser, bearer(randomKey()));
        expect(refused.statusCode).toBe(401);
      }
      const limited = await call(guesser, bearer(randomKey()));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

      expect((await call(guesser, bearer(key))).statusCode).toBe(429);
      expect((await call(guesser, { cookie: owner.cookie })).statusCode).toBe(429);
      // Without a credential the address is served as anyone is; from elsewhere the key and session work.
      const anonymous = await call(guesser, {}, '/api/auth/session');
      expect(anonymous.statusCode).toBe(200);
      expect((await call(freshAddress(), bearer(key))).statusCode).toBe(200);
      expect((await call(freshAddress(), { cookie: owner.cookie })).statusCode).toBe(200);
    });

    it('counts unknown session cookies, on a public route too, and other bearer tokens', async () => {
      const guesser = freshAddress();
      expect((await call(guesser, { cookie: randomCookie() })).statusCode).toBe(401);
      expect((await call(guesser, { cookie: randomCookie() })).statusCode).toBe(401);
      const session = await call(guesser, { cookie: randomCookie() }, '/api/auth/session');
      expect(session.statusCode).toBe(200);
      expect(session.json().user).toBeNull();
      expect((await call(guesser, { cookie: randomCookie() }, '/api/auth/session')).statusCode).toBe(200);
      expect((await call(guesser, bearer(randomBytes(24).toString('hex')))).statusCode).toBe(401);
      expect((await call(guesser, { cookie: randomCookie() }, '/api/auth/session')).statusCode).toBe(429);
      expect((await call(guesser, { cookie: owner.cookie })).statusCode).toBe(429);
    });

    it('counts revoked keys, in the database: another server on it refuses the next one', async () => {
      const revoked = await makeApiKey(ctx.app, owner, 'read');
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${revoked.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(removed.statusCode).toBe(204);
      const guesser = freshAddress();
      for (let i = 0; i < LIMIT; i++) {
        const refused = await call(guesser, bearer(revoked.secret));
        expect(refused.json().code).toBe('API_KEY_REVOKED');
      }
      const other = await buildApp(ctx.config);
      try {
        const limited = await other.inject({
          method: 'GET',
          url: '/api/wallets',
          remoteAddress: guesser,
          headers: bearer(revoked.secret),
        });
        expect(limited.statusCode).toBe(429);
      } finally {
        await other.close();
      }
    });

    it('tells operators once per window, with the address and the key prefix, never the key', async () => {
      const guesser = freshAddress();
      const keys = Array.from({ length: LIMIT + 3 }, randomKey);
      for (const secret of keys) await call(guesser, bearer(secret));
      const told = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.source === guesser);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        level: 40,
        ip: guesser,
        failures: LIMIT + 1,
        credential: 'api-key',
        keyPrefix: keys[LIMIT]!.slice(0, 15),
      });
      for (const secret of keys) expect(lines.join('\n')).not.toContain(secret.slice(15));
    });

    it('ends the block with the window', async () => {
      let clock = Date.now();
      const failures = createAuthFailures({
        db: ctx.app.db,
        dialect: ctx.dialect,
        log: ctx.app.log,
        max: 2,
        windowMs: 60_000,
        sourceOf,
        waitInWords,
        now: () => clock,
      });
      const guesser = freshAddress();
      expect(await failures.failed(guesser, { kind: 'session' })).toBeNull();
      expect(await failures.failed(guesser, { kind: 'session' })).toBeNull();
      expect((await failures.failed(guesser, { kind: 'session' }))?.options.retryAfterSeconds).toBe(60);
      expect(failures.refusal(guesser)?.code).toBe('RATE_LIMITED');
      clock += 30_000;
      expect(failures.refusal(guesser)?.options.retryAfterSeconds).toBe(30);
      clock += 30_000;
      expect(failures.refusal(guesser)).toBeNull();
      expect(await failures.failed(guesser, { kind: 'session' })).toBeNull();
    });
  },
  { AUTH_FAILURES_PER_MINUTE: LIMIT },
  { logger: createLogger('warn', sink) },
);

/** Two processes count one limit, and the one that blocks an address tells the other at once. */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'failed authentication across app instances [postgres]',
  () => {
    const instances = twoInstancesOnPostgres({ AUTH_FAILURES_PER_MINUTE: LIMIT });

    it('counts failures on both against one limit, and blocks the address on both', async () => {
      const { first, second, owner } = instances;
      const key = (await makeApiKey(first, owner, 'read')).secret;
      const guesser = freshAddress();
      const call = (app: typeof first, secret: string) =>
        app.inject({
          method: 'GET',
          url: '/api/wallets',
          remoteAddress: guesser,
          headers: { authorization: `Bearer ${secret}` },
        });
      for (let i = 0; i < LIMIT; i++)
        expect((await call(i % 2 ? first : second, randomKey())).statusCode).toBe(401);
      expect((await call(second, randomKey())).statusCode).toBe(429);
      // The first instance saw no failure past the limit: it hears of the block from the second.
      await expect.poll(async () => (await call(first, key)).statusCode).toBe(429);
    });
  },
);
