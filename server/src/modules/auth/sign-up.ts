import { randomBytes } from 'node:crypto';
import type { RegisterBody } from '@contract/auth';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertEmailAvailable, createUser } from '../user/users';
import type { AuthContext, ClientInfo, SignedIn } from './auth-context';
import { hashPassword } from './password';
import { assertStrongPassword } from './password-strength';
import { rememberDevice, sessionsEnded, startSession } from './sessions';
import { releaseStaleAddress } from './stale-address';

/**
 * A new account, in one transaction with what the user-created hooks add (wallets, the first verification
 * link, the welcome). An address left unverified too long by another account is released to it first.
 */
async function newAccount(
  ctx: AuthContext,
  values: {
    email: string;
    passwordHash: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    isDemo: boolean;
  },
): Promise<UserRow> {
  const { db, config, now } = ctx;
  const at = now().toISOString();
  let released: string | undefined;
  const created = await db.transaction().execute(async (trx) => {
    released = await releaseStaleAddress(trx, values.email, now(), config.UNVERIFIED_EMAIL_RELEASE_DAYS);
    await assertEmailAvailable(trx, values.email);
    const user = await createUser(trx, {
      id: newId(),
      email: values.email,
      passwordHash: values.passwordHash,
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      isDemo: values.isDemo,
      // A demo's made-up address needs no proof; a real one is verified by the link it is sent.
      emailVerifiedAt: values.isDemo ? at : null,
      at,
    });
    for (const hook of ctx.hooks.userCreated) await hook(trx, user);
    return user;
  });
  if (released) sessionsEnded(ctx, { userId: released });
  return created;
}

export async function register(ctx: AuthContext, body: RegisterBody, client: ClientInfo): Promise<SignedIn> {
  await assertStrongPassword(body.password, body, 'password');
  const user = await newAccount(ctx, {
    ...body,
    passwordHash: await hashPassword(body.password),
    isDemo: false,
  });
  const session = await startSession(ctx, user, client);
  const newDeviceToken = await rememberDevice(ctx, user, null);
  return newDeviceToken ? { ...session, newDeviceToken } : session;
}

/**
 * A fresh user with its own play money, signed in at once. Its password is random and never shown. Only
 * on a sandbox server: with SANDBOX=false there is no demo.
 */
export async function startDemo(ctx: AuthContext, client: ClientInfo): Promise<SignedIn> {
  if (!ctx.config.SANDBOX) throw new AppError('FORBIDDEN', 'The demo is not available on this server');
  const suffix = randomBytes(6).toString('hex');
  const user = await newAccount(ctx, {
    email: `demo-${suffix}@demo.meridian.app`,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    firstName: 'Alex',
    lastName: 'Morgan',
    isDemo: true,
  });
  for (const hook of ctx.hooks.demoSeed) await hook(ctx.db, user);
  return startSession(ctx, user, client);
}
