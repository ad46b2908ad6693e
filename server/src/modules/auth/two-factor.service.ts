import type { Kysely } from 'kysely';
import type { DisableTwoFactorBody, EnableTwoFactorBody } from '@contract/two-factor';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { Notice } from '../notifications/notifier';
import { createLoginThrottle } from './login-throttle';
import type { PasswordCheck } from './password-check';
import { answerChallenge, signInWithCode, startChallenge } from './two-factor-challenge';
import { isEnabled, type TwoFactorContext } from './two-factor-codes';
import { disable, enable, setup, status } from './two-factor-enrolment';
import * as repo from './two-factor.repository';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/**
 * TOTP two-factor: turning it on and off (two-factor-enrolment.ts), the code a sign-in answers
 * (two-factor-challenge.ts), and how a code is judged, spent and counted (two-factor-codes.ts).
 */
export function createTwoFactorService(deps: {
  db: Kysely<Database>;
  config: Config;
  box: SecretBox;
  /** The signed-in session's password, asked again to turn two-factor on or off (password-check.ts). */
  checkPassword: PasswordCheck;
  /** Raises a notification in the caller's transaction (the notifier's `raise`). */
  notify: (trx: Kysely<Database>, userId: string, notice: Notice) => Promise<void>;
  now?: () => Date;
}) {
  const { db, box, notify, checkPassword } = deps;
  const now = deps.now ?? (() => new Date());
  const ctx: TwoFactorContext = {
    db,
    box,
    notify,
    checkPassword,
    now,
    throttle: createLoginThrottle({ db, config: deps.config, now }),
  };

  return {
    status: (userId: string) => status(ctx, userId),
    /** `from`: the caller's transaction, when it has one open (SQLite has one connection). */
    isEnabled: (userId: string, from?: Kysely<Database>) => isEnabled(ctx, userId, from),
    setup: (userId: string) => setup(ctx, userId),
    enable: (userId: string, body: EnableTwoFactorBody) => enable(ctx, userId, body),
    disable: (userId: string, body: DisableTwoFactorBody) => disable(ctx, userId, body),

    startChallenge: (userId: string) => startChallenge(ctx, userId),
    answerChallenge: <T>(
      challengeToken: string,
      code: string,
      deviceToken: string | undefined,
      signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
    ) => answerChallenge(ctx, challengeToken, code, deviceToken, signIn),
    signInWithCode: <T>(
      userId: string,
      code: string,
      deviceToken: string | undefined,
      signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
    ) => signInWithCode(ctx, userId, code, deviceToken, signIn),

    /** Forgets expired challenges (the hourly job). */
    pruneChallenges: () => repo.pruneChallenges(db, now().toISOString()),
  };
}
