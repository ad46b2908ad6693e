import type { Kysely } from 'kysely';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeySignInBody, WebAuthnOptions } from '@contract/passkeys';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ClientInfo, SignedIn } from '../auth/auth-context';
import type { AuthService } from '../auth/auth.service';
import type { LoginThrottle } from '../auth/login-throttle';
import { findUser } from '../user/users';
import * as repo from './passkeys.repository';
import type { RelyingParty } from './relying-party';
import { CHALLENGE_MINUTES, type WebAuthnChallenges } from './webauthn-challenges';

export interface SignInDeps {
  db: Kysely<Database>;
  rp: RelyingParty;
  challenges: WebAuthnChallenges;
  auth: AuthService;
  throttle: LoginThrottle;
  now: () => Date;
}

const notVerified = () =>
  new AppError('INVALID_CREDENTIALS', 'This passkey could not be verified. Please try again.');

/** Options for navigator.credentials.get: no account named, the authenticator offers its passkeys. */
export async function signInOptions(deps: SignInDeps): Promise<WebAuthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await deps.challenges.issue(options.challenge, 'sign-in', null);
  return { ...options };
}

/**
 * A passkey's assertion for a live sign-in challenge: a session, as a password and a second factor give
 * (the device verified its user). Counted against the address as a failed password is, until it succeeds
 * (login-throttle.ts). The signature count must rise when the authenticator keeps one: a count that does not
 * is a cloned authenticator or a replay.
 */
export async function signIn(
  deps: SignInDeps,
  body: PasskeySignInBody,
  client: ClientInfo,
): Promise<SignedIn> {
  const { db, rp, throttle } = deps;
  const keys = throttle.sourceKeys(client.ip);
  await throttle.admit(keys);
  const response = body.response as unknown as AuthenticationResponseJSON;
  const taken = await deps.challenges.take(response.response.clientDataJSON, 'sign-in');
  if (!taken) throw new AppError('SIGN_IN_EXPIRED', 'This passkey sign-in has expired. Please try again.');
  const passkey = await repo.findPasskey(db, response.id);
  if (!passkey) {
    throw new AppError(
      'INVALID_CREDENTIALS',
      'This passkey is not registered with Meridian (it may have been removed). Sign in with your password.',
    );
  }
  // The account the authenticator says the passkey is for must be the one it was added to.
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) throw notVerified();
  const counter = Number(passkey.counter);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
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
    const at = deps.now().toISOString();
    // Another sign-in with this count got here first.
    if (!(await repo.recordUse(trx, passkey.id, counter, newCounter, at, credentialBackedUp))) {
      throw notVerified();
    }
    const user = await findUser(trx, passkey.user_id);
    if (!user) throw notVerified();
    return deps.auth.signInVerified(trx, user, client);
  });
  await throttle.succeeded(keys);
  return signedIn;
}
