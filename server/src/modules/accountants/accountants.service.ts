import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ACCOUNTANT_INVITE_DAYS,
  MAX_ACCOUNTANTS,
  type AccountantAccess,
  type InviteAccountantBody,
  type ReadableBooks,
} from '@contract/accountants';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AuthService } from '../auth/auth.service';
import type { CredentialGuard } from '../auth/credential-guard';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { findUser } from '../user/users';
import {
  acceptedNotice,
  accessConfirmedNews,
  accountantInvitedNews,
  inviteMessage,
} from './accountants.messages';
import * as repo from './accountants.repository';
import { readableBooks } from './books-access';

const DAY = 86_400_000;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const linkUnusable = () =>
  new AppError(
    'BUSINESS_RULE',
    'This invite has expired, was already used or was withdrawn. Ask the person who sent it for a new one.',
  );

export type AccountantsService = ReturnType<typeof createAccountantsService>;

/**
 * Read-only access for an accountant: the owner's invites and grants (this module's table), the accountant's
 * acceptance and their choice of books (on the session, through auth). Who may call what is enforced for every
 * route in plugins/session.ts; this module decides who holds a grant.
 */
export function createAccountantsService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  notifier: Notifier;
  auth: Pick<AuthService, 'openBooks'>;
  /** Inviting (and confirming a suspended access) asks for the password again and tells the owner. */
  credentials: CredentialGuard;
  now?: () => Date;
}) {
  const { db, mailer, notifier, auth, credentials } = deps;
  const now = deps.now ?? (() => new Date());

  async function list(ownerId: string): Promise<AccountantAccess[]> {
    const rows = await repo.listForOwner(db, ownerId);
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.accepted_at ? 'active' : 'invited',
      name: row.accepted_at ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : null,
      annotate: Number(row.annotate) === 1,
      invitedAt: row.invited_at,
      expiresAt: row.accepted_at ? null : row.expires_at,
      acceptedAt: row.accepted_at,
      lastUsedAt: row.last_used_at,
      suspendedAt: row.suspended_at,
    }));
  }

  async function listed(ownerId: string, id: string): Promise<AccountantAccess> {
    const found = (await list(ownerId)).find((entry) => entry.id === id);
    if (!found) throw notFound('Accountant access');
    return found;
  }

  return {
    list,

    /**
     * Mails an invite link to the address. A demo's books are play money and its address made up, so a demo
     * invites nobody; mail to others needs the owner's verified address and is capped per hour (the mailer);
     * an owner has at most MAX_ACCOUNTANTS invites and grants at once, one per address. The owner's password
     * is asked again, and the owner mailed and notified, as for any way in that outlives a session.
     */
    async invite(ownerId: string, body: InviteAccountantBody): Promise<AccountantAccess> {
      const owner = await findUser(db, ownerId);
      if (!owner) throw notFound('User');
      if (Number(owner.is_demo) === 1)
        throw new AppError(
          'DEMO_ACCOUNT',
          'A demo account cannot invite an accountant: its books are play money',
        );
      const email = body.email;
      if (email === owner.email)
        throw new AppError('BUSINESS_RULE', 'That is your own address: invite your accountant’s', {
          email: 'That is your own address',
        });
      await credentials.confirm(ownerId, body.password);
      const at = now();
      const token = randomBytes(16).toString('base64url');
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'accountant-invites', ownerId);
        const existing = await repo.findByOwnerAndEmail(trx, ownerId, email);
        if (existing && (existing.accepted_at || existing.expires_at > at.toISOString())) {
          throw new AppError('CONFLICT', 'This address already has an invite or access', {
            email: 'This address already has an invite or access',
          });
        }
        // An expired invite to the address gives way to the new one.
        if (existing) await repo.deleteGrant(trx, existing.id);
        if ((await repo.countForOwner(trx, ownerId)) >= MAX_ACCOUNTANTS) {
          throw new AppError(
            'BUSINESS_RULE',
            `You can have at most ${MAX_ACCOUNTANTS} accountants and invites at once. Revoke one first.`,
          );
        }
        await repo.insertGrant(trx, {
          id,
          owner_id: ownerId,
          email,
          annotate: body.annotate ? 1 : 0,
          token_hash: tokenHash(token),
          invited_at: at.toISOString(),
          expires_at: new Date(at.getTime() + ACCOUNTANT_INVITE_DAYS * DAY).toISOString(),
          accountant_id: null,
          accepted_at: null,
          last_used_at: null,
          suspended_at: null,
        });
        await mailer.enqueue(
          trx,
          inviteMessage({
            to: email,
            ownerId,
            ownerName: `${owner.first_name} ${owner.last_name}`.trim(),
            ownerEmail: owner.email,
            annotate: Boolean(body.annotate),
            link: mailer.link(`/accountant-invite?token=${token}`),
            ref: id,
          }),
        );
        await credentials.announce(trx, owner, accountantInvitedNews(email, Boolean(body.annotate)));
      });
      mailer.kick();
      return listed(ownerId, id);
    },

    /**
     * A suspended access (or invite) stands again, given the password: a reset put it on hold because whoever
     * had the account may have granted it. The owner is mailed and notified as for a new invite.
     */
    async confirm(ownerId: string, id: string, password: string): Promise<AccountantAccess> {
      const grant = await repo.findOwned(db, ownerId, id);
      if (!grant) throw notFound('Accountant access');
      const owner = await credentials.confirm(ownerId, password);
      const resumed = await db.transaction().execute(async (trx) => {
        if (!(await repo.resume(trx, grant.id))) return false;
        await credentials.announce(trx, owner, accessConfirmedNews(grant.email));
        return true;
      });
      if (resumed) credentials.sent();
      return listed(ownerId, id);
    },

    /** Every access and live invite of the owner is put on hold, in `trx` (a password reset); answers how many. */
    suspendAllOf: (trx: Kysely<Database>, ownerId: string, at: string) => repo.suspendAllOf(trx, ownerId, at),

    /** Withdraws an invite or revokes access: from this commit no request of the accountant reads the books. */
    async revoke(ownerId: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const grant = await repo.findOwned(trx, ownerId, id);
        if (!grant) throw notFound('Accountant access');
        // Sessions that have these books open keep pointing at them and are refused (plugins/session.ts asks
        // for the grant on every request) until they switch back: a page never silently shows other books.
        await repo.deleteGrant(trx, grant.id);
      });
    },

    /**
     * The signed-in account accepts an invite. The grant binds to this account, which must hold the invited
     * address, verified: a forwarded or leaked link is worth nothing to anyone else.
     */
    async accept(accountantId: string, token: string): Promise<ReadableBooks> {
      const user = await findUser(db, accountantId);
      if (!user) throw notFound('User');
      if (Number(user.is_demo) === 1)
        throw new AppError(
          'DEMO_ACCOUNT',
          'A demo account cannot be an accountant. Sign in with your own account.',
        );
      const at = now().toISOString();
      const ownerId = await db.transaction().execute(async (trx) => {
        const invite = await repo.findByToken(trx, tokenHash(token));
        if (!invite || invite.accepted_at || invite.expires_at <= at) throw linkUnusable();
        if (invite.suspended_at)
          throw new AppError(
            'BUSINESS_RULE',
            'This invite is on hold until the person who sent it confirms it in their profile. Ask them to.',
          );
        if (invite.owner_id === accountantId)
          throw new AppError('BUSINESS_RULE', 'You cannot be the accountant of your own books');
        if (user.email !== invite.email)
          throw new AppError(
            'FORBIDDEN',
            `This invite was sent to ${invite.email}. Sign in with the Meridian account that has that address.`,
          );
        if (user.email_verified_at === null)
          throw new AppError(
            'EMAIL_NOT_VERIFIED',
            'Verify your email address first, then open the invite again',
          );
        if (await repo.findGrant(trx, invite.owner_id, accountantId, { suspended: true }))
          throw new AppError('CONFLICT', 'You can already read these books');
        const accepted = await repo.accept(trx, invite.id, accountantId, at);
        if (Number(accepted.numUpdatedRows) !== 1) throw linkUnusable();
        await notifier.raise(trx, invite.owner_id, acceptedNotice(user.email));
        return invite.owner_id;
      });
      const [books] = await readableBooks(db, accountantId, ownerId);
      if (!books) throw linkUnusable();
      return books;
    },

    /** The books the accountant may read, for the switcher. */
    readable: (accountantId: string) => readableBooks(db, accountantId),

    /** The session reads the owner's books (a grant must stand: else 404), or its own (null). */
    async open(
      accountantId: string,
      sessionId: string,
      ownerId: string | null,
    ): Promise<ReadableBooks | null> {
      if (ownerId === null || ownerId === accountantId) {
        await auth.openBooks(sessionId, null);
        return null;
      }
      const [books] = await readableBooks(db, accountantId, ownerId);
      if (!books) throw notFound('Books');
      await auth.openBooks(sessionId, ownerId);
      return books;
    },

    /** The accountant gives up access to the owner's books; this session goes back to its own. */
    async leave(accountantId: string, sessionId: string, ownerId: string): Promise<void> {
      const grant = await repo.findGrant(db, ownerId, accountantId, { suspended: true });
      if (!grant) throw notFound('Books');
      await repo.deleteGrant(db, grant.id);
      await auth.openBooks(sessionId, null);
    },
  };
}
