import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env';
import { testConfig } from '../../test/config';
import { createRatesProvider } from './create-rates-provider';
import { HttpRatesProvider } from './http-rates-provider';
import { SimulatedMarket } from './simulated-market';

const REFRESH_MS = 60_000;
const goodFeed = {
  base: 'USD',
  rates: {
    EUR: 0.9,
    GBP: 0.8,
    JPY: 150,
    CAD: 1.35,
    AUD: 1.5,
    CHF: 0.88,
    BTC: 0.00002,
    ETH: 0.0005,
    XAU: 0.0004,
  },
};
const fiatOnlyFeed = { rates: { EUR: 0.9, GBP: 0.8, JPY: 150, CAD: 1.35, AUD: 1.5, CHF: 0.88 } };

/** A feed on 127.0.0.1 whose next answer each test chooses. */
let answer: (response: ServerResponse) => void;
let server: Server;
let feedUrl: string;
let closedUrl: string;
const json =
  (body: unknown, status = 200) =>
  (response: ServerResponse) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer((_request, response) => answer(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The API key in the query must never show up in status text.
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest.json?app_id=secret-key`;
  // A port that was just free and is closed again: connecting is refused at once.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/latest.json`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const clock = { now: 0 };
beforeEach(() => {
  clock.now = Date.parse('2024-03-01T12:00:00Z');
  answer = json(goodFeed);
});

function providerFor(url: string) {
  const fallback = new SimulatedMarket({ seed: 7, tickMs: 5_000, now: () => clock.now });
  return new HttpRatesProvider({ url, refreshMs: REFRESH_MS, fallback, now: () => clock.now });
}

describe('HttpRatesProvider', () => {
  it('serves the feed’s rates, inverted to USD prices and crossed consistently', async () => {
    const provider = providerFor(feedUrl);
    await provider.refresh();
    expect(provider.getRate('USD', 'EUR')).toEqual({
      rate: '0.9',
      change24h: '0.00',
      timestamp: new Date(clock.now).toISOString(),
    });
    expect(provider.getRate('EUR', 'USD').rate).toBe('1.11111111111');
    expect(provider.getRate('EUR', 'GBP').rate).toBe('0.888888888889');
    expect(provider.getRate('BTC', 'USD').rate).toBe('50000');
    const status = provider.status();
    expect(status).toMatchObject({ mode: 'live', healthy: true, detail: 'Live rates' });
    expect(status.name).toBe(`HTTP rates feed (${new URL(feedUrl).origin})`);
    expect(JSON.stringify(status)).not.toContain('secret-key');
  });

  it('measures change24h against the feed a day earlier', async () => {
    const provider = providerFor(feedUrl);
    await provider.refresh();
    clock.now += 24 * 3_600_000;
    answer = json({ rates: { ...goodFeed.rates, EUR: 0.8 } });
    await provider.refresh();
    expect(provider.getRate('USD', 'EUR')).toMatchObject({ rate: '0.8', change24h: '-11.11' });
  });

  it('prices currencies the feed lacks from the simulated market, and says so', async () => {
    answer = json(fiatOnlyFeed);
    const provider = providerFor(feedUrl);
    await provider.refresh();
    expect(provider.getRate('BTC', 'USD').rate).toBe('28345.67');
    expect(provider.getRate('USD', 'GBP').rate).toBe('0.8');
    expect(provider.status()).toMatchObject({
      mode: 'live',
      healthy: true,
      detail: 'Live rates; BTC, ETH from the simulated market',
    });
  });

  it('falls back to the simulated market when the feed is unreachable', async () => {
    const provider = providerFor(closedUrl);
    await provider.refresh();
    expect(provider.getRate('BTC', 'USD').rate).toBe('28345.67');
    expect(provider.status()).toMatchObject({
      mode: 'fallback',
      healthy: false,
      detail: 'Feed unusable: unreachable (ECONNREFUSED); serving the simulated market',
    });
  });

  it.each([
    ['not JSON', (response: ServerResponse) => response.end('<html>oops</html>'), 'response is not JSON'],
    ['an error status', json({ error: 'down' }, 503), 'HTTP 503'],
    ['no rates object', json({ EUR: 0.9 }), 'no "rates" object in the response'],
    [
      'a bad number',
      json({ rates: { ...goodFeed.rates, GBP: 'abc' } }),
      'rate for GBP is not a positive number',
    ],
    ['a zero rate', json({ rates: { ...goodFeed.rates, JPY: 0 } }), 'rate for JPY is not a positive number'],
    ['another base', json({ base: 'EUR', rates: goodFeed.rates }), 'rates are based on EUR, expected USD'],
    ['no supported currency', json({ rates: { XAU: 0.0004 } }), 'no supported currency in "rates"'],
  ])('falls back when the feed sends %s', async (_case, reply, reason) => {
    answer = reply;
    const provider = providerFor(feedUrl);
    await provider.refresh();
    expect(provider.getRate('EUR', 'USD').rate).toBe('1.0831');
    expect(provider.status()).toMatchObject({
      mode: 'fallback',
      healthy: false,
      detail: `Feed unusable: ${reason}; serving the simulated market`,
    });
  });

  it('keeps the last good rates through a short outage, then falls back', async () => {
    const provider = providerFor(feedUrl);
    await provider.refresh();
    const fetchedAt = new Date(clock.now).toISOString();
    answer = json({}, 500);
    clock.now += REFRESH_MS;
    await provider.refresh();
    expect(provider.getRate('USD', 'EUR').rate).toBe('0.9');
    expect(provider.status()).toMatchObject({
      mode: 'live',
      healthy: false,
      detail: `Last refresh failed: HTTP 500; serving the rates fetched at ${fetchedAt}`,
    });

    clock.now += 2 * REFRESH_MS + 1;
    expect(provider.getRate('USD', 'EUR').rate).toBe('0.923275782476');
    expect(provider.status()).toMatchObject({ mode: 'fallback', healthy: false });

    answer = json(goodFeed);
    await provider.refresh();
    expect(provider.status()).toMatchObject({ mode: 'live', healthy: true });
  });

  it('loads the first rates on start and stops cleanly', async () => {
    const provider = providerFor(feedUrl);
    await provider.start();
    expect(provider.status().mode).toBe('live');
    provider.stop();
  });
});

describe('createRatesProvider', () => {
  it('builds the simulated market by default', () => {
    expect(createRatesProvider(testConfig()).status().mode).toBe('simulated');
  });

  it('builds the HTTP provider when configured', () => {
    const provider = createRatesProvider(testConfig({ RATES_PROVIDER: 'http', RATES_URL: feedUrl }));
    expect(provider).toBeInstanceOf(HttpRatesProvider);
  });

  it('refuses the HTTP provider without a URL', () => {
    expect(() => createRatesProvider(testConfig({ RATES_PROVIDER: 'http' }))).toThrow(ConfigError);
  });
});
