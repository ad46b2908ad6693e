import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApiKey } from '../test/api-keys';
import { signUp } from '../test/http';
import { describeEachDatabase } from '../test/test-app';
import { createLogger, redactUrl } from './logger';
import { credentialInUrl } from './url-credentials';

const key = 'mer_live_AbCdEf0123456789_-AbCdEf0123456789AbCdEf01';

describe('credentials in an address', () => {
  it.each([
    `/api/wallets?api_key=${key}`,
    `/api/wallets?apikey=anything`,
    `/api/wallets?x=1&access_token=abc`,
    `/api/wallets?KEY=abc`,
    `/api/wallets?token=abc`,
    `/api/wallets/${key}`,
    `/api/wallets?q=${key.replaceAll('_', '%5F')}`,
    `/api/wallets?auth=Bearer%20${key}`,
    `/api/wallets?x=Bearer+an-operator-token-for-tests`,
  ])('finds one in %s and logs none of it', (url) => {
    expect(credentialInUrl(url)).toBe(true);
    const logged = redactUrl(url);
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(key.slice(9));
    expect(logged).not.toContain(key.replaceAll('_', '%5F').slice(13));
    expect(logged).not.toContain('an-operator-token');
  });

  it.each(['/api/wallets', '/api/transactions?type=deposit&cursor=abc', '/api/x?q=bearer+bonds&monkey=1'])(
    'finds none in %s',
    (url) => {
      expect(credentialInUrl(url)).toBe(false);
      expect(redactUrl(url)).toBe(url);
    },
  );
});

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

describeEachDatabase(
  'API keys in the address',
  (ctx) => {
    let secret: string;
    beforeAll(async () => {
      const owner = await signUp(ctx.app);
      secret = (await makeApiKey(ctx.app, owner, 'read')).secret;
    });

    it('are refused with 400, never taken, and never logged', async () => {
      for (const url of [
        `/api/wallets?api_key=${secret}`,
        `/api/wallets?access_token=${secret}`,
        `/api/wallets?key=${secret}`,
        `/api/transactions?cursor=${encodeURIComponent(secret)}`,
        `/api/auth/session?auth=${encodeURIComponent(`Bearer ${secret}`)}`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_FAILED');
        expect(response.json().message).toMatch(/Authorization: Bearer header/);
      }
      const inHeader = await ctx.app.inject({
        method: 'GET',
        url: '/api/wallets',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(inHeader.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('"url":"/api/wallets?api_key=[redacted]"');
      expect(log).not.toContain(secret.slice(9));
    });
  },
  { LOG_LEVEL: 'info' },
  { logger: createLogger('info', sink) },
);
