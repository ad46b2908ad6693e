import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../../config/env';
import { HttpRatesProvider } from './http-rates-provider';
import type { RatesProvider } from './rates.provider';
import { SimulatedMarket } from './simulated-market';

/** The rates source the configuration asks for. The simulated market always exists: it is the fallback. */
export function createRatesProvider(
  config: Config,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): RatesProvider {
  const market = new SimulatedMarket({
    seed: config.RATES_SEED,
    tickMs: config.RATES_TICK_MS,
    epochMs: Date.parse(config.RATES_EPOCH),
  });
  if (config.RATES_PROVIDER === 'simulated') return market;
  if (!config.RATES_URL) throw new ConfigError(['RATES_URL: required when RATES_PROVIDER=http']);
  return new HttpRatesProvider({
    url: config.RATES_URL,
    refreshMs: config.RATES_REFRESH_MS,
    fallback: market,
    ...(log && { log }),
  });
}
