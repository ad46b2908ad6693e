import type { Kysely } from 'kysely';
import type { Passkey, PasskeyRegistrationBody, PasskeySignInBody } from '@contract/passkeys';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ClientInfo } from '../auth/auth-context';
import type { AuthService } from '../auth/auth.service';
import { createLoginThrottle } from '../auth/login-throttle';
import type { PasswordCheck } from '../auth/password-check';
import { register, registrationOptions, type RegistrationDeps } from './passkey-registration';
import { signIn, signInOptions, type SignInDeps } from './passkey-sign-in';
import { toPasskey } from './passkeys.mapper';
import * as repo from './passkeys.repository';
import { relyingPartyOf } from './relying-party';
import { createWebAuthnChallenges } from './webauthn-challenges';

export type PasskeysService = ReturnType<typeof createPasskeysService>;

const passkeyNotFound = () => notFound('Passkey');

/**
 * Passkeys: WebAuthn credentials that sign in without a password, user verification required (the device's
 * PIN or biometrics), so one counts as both factors. One file per use case: passkey-registration.ts,
 * passkey-sign-in.ts; their challenges in webauthn-challenges.ts.
 */
export function createPasskeysService(deps: {
  db: Kysely<Database>;
  config: Config;
  auth: AuthService;
  checkPassword: PasswordCheck;
  now?: () => Date;
}) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const rp = relyingPartyOf(config);
  const challenges = createWebAuthnChallenges({ db, now });
  const registration: RegistrationDeps = { db, rp, challenges, checkPassword: deps.checkPassword, now };
  const signing: SignInDeps = {
    db,
    rp,
    challenges,
    auth: deps.auth,
    throttle: createLoginThrottle({ db, config, now }),
    now,
  };

  return {
    list: async (userId: string): Promise<Passkey[]> => (await repo.listPasskeys(db, userId)).map(toPasskey),
    registrationOptions: (userId: string, password: string) =>
      registrationOptions(registration, userId, password),
    register: (userId: string, body: PasskeyRegistrationBody) => register(registration, userId, body),

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      if (!(await repo.renamePasskey(db, userId, id, name))) throw passkeyNotFound();
      return toPasskey((await repo.findPasskey(db, id))!);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deletePasskey(db, userId, id))) throw passkeyNotFound();
    },

    signInOptions: () => signInOptions(signing),
    signIn: (body: PasskeySignInBody, client: ClientInfo) => signIn(signing, body, client),
    pruneChallenges: () => challenges.prune(),
  };
}
