import type { Config } from '../../config/env';
import type { App } from '../../http';
import { ratesCheck } from '../system/integrations';
import { createRatesProvider } from './create-rates-provider';
import type { RatesProvider } from './rates.provider';
import { ratesRoutes } from './rates.routes';

declare module 'fastify' {
  interface FastifyInstance {
    rates: RatesProvider;
  }
}

/** Exchange rates: the configured provider, started before the first request asks it. */
export async function ratesModule(app: App, config: Config) {
  const rates = createRatesProvider(config, app.log);
  app.decorate('rates', rates);
  app.addHook('onClose', async () => rates.stop());
  await rates.start();

  await app.register(ratesRoutes, { prefix: '/api/exchange-rates', rates });
  return { rates, checks: [ratesCheck(rates)] };
}
