import type { FastifyInstance } from 'fastify';
import type { Currency } from '@contract/currencies';
import type { RateQuote } from '@contract/rates';
import { AppError } from '../../lib/errors';

/**
 * What money code needs from the rates module: units of `to` for one unit of `from` as a plain decimal string.
 * The rates provider (modules/rates, decorated as `app.rates`) satisfies it; tests pass a fixed source.
 */
export interface RateSource {
  getRate(from: Currency, to: Currency): RateQuote | Promise<RateQuote>;
}

/**
 * The app's rate source (the rates module's provider, `app.rates`), looked up on each call so registration
 * order does not matter. Provider failures become 503s rather than 500s.
 */
export function appRateSource(app: FastifyInstance): RateSource {
  return {
    async getRate(from, to) {
      if (!app.hasDecorator('rates')) throw new AppError('UNAVAILABLE', 'Exchange rates are not configured');
      try {
        return await app.rates.getRate(from, to);
      } catch (error) {
        if (error instanceof AppError) throw error;
        app.log.error({ err: error, from, to }, 'rate lookup failed');
        throw new AppError(
          'UNAVAILABLE',
          'Exchange rates are unavailable right now. Please try again shortly.',
        );
      }
    },
  };
}
