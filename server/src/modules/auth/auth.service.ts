import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { LoginBody, LoginTwoFactorBody, RegisterBody, TwoFactorChallenge } from '@contract/auth';
import type { AccountSession, ChangePasswordBody } from '@contract/security';
import { describeBrowser } from './auth-notices';
import type { Config } from '../../config/env';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as users from '../user/user.repository';
import { assertEmailAvailable } from '../user/user.service';
import * as repo from './auth.repository';
import { createLoginThrottle, waitInWords } from './login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { assertStrongPassword, ownerOf } from './password-strength';
import { createPasswordCheck, type PasswordCheck } from './password-check';
import { mailSignInLink, signInLinkHash, type SignInLinkMailer } from './sign-in-link';
import { newDeviceToken, newSessionToken, sessionIdFromToken } from './session-token';
import { newId } from '../../lib/ids';
import { releaseStaleAddress } from './stale-address';
import { withMoneyTransaction } from '../ledger/money-transaction';
import type { TwoFactorService } from './two-factor.service';
import type { CachedSession, SessionCache } from './session-cache';

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

const MINUTE = 60_000;

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
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
}) {
  const { db, config, sessions } = deps;
  const now = deps.now ?? (() => new Date());
  const throttle = createLoginThrottle({ db, config, now });
  const checkPassword = deps.checkPassword ?? createPasswordCheck({ db, config, now });
  // Writing last_seen_at on every request would turn each read into a write. Refreshing it every tenth of the
  // idle timeout (at most a minute) keeps any active session alive, even under a one-minute timeout.
  const touchIntervalMs = Math.min(MINUTE, (config.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE) / 10);
  const isLive = (session: CachedSession, at: Date) =>
    at.getTime() < session.lastSeenAt + config.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE &&
    at.getTime() < session.expiresAt;
  async function keepAlive(sessionId: string, lastSeenAt: number, at: Date) {
    if (at.getTime() - lastSeenAt <= touchIntervalMs) return;
    await repo.touchSession(db, sessionId, at.toISOString());
    sessions?.touched(sessionId, at.getTime());
  }
  const userCreatedHooks: UserCreatedHook[] = [];
  const demoSeedHooks: DemoSeedHook[] = [];
  const userRemovingHooks: UserRemovingHook[] = [];
  const newDeviceHooks: NewDeviceSignInHook[] = [];
  const passwordChangedHooks: PasswordChangedHook[] = [];
  const sessionsEndedHooks: SessionsEndedHook[] = [];

  /** This process ended one session, or all of a user's but `keep`: forgotten here, and the hooks told. */
  function sessionsEnded(ended: Parameters<SessionsEndedHook>[0]) {
    if ('sessionId' in ended) sessions?.forget(ended.sessionId);
    else sessions?.forgetUser(ended.userId, ended.keep);
    for (const hook of sessionsEndedHooks) hook(ended);
  }

  async function createUser(values: {
    email: string;
    passwordHash: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    isDemo: boolean;
  }): Promise<UserRow> {
    const at = now().toISOString();
    let released: string | undefined;
    const created = await db.transaction().execute(async (trx) => {
      released = await releaseStaleAddress(trx, values.email, now(), config.UNVERIFIED_EMAIL_RELEASE_DAYS);
      await assertEmailAvailable(trx, values.email);
      const user = await users.insertUser(trx, {
        id: newId(),
        email: values.email,
        password_hash: values.passwordHash,
        first_name: values.firstName ?? '',
        last_name: values.lastName ?? '',
        is_demo: values.isDemo ? 1 : 0,
        // A demo's made-up address needs no proof; a real one is verified by the link it is sent.
        email_verified_at: values.isDemo ? at : null,
        created_at: at,
        updated_at: at,
      });
      for (const hook of userCreatedHooks) await hook(trx, user);
      return user;
    });
    if (released) sessionsEnded({ userId: released });
    return created;
  }

  async function startSession(user: UserRow, client: ClientInfo, into = db): Promise<SignedIn> {
    const { token, id } = newSessionToken();
    const created = now();
    const expiresAt = new Date(created.getTime() + config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 60 * MINUTE);
    await repo.insertSession(into, {
      id,
      user_id: user.id,
      created_at: created.toISOString(),
      last_seen_at: created.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
    });
    return { user, token, expiresAt };
  }

  /** Remembers this browser for the account: the cookie it already has, or a new one to set. */
  async function rememberDevice(
    user: UserRow,
    knownDeviceId: string | null,
    into = db,
  ): Promise<string | undefined> {
    const at = now().toISOString();
    if (knownDeviceId) {
      await repo.touchDevice(into, knownDeviceId, at);
      return undefined;
    }
    const { token, id } = newDeviceToken();
    await repo.insertDevice(into, { id, user_id: user.id, at });
    return token;
  }

  /**
   * The session, the remembered browser and (for a browser never seen here) the account holder's alert,
   * in the caller's transaction so they commit together.
   */
  async function signInTo(
    trx: Kysely<Database>,
    user: UserRow,
    client: ClientInfo,
    knownDeviceId: string | null,
  ): Promise<SignedIn> {
    const session = await startSession(user, client, trx);
    const newDeviceToken = await rememberDevice(user, knownDeviceId, trx);
    if (!newDeviceToken) return session;
    for (const hook of newDeviceHooks) await hook(trx, user, client);
    return { ...session, newDeviceToken };
  }

  const signInExpired = () =>
    new AppError(
      'SIGN_IN_EXPIRED',
      'This sign-in link has expired or was already used. Please sign in again.',
    );

  /**
   * A sign-in held back by the account-wide wait (an attack from many addresses) whose other keys let it in.
   * A right password with a right code (two-factor on) signs in; a right password alone (two-factor off)
   * mails a one-time sign-in link. Every other case, and these too until the link is opened, get the same
   * 429, so the wait never tells whether the password was right.
   */
  async function pastAccountWideWait(
    body: LoginBody,
    user: UserRow | undefined,
    passwordOk: boolean,
    client: ClientInfo,
    held: AppError,
  ): Promise<SignedIn> {
    const paused = new AppError(
      'RATE_LIMITED',
      `Sign-ins to this account from new browsers are paused after many failed attempts (try again in ${waitInWords(held.options.retryAfterSeconds ?? 1)}). Browsers you signed in with before still get in; with two-factor on, add a code from your app; without it, a right password emails you a one-time sign-in link.`,
      undefined,
      held.options,
    );
    if (!user || !passwordOk) throw paused;
    if (!deps.twoFactor || !(await deps.twoFactor.isEnabled(user.id))) {
      if (deps.mailer) await mailSignInLink({ db, mailer: deps.mailer, now }, user);
      throw paused;
    }
    if (!body.code) throw paused;
    const signedIn = await deps.twoFactor
      .signInWithCode(user.id, body.code, client.deviceToken, (trx) => signInTo(trx, user, client, null))
      .catch((error: unknown) => {
        // The code's own wait would say the password was right: the account-wide 429 stands for it.
        if (error instanceof AppError && error.code === 'RATE_LIMITED') return null;
        throw error;
      });
    if (!signedIn) throw paused;
    return signedIn;
  }

  return {
    onUserCreated(hook: UserCreatedHook) {
      userCreatedHooks.push(hook);
    },
    onDemoSeed(hook: DemoSeedHook) {
      demoSeedHooks.push(hook);
    },
    onUserRemoving(hook: UserRemovingHook) {
      userRemovingHooks.push(hook);
    },
    onNewDeviceSignIn(hook: NewDeviceSignInHook) {
      newDeviceHooks.push(hook);
    },
    onPasswordChanged(hook: PasswordChangedHook) {
      passwordChangedHooks.push(hook);
    },
    onSessionsEnded(hook: SessionsEndedHook) {
      sessionsEndedHooks.push(hook);
    },

    /** Where the account is signed in (sessions past their idle or absolute timeout are left out). */
    async listSessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
      const at = now().getTime();
      const idleMs = config.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE;
      return (await repo.listSessions(db, userId))
        .filter((row) => Date.parse(row.expires_at) > at && Date.parse(row.last_seen_at) + idleMs > at)
        .map((row) => ({
          id: row.id,
          device: describeBrowser(row.user_agent),
          ip: row.ip,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          current: row.id === currentSessionId,
        }));
    },

    /** Signs one of the user's sessions out (another user's is a 404). */
    async endSession(userId: string, sessionId: string): Promise<void> {
      if (!(await repo.deleteSessionOf(db, userId, sessionId))) {
        throw new AppError('NOT_FOUND', 'Session not found');
      }
      sessionsEnded({ sessionId });
    },

    /**
     * "Sign out everywhere else": every session but the caller's, given the password (a stolen session must
     * not sign the owner out everywhere). A demo has no password to give. Returns how many ended.
     */
    async endOtherSessions(userId: string, currentSessionId: string, password: string): Promise<number> {
      const user = await users.findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (Number(user.is_demo) !== 1) await checkPassword(user, password);
      const ended = await repo.deleteOtherSessions(db, userId, currentSessionId);
      sessionsEnded({ userId, keep: currentSessionId });
      return ended;
    },

    /**
     * A new password, given the current one. Every other session ends in the same transaction (whoever
     * knew the old password is signed out everywhere), and the hooks tell the account holder.
     */
    async changePassword(userId: string, currentSessionId: string, body: ChangePasswordBody): Promise<void> {
      const user = await users.findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      if (Number(user.is_demo) === 1) {
        throw new AppError('FORBIDDEN', 'A demo account has no password to change');
      }
      await checkPassword(user, body.currentPassword, 'currentPassword');
      assertStrongPassword(body.newPassword, ownerOf(user), 'newPassword');
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await users.updatePasswordHash(trx, user.id, passwordHash, now().toISOString());
        await repo.deleteOtherSessions(trx, user.id, currentSessionId);
        for (const hook of passwordChangedHooks) await hook(trx, user);
      });
      sessionsEnded({ userId: user.id, keep: currentSessionId });
    },

    /**
     * A password chosen through a reset link (modules/password-reset), in the caller's transaction: every
     * session of the account ends, and two-factor stays as it was. Call `forgetSessionsOf` after the commit.
     */
    async replacePassword(trx: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
      await users.updatePasswordHash(trx, userId, passwordHash, now().toISOString());
      await repo.deleteAllSessions(trx, userId);
    },

    /** The user's sessions were all ended: forgotten here, and their live streams told (sessionsEnded). */
    forgetSessionsOf(userId: string): void {
      sessionsEnded({ userId });
    },

    async register(body: RegisterBody, client: ClientInfo): Promise<SignedIn> {
      assertStrongPassword(body.password, body, 'password');
      const user = await createUser({
        ...body,
        passwordHash: await hashPassword(body.password),
        isDemo: false,
      });
      const session = await startSession(user, client);
      const newDeviceToken = await rememberDevice(user, null);
      return newDeviceToken ? { ...session, newDeviceToken } : session;
    },

    /**
     * The password first (throttled). With two-factor on, a right password starts a challenge instead of a
     * session: POST /api/auth/login/2fa finishes it. When only the account-wide count holds a new browser
     * back (an attack from many addresses), see `pastAccountWideWait`.
     */
    async login(body: LoginBody, client: ClientInfo): Promise<SignedIn | TwoFactorChallenge> {
      const device = client.deviceToken
        ? await repo.findDeviceOf(db, sessionIdFromToken(client.deviceToken), body.email)
        : undefined;
      const keys = throttle.keysFor(body.email, client.ip, device?.id ?? null);
      // The account-wide wait is looked past: a right password may still get in (see pastAccountWideWait).
      const { heldBack } = await throttle.admit(keys, { passable: [throttle.accountKeyFor(body.email)] });
      const user = await users.findUserByEmail(db, body.email);
      const ok = user
        ? await verifyPassword(user.password_hash, body.password)
        : await verifyAgainstDummy(body.password);
      if (heldBack) {
        const signedIn = await pastAccountWideWait(body, user, ok, client, heldBack);
        await throttle.succeeded(keys);
        return signedIn;
      }
      if (!user || !ok) {
        throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password');
      }
      await throttle.succeeded(keys);
      if (deps.twoFactor && (await deps.twoFactor.isEnabled(user.id))) {
        return deps.twoFactor.startChallenge(user.id);
      }
      return db.transaction().execute((trx) => signInTo(trx, user, client, device?.id ?? null));
    },

    /** The second step: a code for the challenge; the session starts in the transaction that spends it. */
    async loginTwoFactor(body: LoginTwoFactorBody, client: ClientInfo): Promise<SignedIn> {
      if (!deps.twoFactor)
        throw new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');
      return deps.twoFactor.answerChallenge(
        body.challengeId,
        body.code,
        client.deviceToken,
        async (trx, userId) => {
          const user = await users.findUserById(trx, userId);
          if (!user) throw new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');
          const device = client.deviceToken
            ? await repo.findDeviceOf(trx, sessionIdFromToken(client.deviceToken), user.email)
            : undefined;
          return signInTo(trx, user, client, device?.id ?? null);
        },
      );
    },

    /**
     * Opens a mailed one-time sign-in link: a session, and this browser becomes one the account knows (the
     * attack that held it back no longer slows it). Expired, used, or two-factor turned on since: refused.
     */
    async signInWithLink(token: string, client: ClientInfo): Promise<SignedIn> {
      const at = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const link = await repo.useSignInLink(trx, signInLinkHash(token), at);
        const user = link && (await users.findUserById(trx, link.user_id));
        if (!user) throw signInExpired();
        if (deps.twoFactor && (await deps.twoFactor.isEnabled(user.id, trx))) throw signInExpired();
        const device = client.deviceToken
          ? await repo.findDeviceOfUser(trx, sessionIdFromToken(client.deviceToken), user.id)
          : undefined;
        return signInTo(trx, user, client, device?.id ?? null);
      });
    },

    /** Forgets sign-in failures nobody has repeated for a while, and sign-in links past their expiry. */
    async pruneLoginThrottle() {
      await throttle.prune();
      await repo.pruneSignInLinks(db, now().toISOString());
    },

    /**
     * A fresh user with its own play money, signed in at once. Its password is random and never shown. Only
     * on a sandbox server: with SANDBOX=false there is no demo.
     */
    async startDemo(client: ClientInfo): Promise<SignedIn> {
      if (!config.SANDBOX) throw new AppError('FORBIDDEN', 'The demo is not available on this server');
      const suffix = randomBytes(6).toString('hex');
      const user = await createUser({
        email: `demo-${suffix}@demo.meridian.app`,
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
        firstName: 'Alex',
        lastName: 'Morgan',
        isDemo: true,
      });
      for (const hook of demoSeedHooks) await hook(db, user);
      return startSession(user, client);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const sessionId = sessionIdFromToken(token);
      await repo.deleteSession(db, sessionId);
      sessionsEnded({ sessionId });
    },

    /** The signed-in user's id for a cookie token, or null if the session is missing, idle or expired. */
    async authenticate(token: string): Promise<{ userId: string; sessionId: string } | null> {
      const sessionId = sessionIdFromToken(token);
      const at = now();
      // A remembered session that looks idle or expired is read again: another process may have seen it since.
      const cached = sessions?.get(sessionId);
      if (cached && isLive(cached, at)) {
        await keepAlive(sessionId, cached.lastSeenAt, at);
        return { userId: cached.userId, sessionId };
      }
      const mark = sessions?.mark() ?? null;
      const row = await repo.findSessionWithUser(db, sessionId);
      if (!row) return null;
      const session = {
        userId: row.userId,
        lastSeenAt: new Date(row.lastSeenAt).getTime(),
        expiresAt: new Date(row.expiresAt).getTime(),
      };
      if (!isLive(session, at)) {
        await repo.deleteSession(db, sessionId);
        sessions?.forget(sessionId);
        return null;
      }
      sessions?.remember(sessionId, session, mark);
      await keepAlive(sessionId, session.lastSeenAt, at);
      return { userId: session.userId, sessionId };
    },

    /** Removes demo users nobody has used for DEMO_IDLE_HOURS. Returns how many went. */
    async removeIdleDemoUsers(): Promise<number> {
      const cutoff = new Date(now().getTime() - config.DEMO_IDLE_HOURS * 60 * MINUTE).toISOString();
      let removed = 0;
      // One transaction per user, so one failure does not keep every other idle demo alive.
      for (const { id } of await repo.findIdleDemoUsers(db, cutoff)) {
        // A money transaction like any other: the release posts a closing entry (retried on PostgreSQL
        // serialization failures, part of a group commit on SQLite).
        removed += await withMoneyTransaction(db, async (trx) => {
          // Re-checked inside the transaction: the user may have come back since the scan.
          if (!(await repo.isIdleDemoUser(trx, id, cutoff))) return 0;
          for (const hook of userRemovingHooks) await hook(trx, id);
          await users.deleteUser(trx, id);
          return 1;
        });
      }
      return removed;
    },
  };
}
