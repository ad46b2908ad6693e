import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { RateSource } from '../fx/rate-source';
import type { Notifier } from '../notifications/notifier';
import { walletRoutes } from './wallets.routes';
import { createWalletsService, openDefaultWallets } from './wallets.service';

/** Wallets: a new user gets the default ones in the transaction that creates the account. */
export async function walletsModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; rates: RateSource; notifier: Notifier; auth: AuthService },
) {
  const { db, config, rates, notifier, auth } = deps;
  const wallets = createWalletsService({ db, config, rates, notifier });
  auth.onUserCreated((trx, user) => openDefaultWallets(trx, user.id));
  await app.register(walletRoutes, { prefix: '/api/wallets', wallets });
}
