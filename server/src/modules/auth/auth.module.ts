import type { Kysely } from 'kysely';
import { dirname, join } from 'node:path';
import type { Config } from '../../config/env';
import type { PgListener } from '../../db/pg-listener';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Job } from '../../jobs/scheduler';
import { lazySecretBox, loadSecretKey } from '../../lib/secret-box';
import { emailVerificationRoutes } from '../email-verification/email-verification.routes';
import { createEmailVerificationService } from '../email-verification/email-verification.service';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { userRoutes } from '../user/user.routes';
import { createUserService } from '../user/user.service';
import { newSignInNotice, passwordChangedNotice, welcomeNotice } from './auth-notices';
import { authRoutes, type DescribeBooks } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createCredentialGuard } from './credential-guard';
import { createPasswordCheck } from './password-check';
import { securityRoutes } from './security.routes';
import { createSecuritySettingsService } from './security-settings';
import { SessionCache } from './session-cache';
import { twoFactorRoutes } from './two-factor.routes';
import { createTwoFactorService } from './two-factor.service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

const HOUR = 3_600_000;

/**
 * Accounts: sign-up and sign-in, sessions, two-factor, security settings, the profile and its email
 * verification. One module, as they are bound together: each checks the password the same way, the profile
 * changes its address through verification, and a new account is sent its first link. Other modules hook into
 * `auth` (a user created, removed or seeded as a demo; a password changed; sessions ended).
 */
export async function authModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    config: Config;
    mailer: Mailer;
    notifier: Notifier;
    listener?: PgListener;
    /** Whose books a session has open, for /session and /me (the accountants module answers). */
    describeBooks?: DescribeBooks;
  },
) {
  const { db, config, mailer, notifier, listener } = deps;
  const describeBooks = deps.describeBooks ?? (async () => null);
  // Two-factor secrets are sealed with the configured key, else a key file beside the SQLite file, made the
  // first time a secret is sealed or opened.
  const twoFactorBox = lazySecretBox(() =>
    loadSecretKey({
      hexKey: config.TWO_FACTOR_ENCRYPTION_KEY,
      keyFile: join(dirname(config.SQLITE_PATH), 'two-factor.key'),
    }),
  );
  // A signed-in session's password, asked again, is counted per account wherever it is checked.
  const checkPassword = createPasswordCheck({ db, config });
  const twoFactor = createTwoFactorService({
    db,
    config,
    checkPassword,
    box: twoFactorBox,
    notify: (trx, userId, notice) => notifier.raise(trx, userId, notice),
  });
  const securitySettings = createSecuritySettingsService({ db, checkPassword });
  // API keys, webhook endpoints and accountant invites are made through it: the password again, and word to the owner.
  const credentials = createCredentialGuard({ db, checkPassword, mailer, notifier });
  const sessions =
    listener && config.SESSION_CACHE_SECONDS > 0
      ? new SessionCache(listener, { maxAgeMs: config.SESSION_CACHE_SECONDS * 1000, maxEntries: 10_000 })
      : undefined;
  const auth = createAuthService({ db, config, twoFactor, sessions, checkPassword, mailer });
  app.decorate('auth', auth);
  const verification = createEmailVerificationService({ db, mailer, notifier, config, checkPassword });
  const users = createUserService({ db, verification });

  auth.onUserCreated((trx, user) => verification.welcome(trx, user));
  auth.onUserCreated((trx, user) => notifier.raise(trx, user.id, welcomeNotice));
  // The "Sign-in alerts" toggle (security settings) decides whether a new browser raises the alert.
  auth.onNewDeviceSignIn(async (trx, user, client) => {
    if (await securitySettings.loginAlertsOn(trx, user.id)) {
      await notifier.raise(trx, user.id, newSignInNotice(client));
    }
  });
  auth.onPasswordChanged((trx, user) => notifier.raise(trx, user.id, passwordChangedNotice));

  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    users,
    config,
    afterCommit: mailer.kick,
    describeBooks,
  });
  await app.register(emailVerificationRoutes, {
    prefix: '/api/auth',
    verification,
    linksPerMinute: config.VERIFY_LINKS_PER_MINUTE,
  });
  await app.register(userRoutes, { prefix: '/api/user', users });
  await app.register(securityRoutes, { prefix: '/api/user', auth, settings: securitySettings });
  await app.register(twoFactorRoutes, { prefix: '/api/user/2fa', twoFactor });

  const jobs: Job[] = [
    { name: 'remove-idle-demo-users', everyMs: HOUR, run: () => auth.removeIdleDemoUsers() },
    { name: 'prune-login-throttle', everyMs: HOUR, run: () => auth.pruneLoginThrottle() },
    { name: 'prune-login-challenges', everyMs: HOUR, run: () => twoFactor.pruneChallenges() },
  ];
  return { auth, verification, checkPassword, credentials, jobs };
}
