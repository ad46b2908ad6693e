import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { buildApp } from '../app';
import { testConfig } from '../test/config';
import { request, signUp } from '../test/http';
import { invoiceBody } from '../test/invoices';
import { createTestDatabase, dialectsUnderTest } from '../test/test-app';
import { createLogger, redactUrl } from './logger';

describe('redactUrl', () => {
  it('keeps the route and drops the secret', () => {
    expect(redactUrl('/api/public/invoices/abcDEF123_-xyz/pay?x=1')).toBe(
      '/api/public/invoices/[redacted]/pay?x=1',
    );
    expect(redactUrl('/pay/abcDEF123_-xyz')).toBe('/pay/[redacted]');
    expect(redactUrl('//PAY//abcDEF123_-xyz')).toBe('//PAY//[redacted]');
    expect(redactUrl('/verify-email?lang=en&token=s3cret#top')).toBe(
      '/verify-email?lang=en&token=[redacted]#top',
    );
    expect(redactUrl('/api/invoices/42/pdf')).toBe('/api/invoices/42/pdf');
  });
});

describe.each(dialectsUnderTest())('access log [%s]', (dialect) => {
  it('holds no pay-link token, as it holds no session cookie', async () => {
    const database = await createTestDatabase(dialect);
    let log = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const app = await buildApp(testConfig({ ...database.config, LOG_LEVEL: 'info' }), {
      logger: createLogger('info', sink),
    });
    try {
      const ada = await signUp(app);
      const draft: Invoice = (await request(app, ada, 'POST', '/api/invoices', invoiceBody())).json();
      const sent: Invoice = (
        await request(app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })
      ).json();
      const token = new URL(sent.payUrl!).pathname.split('/').pop()!;
      const shown = await app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
      expect(shown.statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: `/api/public/invoices/${token}/pay`,
        headers: { 'idempotency-key': randomUUID() },
      });
      await app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` });
      await app.inject({ method: 'GET', url: `/pay/${token}` });

      const requests = log.split('\n').filter((line) => line.includes('"incoming request"'));
      expect(requests.filter((line) => line.includes('/api/public/invoices/[redacted]'))).toHaveLength(3);
      expect(requests.some((line) => line.includes('"url":"/pay/[redacted]"'))).toBe(true);
      expect(log).not.toContain(token);
      expect(log).not.toContain(ada.cookie.split('=')[1]!);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
