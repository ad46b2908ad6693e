import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';
import type { UserRow } from '../../db/schema';
import { invalidFields } from '../../lib/errors';

/**
 * zxcvbn's 0–4 scale; 3 is "safely unguessable: moderate protection from an offline slow-hash attack" (about
 * 10^8 guesses and up), which argon2id hashes make the relevant attack. `123456789012`, `passwordpassword` and
 * twelve spaces score 0–1; a passphrase of three ordinary words scores 4.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimator runs on the event loop, so its worst case is bounded: only the first 64 characters are judged
 * (64 characters that pass are strong whatever follows), and the l33t matcher tries at most 4 substitutions.
 * With the defaults (256, 100) a 128-character string of symbols took 2.4 s; with these, the worst of ~300
 * hostile 128-character strings took about 0.25 s and a typical password 5–20 ms. Every route that calls it is
 * rate limited per client.
 */
const CHECKED_LENGTH = 64;
const L33T_SUBSTITUTIONS = 4;

// Built on first use (~150 ms to load the dictionaries), not at start-up: most processes never see a new password.
let estimator: ZxcvbnFactory | undefined;
const estimate = (password: string, userInputs: string[]) => {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonWords, ...englishWords },
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return estimator.check(password, userInputs);
};

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
export function weakPasswordReason(password: string, owner: PasswordOwner): string | null {
  const { score, feedback } = estimate(password, userInputsOf(owner));
  if (score >= MIN_PASSWORD_SCORE) return null;
  const advice = feedback.suggestions[0] ?? 'Add another word or two that are less common.';
  return ['This password is too easy to guess.', feedback.warning, advice].filter(Boolean).join(' ');
}

/**
 * The one rule for every new password (sign-up, reset, change), on top of the contract's length limits. The
 * reason goes back in `fields` under the form's own field name, so the web app shows it under that input.
 */
export function assertStrongPassword(password: string, owner: PasswordOwner, field: string): void {
  const reason = weakPasswordReason(password, owner);
  if (reason) throw invalidFields({ [field]: reason });
}
