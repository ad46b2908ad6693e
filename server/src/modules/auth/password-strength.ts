import type { UserRow } from '../../db/schema';
import { AppError, invalidFields } from '../../lib/errors';
import { createPasswordEstimator } from './password-estimator';

/**
 * zxcvbn's 0–4 scale; 3 is "safely unguessable: moderate protection from an offline slow-hash attack" (about
 * 10^8 guesses and up), which argon2id hashes make the relevant attack. `123456789012`, `passwordpassword` and
 * twelve spaces score 0–1; a passphrase of three ordinary words scores 4.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimator runs on a thread of its own (password-estimator.ts), so a hostile password holds no other
 * request; its worst case is still bounded, as every new password in the process waits behind it: only the first
 * 64 characters are judged (64 characters that pass are strong whatever follows), and the l33t matcher tries at
 * most 4 substitutions (zxcvbn's defaults, 256 and 100, let a 128-character string of symbols run for seconds).
 * The timeout is far beyond any estimate seen: it is for a thread that is stuck. Every route that asks for a new
 * password is rate limited per client.
 */
const estimator = createPasswordEstimator({ maxLength: 64, l33tMaxSubstitutions: 4, timeoutMs: 5_000 });

/** Who the password is for: a password made of one's own email or name is among the first an attacker tries. */
export interface PasswordOwner {
  email: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

export const ownerOf = (user: UserRow): PasswordOwner => ({
  email: user.email,
  firstName: user.first_name,
  lastName: user.last_name,
});

function userInputsOf(owner: PasswordOwner): string[] {
  const [local = ''] = owner.email.split('@');
  const words = [owner.email, local, ...local.split(/[._+-]+/), owner.firstName ?? '', owner.lastName ?? ''];
  return [
    ...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3)),
    'meridian',
  ];
}

/** Why the password is too easy to guess (the estimator's own warning and advice), or null when it will do. */
export async function weakPasswordReason(password: string, owner: PasswordOwner): Promise<string | null> {
  let estimate;
  try {
    estimate = await estimator.estimate(password, userInputsOf(owner));
  } catch (error) {
    // The thread failed or took too long (the next estimate starts a fresh one): a 503, logged with the cause.
    const unavailable = new AppError(
      'UNAVAILABLE',
      'The password could not be checked just now. Please try again.',
    );
    throw Object.assign(unavailable, { cause: error });
  }
  const { score, warning, suggestions } = estimate;
  if (score >= MIN_PASSWORD_SCORE) return null;
  const advice = suggestions[0] ?? 'Add another word or two that are less common.';
  return ['This password is too easy to guess.', warning, advice].filter(Boolean).join(' ');
}

/**
 * The one rule for every new password (sign-up, reset, change), on top of the contract's length limits. The
 * reason goes back in `fields` under the form's own field name, so the web app shows it under that input.
 */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner,
  field: string,
): Promise<void> {
  const reason = await weakPasswordReason(password, owner);
  if (reason) throw invalidFields({ [field]: reason });
}
