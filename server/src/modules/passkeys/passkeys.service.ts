import type { Kysely } from 'kysely';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  MAX_PASSKEYS,
  type Passkey,
  type PasskeyRegistrationBody,
  type PasskeySignInBody,
  type WebAuthnOptions,
} from '@contract/passkeys';
import type { Config } from '../../config/env';
import type { Database, WebAuthnChallengesTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { ClientInfo, SignedIn } from '../auth/auth-context';
import type { AuthService } from '../auth/auth.service';
import { createLoginThrottle } from '../auth/login-throttle';
import type { PasswordCheck } from '../auth/password-check';
import { findUser } from '../user/users';
import { toPasskey } from './passkeys.mapper';
import * as repo from './passkeys.repository';
import { relyingPartyOf } from './relying-party';

/** Long enough to find a phone and touch it; a challenge past it is refused. */
const CHALLENGE_MINUTES = 5;

const passkeyNotFound = () => notFound('Passkey');
const registrationExpired = () =>
  new AppError('BUSINESS_RULE', 'Adding this passkey took too long or was already done. Please try again.');
const signInExpired = () =>
  new AppError('SIGN_IN_EXPIRED', 'This passkey sign-in has expired. Please try again.');
const notVerified = () =>
  new AppError('INVALID_CREDENTIALS', 'This passkey could not be verified. Please try again.');

/** SQLite names a primary key's refusal apart from a unique index's. */
const isPrimaryKeyViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

/** The challenge the browser signed, read from its clientDataJSON (WebAuthn's library checks the rest). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;

/**
 * Passkeys: WebAuthn credentials that sign in without a password, user verification required (the device's
 * PIN or biometrics), so one counts as both factors. Challenges live in the database, made by one process
 * and spent (deleted) by whichever answers the verify.
 */
export function createPasskeysService(deps: {
  db: Kysely<Database>;
  config: Config;
  auth: AuthService;
  checkPassword: PasswordCheck;
  now?: () => Date;
}) {
  const { db, config, auth, checkPassword } = deps;
  const now = deps.now ?? (() => new Date());
  const rp = relyingPartyOf(config);
  const throttle = createLoginThrottle({ db, config, now });

  async function newChallenge(
    challenge: string,
    purpose: WebAuthnChallengesTable['purpose'],
    userId: string | null,
  ) {
    const created = now();
    await repo.insertChallenge(db, {
      challenge,
      user_id: userId,
      purpose,
      created_at: created.toISOString(),
      expires_at: new Date(created.getTime() + CHALLENGE_MINUTES * 60_000).toISOString(),
    });
  }

  const take = (clientDataJSON: string, purpose: WebAuthnChallengesTable['purpose']) => {
    const challenge = signedChallenge(clientDataJSON);
    if (!challenge) return Promise.resolve({ challenge: '', row: undefined });
    return repo
      .takeChallenge(db, challenge, purpose, now().toISOString())
      .then((row) => ({ challenge, row }));
  };

  return {
    list: async (userId: string): Promise<Passkey[]> => (await repo.listPasskeys(db, userId)).map(toPasskey),

    async registrationOptions(userId: string, password: string): Promise<WebAuthnOptions> {
      const user = await findUser(db, userId);
      if (!user) throw passkeyNotFound();
      if (Number(user.is_demo) === 1) {
        throw new AppError('BUSINESS_RULE', 'A demo account cannot add passkeys. Sign up to use them.');
      }
      await checkPassword(user, password);
      const existing = await repo.listPasskeys(db, userId);
      if (existing.length >= MAX_PASSKEYS) {
        throw new AppError(
          'BUSINESS_RULE',
          `You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
        );
      }
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        // Discoverable: the sign-in names nobody, the authenticator offers the account.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        excludeCredentials: existing.map((row) => ({
          id: row.id,
          transports: row.transports ? row.transports.split(',') : [],
        })),
        timeout: CHALLENGE_MINUTES * 60_000,
      });
      await newChallenge(options.challenge, 'register', userId);
      return { ...options };
    },

    async register(userId: string, body: PasskeyRegistrationBody): Promise<Passkey> {
      const response = body.response as unknown as RegistrationResponseJSON;
      const { challenge, row } = await take(response.response.clientDataJSON, 'register');
      if (!row || row.user_id !== userId) throw registrationExpired();
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) {
        throw new AppError('BUSINESS_RULE', 'This passkey could not be verified. Please try again.');
      }
      const info = verified.registrationInfo;
      const passkey = {
        id: info.credential.id,
        user_id: userId,
        name: String(body.name),
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []).join(','),
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp ? 1 : 0,
        created_at: now().toISOString(),
        last_used_at: null,
      };
      // The credential id is the key: a passkey already added (to this account or another) is refused.
      await repo.insertPasskey(db, passkey).catch((error: unknown) => {
        if (isUniqueViolation(error) || isPrimaryKeyViolation(error)) {
          throw new AppError('CONFLICT', 'This passkey is already registered');
        }
        throw error;
      });
      return toPasskey(passkey);
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      if (!(await repo.renamePasskey(db, userId, id, name))) throw passkeyNotFound();
      return toPasskey((await repo.findPasskey(db, id))!);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deletePasskey(db, userId, id))) throw passkeyNotFound();
    },

    async signInOptions(): Promise<WebAuthnOptions> {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        timeout: CHALLENGE_MINUTES * 60_000,
      });
      await newChallenge(options.challenge, 'sign-in', null);
      return { ...options };
    },

    /**
     * The passkey's assertion for a live sign-in challenge: a session, as a password and a second factor
     * give. Counted against the source as a failed password is until it succeeds (login-throttle.ts).
     */
    async signIn(body: PasskeySignInBody, client: ClientInfo): Promise<SignedIn> {
      const keys = throttle.sourceKeys(client.ip);
      await throttle.admit(keys);
      const response = body.response as unknown as AuthenticationResponseJSON;
      const { challenge, row } = await take(response.response.clientDataJSON, 'sign-in');
      if (!row) throw signInExpired();
      const passkey = await repo.findPasskey(db, response.id);
      if (!passkey) {
        throw new AppError(
          'INVALID_CREDENTIALS',
          'This passkey is not registered with Meridian (it may have been removed). Sign in with your password.',
        );
      }
      const handle = (response.response as { userHandle?: unknown }).userHandle;
      if (
        typeof handle === 'string' &&
        handle !== '' &&
        Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id
      ) {
        throw notVerified();
      }
      const counter = Number(passkey.counter);
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: passkey.id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter,
          transports: passkey.transports ? passkey.transports.split(',') : [],
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw notVerified();
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      const signedIn = await db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        // Another sign-in with this count got here first: a cloned authenticator, or a replay.
        if (!(await repo.recordUse(trx, passkey.id, counter, newCounter, at, credentialBackedUp))) {
          throw notVerified();
        }
        const user = await findUser(trx, passkey.user_id);
        if (!user) throw notVerified();
        return auth.signInVerified(trx, user, client);
      });
      await throttle.succeeded(keys);
      return signedIn;
    },

    pruneChallenges: () => repo.pruneChallenges(db, now().toISOString()),
  };
}
