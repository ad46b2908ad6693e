import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { passwordResetRoutes } from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';

/** "Forgot your password": a link by mail that sets a new one. */
export async function passwordResetModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; mailer: Mailer; notifier: Notifier; auth: AuthService },
) {
  const { db, config, mailer, notifier, auth } = deps;
  const resets = createPasswordResetService({ db, mailer, notifier, auth, log: app.log });
  // Links still in a mailbox die with the password they were for; a stop waits for links being written.
  auth.onPasswordChanged((trx, user) => resets.retireLinksOf(trx, user.id));
  app.addHook('onClose', () => resets.idle());

  await app.register(passwordResetRoutes, {
    prefix: '/api/auth',
    resets,
    perMinute: config.PASSWORD_RESETS_PER_MINUTE,
  });
}
