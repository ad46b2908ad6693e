import type { Kysely, Transaction } from 'kysely';
import type { RevokedCredentials } from '@contract/security';
import type { Config } from '../../config/env';
import type { Database, UserRow } from '../../db/schema';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';
import { createPasswordCheck, type PasswordCheck } from './password-check';
import type { SessionCache } from './session-cache';
import type { SignInLinkMailer } from './sign-in-link';
import type { TwoFactorService } from './two-factor.service';

/** Runs inside the transaction that creates a user (e.g. opening default wallets). */
export type UserCreatedHook = (trx: Kysely<Database>, user: UserRow) => Promise<void>;
/** Runs after a demo user is created, to give it believable data. */
export type DemoSeedHook = (db: Kysely<Database>, user: UserRow) => Promise<void>;
/**
 * Runs inside the transaction that deletes a user, before the row goes: modules release what they hold
 * (the ledger's accounts reference users without cascade, so a user with money is never deleted by accident).
 */
export type UserRemovingHook = (trx: Transaction<Database>, userId: string) => Promise<void>;
/** Runs inside the transaction that changes a user's password (and ends their other sessions). */
export type PasswordChangedHook = (trx: Kysely<Database>, user: UserRow) => Promise<void>;
/**
 * Runs inside the transaction that sets a password through a reset link, which ends every session: modules
 * end the other standing ways in (passkeys), so after a reset only the new password opens the account.
 */
export type PasswordReplacedHook = (trx: Kysely<Database>, userId: string) => Promise<void>;
/**
 * Runs inside the transaction that takes the account back from whoever else may hold a way in: a password reset
 * (after the passwordReplaced hooks), or "sign out everywhere" with `revokeStandingCredentials`. Each module
 * ends what it keeps that works without a session (API keys, webhook secrets, accountant grants) and says
 * how many of them ended.
 */
export type StandingCredentialsHook = (
  trx: Kysely<Database>,
  userId: string,
  at: string,
) => Promise<Partial<RevokedCredentials>>;
/**
 * Runs after sessions ended in this process (committed): one session, or every session of a user but `keep`.
 * Other processes hear of it from PostgreSQL (migration 0020).
 */
export type SessionsEndedHook = (ended: { sessionId: string } | { userId: string; keep?: string }) => void;
/** Runs inside the transaction of a sign-in from a browser the account has not seen before. */
export type NewDeviceSignInHook = (trx: Kysely<Database>, user: UserRow, client: ClientInfo) => Promise<void>;

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The device cookie this browser carries, if any (see login-throttle.ts). */
  deviceToken?: string | undefined;
}

export interface SignedIn {
  user: UserRow;
  token: string;
  expiresAt: Date;
  /** A new device cookie to set: this browser has now signed in to the account. */
  newDeviceToken?: string;
}

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  now?: () => Date;
  /** Accounts with two-factor on answer a challenge before their session starts. */
  twoFactor?: TwoFactorService;
  /** PostgreSQL: sessions this process may answer for without a round trip (session-cache.ts). */
  sessions?: SessionCache | undefined;
  /** The password asked again of a signed-in session (password-check.ts); by default one on `db`. */
  checkPassword?: PasswordCheck;
  /** Mails one-time sign-in links (sign-in-link.ts); without it none are sent. */
  mailer?: SignInLinkMailer;
}

/**
 * What every use case of auth (sign-up, sign-in, sessions, password change, idle demos) is handed: the
 * dependencies with their defaults filled in, and the hooks other modules registered (auth.service.ts).
 */
export interface AuthContext {
  db: Kysely<Database>;
  config: Config;
  now: () => Date;
  twoFactor: TwoFactorService | undefined;
  sessions: SessionCache | undefined;
  checkPassword: PasswordCheck;
  mailer: SignInLinkMailer | undefined;
  throttle: LoginThrottle;
  hooks: {
    userCreated: UserCreatedHook[];
    demoSeed: DemoSeedHook[];
    userRemoving: UserRemovingHook[];
    newDevice: NewDeviceSignInHook[];
    passwordChanged: PasswordChangedHook[];
    passwordReplaced: PasswordReplacedHook[];
    standingCredentials: StandingCredentialsHook[];
    sessionsEnded: SessionsEndedHook[];
  };
}

export function createAuthContext(deps: AuthDeps): AuthContext {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    db,
    config,
    now,
    twoFactor: deps.twoFactor,
    sessions: deps.sessions,
    checkPassword: deps.checkPassword ?? createPasswordCheck({ db, config, now }),
    mailer: deps.mailer,
    throttle: createLoginThrottle({ db, config, now }),
    hooks: {
      userCreated: [],
      demoSeed: [],
      userRemoving: [],
      newDevice: [],
      passwordChanged: [],
      passwordReplaced: [],
      standingCredentials: [],
      sessionsEnded: [],
    },
  };
}
