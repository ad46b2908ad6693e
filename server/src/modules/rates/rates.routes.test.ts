import { expect, it } from 'vitest';
import { exchangeRatesSchema, rateHistorySchema, ratePairListSchema, rateQuoteSchema } from '@contract/rates';
import { request, signUp, type Session } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';

// An hour between ticks: the market stays at its opening prices while these tests run.
describeEachDatabase(
  'exchange rates API',
  (ctx) => {
    let session: Session;
    const get = (url: string) => request(ctx.app, session, 'GET', url);

    it('needs a session', async () => {
      session = await signUp(ctx.app);
      for (const url of [
        '/api/exchange-rates',
        '/api/exchange-rates?from=USD&to=EUR',
        '/api/exchange-rates/all',
      ]) {
        const response = await request(ctx.app, null, 'GET', url);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('gives the overview: a crypto map and USD to every other fiat', async () => {
      const response = await get('/api/exchange-rates');
      expect(response.statusCode).toBe(200);
      const body = exchangeRatesSchema.parse(response.json());
      expect(body.crypto).toEqual({ BTC_USD: '28345.67', ETH_USD: '1800' });
      expect(body.USD_EUR).toBe('0.923275782476');
      expect(Object.keys(body).sort()).toEqual(
        ['USD_AUD', 'USD_CAD', 'USD_CHF', 'USD_EUR', 'USD_GBP', 'USD_JPY', 'crypto', 'timestamp'].sort(),
      );
    });

    it('gives a single rate with its 24 h change', async () => {
      const response = await get('/api/exchange-rates?from=BTC&to=USD');
      expect(response.statusCode).toBe(200);
      const quote = rateQuoteSchema.parse(response.json());
      expect(quote.rate).toBe('28345.67');
      expect(Object.keys(response.json()).sort()).toEqual(['change24h', 'rate', 'timestamp']);
    });

    it('gives the last 24 hours hourly for a sparkline, ending at the current rate', async () => {
      const response = await get('/api/exchange-rates/history?from=BTC&to=USD');
      expect(response.statusCode).toBe(200);
      const { points } = rateHistorySchema.parse(response.json());
      expect(points).toHaveLength(25);
      expect(points.at(-1)!.rate).toBe('28345.67');
      const span = Date.parse(points.at(-1)!.at) - Date.parse(points[0]!.at);
      expect(span).toBe(24 * 3_600_000);
      expect((await get('/api/exchange-rates/history?from=BTC')).statusCode).toBe(400);
    });

    it('quotes a currency against itself as 1', async () => {
      const response = await get('/api/exchange-rates?from=EUR&to=EUR');
      expect(response.json()).toMatchObject({ rate: '1', change24h: '0.00' });
    });

    it('lists the pairs, the converter’s eight first', async () => {
      const response = await get('/api/exchange-rates/all');
      expect(response.statusCode).toBe(200);
      const pairs = ratePairListSchema.parse(response.json());
      expect(pairs.length).toBeGreaterThanOrEqual(8);
      expect(pairs.slice(0, 8).map((pair) => `${pair.from}_${pair.to}`)).toEqual([
        'USD_EUR',
        'USD_GBP',
        'EUR_USD',
        'GBP_USD',
        'BTC_USD',
        'ETH_USD',
        'USD_JPY',
        'USD_CAD',
      ]);
    });

    it.each([
      ['an unknown currency', '?from=XYZ&to=USD', 'from'],
      ['a lowercase code', '?from=USD&to=eur', 'to'],
      ['only from', '?from=USD', 'to'],
      ['only to', '?to=USD', 'from'],
    ])('refuses %s with a 400', async (_case, query, field) => {
      const response = await get(`/api/exchange-rates${query}`);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields)).toEqual([field]);
    });
  },
  { RATES_TICK_MS: 3_600_000 },
);
