import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('uses safe defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SQLITE_PATH: './data/meridian.db',
      SESSION_IDLE_TIMEOUT_MINUTES: 30,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every problem at once in a readable error', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://localhost/db', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL must start with postgres/);
      expect(message).toMatch(/LOG_LEVEL/);
    }
  });

  it('refuses real money without a mail server: nobody could verify an address', () => {
    expect(() => loadConfig({ SANDBOX: 'false' })).toThrow(/SMTP_URL: required when SANDBOX=false/);
    expect(loadConfig({ SANDBOX: 'false', SMTP_URL: 'smtp://127.0.0.1:2525' })).toMatchObject({
      SANDBOX: false,
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must start with smtp/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://bank.example.com/app' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses a USD setting past the USD ceiling, readably, instead of failing at start-up', () => {
    expect(() => loadConfig({ VERIFIED_MONTHLY_LIMIT_USD: '5000000000.01' })).toThrow(
      /VERIFIED_MONTHLY_LIMIT_USD can be at most 5,000,000,000.00 USD/,
    );
    expect(loadConfig({ SANDBOX_MAX_DEPOSIT_USD: '5000000000' }).SANDBOX_MAX_DEPOSIT_USD).toBe('5000000000');
  });

  it('refuses several app processes on SQLite (one writer)', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: more than one app process needs PostgreSQL/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://localhost/db' }).WORKERS).toBe(2);
  });

  it('keeps bodies small and late requests short by default', () => {
    expect(loadConfig({})).toMatchObject({ BODY_LIMIT_BYTES: 16_384, REQUEST_TIMEOUT_SECONDS: 60 });
  });

  it('trusts a proxy only by its addresses: true or a hop count is refused with what to write instead', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
    for (const value of ['true', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .*list your proxies' addresses instead, e\.g\. TRUST_PROXY=10\.0\.0\.5/,
      );
    }
    for (const value of ['proxy.example', '10.0.0.0/33', '10.0.0.300', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must be false or the proxies/,
      );
    }
  });
});
