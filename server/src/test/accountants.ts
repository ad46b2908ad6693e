import type { App } from '../app';
import { request, signUp, TEST_PASSWORD, type Session } from './http';

/** Test-side helpers for accountant access: invite, read the mailed link, accept, open the books. */

/** The token of the newest invite link mailed to the address (read from the outbox, as no mail server is set). */
export async function inviteToken(app: App, email: string): Promise<string> {
  const mail = await app.db
    .selectFrom('mail_outbox')
    .select(['action_url'])
    .where('kind', '=', 'accountant-invite')
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return new URL(mail.action_url!).searchParams.get('token')!;
}

export async function invite(app: App, owner: Session, email: string, annotate = false) {
  const response = await request(app, owner, 'POST', '/api/accountants/invites', {
    email,
    annotate,
    password: TEST_PASSWORD,
  });
  if (response.statusCode !== 201) throw new Error(`invite: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

export async function openBooks(app: App, accountant: Session, ownerId: string | null) {
  const response = await request(app, accountant, 'PUT', '/api/accountant-access/open', { ownerId });
  if (response.statusCode !== 200) throw new Error(`open books: ${response.statusCode} ${response.body}`);
}

/**
 * An accountant (their own verified account) with access to the owner's books, which their session has open.
 * Returns the grant's id, for revoking.
 */
export async function accountantOf(
  app: App,
  owner: Session,
  options: { annotate?: boolean; open?: boolean } = {},
): Promise<{ accountant: Session; grantId: string }> {
  const accountant = await signUp(app);
  const { id } = await invite(app, owner, accountant.user.email, options.annotate ?? false);
  const token = await inviteToken(app, accountant.user.email);
  const accepted = await request(app, accountant, 'POST', '/api/accountant-access/accept', { token });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  if (options.open ?? true) await openBooks(app, accountant, owner.user.id);
  return { accountant, grantId: id };
}
