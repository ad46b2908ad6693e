import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createLoginThrottle } from './login-throttle';
import { verifyPassword } from './password';

/** The one answer to a wrong password given by a signed-in session, naming the field that carried it. */
export const incorrectPassword = (field: string) =>
  new AppError('VALIDATION_FAILED', `${field}: Incorrect password`, { [field]: 'Incorrect password' });

/**
 * Checks the password a signed-in session gives again before something a thief would want (a new password
 * or email, two-factor on or off, sign-in alerts off, every other session ended, a card's number). Each
 * check is counted against the account before the password is looked at, as a sign-in is (login-throttle.ts,
 * key `password-check:<user>`): past LOGIN_ATTEMPTS_PER_ACCOUNT wrong ones each try waits (429 with
 * Retry-After, even for the right password), so a stolen session cannot become a guessing machine. The count
 * is in the database, so every process agrees; a right password takes back only its own attempt.
 */
export function createPasswordCheck(deps: { db: Kysely<Database>; config: Config; now?: () => Date }) {
  const throttle = createLoginThrottle({ ...deps, now: deps.now ?? (() => new Date()) });
  return async function checkPassword(
    user: { id: string; password_hash: string },
    password: string,
    field = 'password',
  ): Promise<void> {
    // A password not given is asked for, and not counted as a wrong guess against the account.
    if (password === '')
      throw new AppError('VALIDATION_FAILED', 'Enter your password', { [field]: 'Enter your password' });
    const keys = throttle.passwordCheckKeys(user.id);
    await throttle.admit(keys);
    if (!(await verifyPassword(user.password_hash, password))) throw incorrectPassword(field);
    await throttle.succeeded(keys);
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;
