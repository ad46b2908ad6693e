import type { Kysely } from 'kysely';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  MAX_PASSKEYS,
  type Passkey,
  type PasskeyRegistrationBody,
  type WebAuthnOptions,
} from '@contract/passkeys';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../lib/errors';
import type { PasswordCheck } from '../auth/password-check';
import { findUser } from '../user/users';
import { toPasskey } from './passkeys.mapper';
import * as repo from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import { CHALLENGE_MINUTES, type WebAuthnChallenges } from './webauthn-challenges';

export interface RegistrationDeps {
  db: Kysely<Database>;
  rp: RelyingParty;
  challenges: WebAuthnChallenges;
  checkPassword: PasswordCheck;
  now: () => Date;
}

const tooManyPasskeys = () =>
  new AppError('BUSINESS_RULE', `You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);

/** SQLite names a primary key's refusal apart from a unique index's. */
const isPrimaryKeyViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

/**
 * Options for navigator.credentials.create, after the password asked again (a stolen session must not add a
 * way in of its own). Discoverable and user-verifying: the sign-in names nobody, and the device checks who
 * holds it. The user's passkeys are listed so an authenticator does not make a second one.
 */
export async function registrationOptions(
  deps: RegistrationDeps,
  userId: string,
  password: string,
): Promise<WebAuthnOptions> {
  const { db, rp } = deps;
  const user = await findUser(db, userId);
  if (!user) throw notFound('User');
  if (Number(user.is_demo) === 1) {
    throw new AppError('BUSINESS_RULE', 'A demo account cannot add passkeys. Sign up to use them.');
  }
  await deps.checkPassword(user, password);
  const existing = await repo.listPasskeys(db, userId);
  if (existing.length >= MAX_PASSKEYS) throw tooManyPasskeys();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: existing.map((row) => ({
      id: row.id,
      transports: row.transports ? row.transports.split(',') : [],
    })),
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await deps.challenges.issue(options.challenge, 'register', userId);
  return { ...options };
}

/** The authenticator's answer to this user's registration challenge: the passkey, kept under its name. */
export async function register(
  deps: RegistrationDeps,
  userId: string,
  body: PasskeyRegistrationBody,
): Promise<Passkey> {
  const { db, rp } = deps;
  const response = body.response as unknown as RegistrationResponseJSON;
  const taken = await deps.challenges.take(response.response.clientDataJSON, 'register');
  if (!taken || taken.userId !== userId) {
    throw new AppError(
      'BUSINESS_RULE',
      'Adding this passkey took too long or was already done. Please try again.',
    );
  }
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
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
    created_at: deps.now().toISOString(),
    last_used_at: null,
  };
  await db.transaction().execute(async (trx) => {
    // Counted again here: every challenge handed out while there was room would otherwise add one.
    await lockPerUser(trx, 'passkeys', userId);
    if ((await repo.countPasskeys(trx, userId)) >= MAX_PASSKEYS) throw tooManyPasskeys();
    // The credential id is the key: a passkey already added (to this account or another) is refused.
    await repo.insertPasskey(trx, passkey).catch((error: unknown) => {
      if (isUniqueViolation(error) || isPrimaryKeyViolation(error)) {
        throw new AppError('CONFLICT', 'This passkey is already registered');
      }
      throw error;
    });
  });
  return toPasskey(passkey);
}
