import type { Kysely } from 'kysely';
import type { LoginBody, LoginTwoFactorBody, RegisterBody } from '@contract/auth';
import type { ChangePasswordBody } from '@contract/security';
import type { Database, UserRow } from '../../db/schema';
import {
  createAuthContext,
  type AuthDeps,
  type ClientInfo,
  type DemoSeedHook,
  type NewDeviceSignInHook,
  type PasswordChangedHook,
  type PasswordReplacedHook,
  type SessionsEndedHook,
  type StandingCredentialsHook,
  type UserCreatedHook,
  type UserRemovingHook,
} from './auth-context';
import * as accountSessions from './account-sessions';
import { removeIdleDemoUsers } from './idle-demos';
import { changePassword, replacePassword } from './password-change';
import * as sessions from './sessions';
import { login, loginTwoFactor, pruneLoginThrottle, signInVerified, signInWithLink } from './sign-in';
import { register, startDemo } from './sign-up';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Accounts and their sessions, one file per use case: sign-up.ts (register, demo), sign-in.ts (password,
 * second factor, mailed link), sessions.ts (a session's start, check and end), account-sessions.ts (the
 * profile's Sessions list), password-change.ts, idle-demos.ts. Other modules join in through the hooks
 * registered here (auth-context.ts says when each runs).
 */
export function createAuthService(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  const { hooks } = ctx;

  return {
    onUserCreated(hook: UserCreatedHook) {
      hooks.userCreated.push(hook);
    },
    onDemoSeed(hook: DemoSeedHook) {
      hooks.demoSeed.push(hook);
    },
    onUserRemoving(hook: UserRemovingHook) {
      hooks.userRemoving.push(hook);
    },
    onNewDeviceSignIn(hook: NewDeviceSignInHook) {
      hooks.newDevice.push(hook);
    },
    onPasswordChanged(hook: PasswordChangedHook) {
      hooks.passwordChanged.push(hook);
    },
    onPasswordReplaced(hook: PasswordReplacedHook) {
      hooks.passwordReplaced.push(hook);
    },
    /** A module's way in that works without a session, ended by a password reset or on request. */
    onStandingCredentialsRevoked(hook: StandingCredentialsHook) {
      hooks.standingCredentials.push(hook);
    },
    onSessionsEnded(hook: SessionsEndedHook) {
      hooks.sessionsEnded.push(hook);
    },

    register: (body: RegisterBody, client: ClientInfo) => register(ctx, body, client),
    startDemo: (client: ClientInfo) => startDemo(ctx, client),

    login: (body: LoginBody, client: ClientInfo) => login(ctx, body, client),
    loginTwoFactor: (body: LoginTwoFactorBody, client: ClientInfo) => loginTwoFactor(ctx, body, client),
    signInWithLink: (token: string, client: ClientInfo) => signInWithLink(ctx, token, client),
    /**
     * A session for a user whose proof another module checked (a passkey: both factors at once), started in
     * the caller's transaction as any sign-in's is: the remembered browser, and a new browser's alert.
     */
    signInVerified: (trx: Kysely<Database>, user: UserRow, client: ClientInfo) =>
      signInVerified(ctx, trx, user, client),
    pruneLoginThrottle: () => pruneLoginThrottle(ctx),

    authenticate: (token: string) => sessions.authenticate(ctx, token),
    logout: (token: string | undefined) => sessions.logout(ctx, token),
    /** The session reads the owner's books (the caller checked the grant), or its own (null). */
    openBooks: (sessionId: string, ownerId: string | null) => sessions.openBooks(ctx, sessionId, ownerId),
    listSessions: (userId: string, currentSessionId: string) =>
      accountSessions.listSessions(ctx, userId, currentSessionId),
    endSession: (userId: string, sessionId: string) => accountSessions.endSession(ctx, userId, sessionId),
    endOtherSessions: (
      userId: string,
      currentSessionId: string,
      body: { password: string; revokeStandingCredentials: boolean },
    ) => accountSessions.endOtherSessions(ctx, userId, currentSessionId, body),

    changePassword: (userId: string, currentSessionId: string, body: ChangePasswordBody) =>
      changePassword(ctx, userId, currentSessionId, body),
    replacePassword: (trx: Kysely<Database>, userId: string, passwordHash: string) =>
      replacePassword(ctx, trx, userId, passwordHash),
    /** The user's sessions were all ended (replacePassword, committed): forgotten here, and the hooks told. */
    forgetSessionsOf: (userId: string) => sessions.sessionsEnded(ctx, { userId }),

    removeIdleDemoUsers: () => removeIdleDemoUsers(ctx),
  };
}
