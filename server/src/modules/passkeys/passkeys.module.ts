import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Job } from '../../jobs/scheduler';
import type { AuthService } from '../auth/auth.service';
import type { PasswordCheck } from '../auth/password-check';
import { deletePasskeysOf } from './passkeys.repository';
import { passkeyRoutes } from './passkeys.routes';
import { createPasskeysService } from './passkeys.service';

const HOUR = 3_600_000;

/**
 * Passkeys: added in the profile, and a sign-in with no password that counts as both factors. A password reset
 * removes them all: it is how an owner takes an account back, and a passkey added by whoever had it would
 * otherwise still open it without the new password.
 */
export async function passkeysModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; auth: AuthService; checkPassword: PasswordCheck },
) {
  const passkeys = createPasskeysService(deps);
  deps.auth.onPasswordReplaced(async (trx, userId) => {
    await deletePasskeysOf(trx, userId);
  });
  await app.register(passkeyRoutes, { prefix: '/api/auth/passkeys', passkeys, config: deps.config });
  const jobs: Job[] = [
    { name: 'prune-webauthn-challenges', everyMs: HOUR, run: () => passkeys.pruneChallenges() },
  ];
  return { jobs };
}
