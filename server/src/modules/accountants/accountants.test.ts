import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACCOUNTANTS, type AccountantAccess } from '@contract/accountants';
import { accountantOf, invite, inviteToken, openBooks } from '../../test/accountants';
import { request, signUp, startDemo, TEST_PASSWORD, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, newKey, walletsOf } from '../../test/money';
import { createTestApp, dialectsUnderTest, type TestContext } from '../../test/test-app';
import { sessionOf } from '../../plugins/session';

/**
 * Read-only access for an accountant, through the API on both databases: the invite and who may accept it,
 * the limits, reading the owner's books (the owner's data, never another's), annotating only when allowed,
 * one's own books as an owner, revoking and leaving. The walk over every route is accountant-walk.test.ts.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`accountant access [${dialect}]`, () => {
    const ctx = {} as TestContext & { close(): Promise<void> };
    let owner: Session;

    beforeAll(async () => {
      Object.assign(ctx, await createTestApp(dialect));
      // A stand-in for the categories and notes other slices add: a route only an annotating accountant may
      // call, echoing what the session plugin made of the request. Added before the app is ready.
      ctx.app.post('/api/test/annotate', { config: { accountant: 'annotate' } }, async (request) => {
        const { userId, actingUserId, role, annotate } = sessionOf(request);
        return { userId, actingUserId, role, annotate };
      });
      owner = await signUp(ctx.app);
      await request(ctx.app, owner, 'PATCH', '/api/user', { firstName: 'Olive', lastName: 'Owner' });
      const wallets = await walletsOf(ctx.app, owner);
      await fund(ctx.app.db, wallets.USD!.id, '250.00', 'USD');
      const deposit = await request(
        ctx.app,
        owner,
        'POST',
        `/api/wallets/${wallets.USD!.id}/deposit`,
        { amount: '25.00' },
        newKey(),
      );
      expect(deposit.statusCode, deposit.body).toBe(201);
      const sent = await request(ctx.app, owner, 'POST', '/api/invoices', invoiceBody());
      expect(sent.statusCode, sent.body).toBe(201);
    });
    afterAll(() => ctx.close());

    const accessList = async (session = owner): Promise<AccountantAccess[]> => {
      const response = await request(ctx.app, session, 'GET', '/api/accountants');
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    it('invites by email with a link, and binds the grant to the account that accepts it', async () => {
      const accountant = await signUp(ctx.app);
      await request(ctx.app, accountant, 'PATCH', '/api/user', { firstName: 'Ada', lastName: 'Count' });
      const created = await request(ctx.app, owner, 'POST', '/api/accountants/invites', {
        email: accountant.user.email.toUpperCase(),
        annotate: true,
        password: TEST_PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        email: accountant.user.email,
        status: 'invited',
        annotate: true,
      });
      const mail = await ctx.app.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', accountant.user.email)
        .where('kind', '=', 'accountant-invite')
        .executeTakeFirstOrThrow();
      expect(mail.body).toContain(owner.user.email);
      expect(mail.body).toContain('> Name: Olive Owner');
      expect(mail.action_url).toMatch(/\/accountant-invite\?token=/);

      const token = await inviteToken(ctx.app, accountant.user.email);
      const accepted = await request(ctx.app, accountant, 'POST', '/api/accountant-access/accept', { token });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toEqual({
        ownerId: owner.user.id,
        ownerName: 'Olive Owner',
        ownerEmail: owner.user.email,
        annotate: true,
      });
      const row = (await accessList()).find((entry) => entry.email === accountant.user.email)!;
      expect(row).toMatchObject({ status: 'active', name: 'Ada Count', expiresAt: null, lastUsedAt: null });

      // The link works once.
      const again = await request(ctx.app, accountant, 'POST', '/api/accountant-access/accept', { token });
      expect(again.statusCode).toBe(422);
      // The accountant's switcher lists the books; nothing is open until they choose.
      const readable = await request(ctx.app, accountant, 'GET', '/api/accountant-access');
      expect(readable.json()).toEqual([accepted.json()]);
      const me = await request(ctx.app, accountant, 'GET', '/api/auth/me');
      expect(me.json()).toMatchObject({ user: { id: accountant.user.id }, books: null });
      await request(ctx.app, owner, 'DELETE', `/api/accountants/${row.id}`);
    });

    it('lets only the holder of the invited address, verified, accept; never a demo or the owner', async () => {
      const invited = `invited-${crypto.randomUUID()}@example.com`;
      await invite(ctx.app, owner, invited);
      const token = await inviteToken(ctx.app, invited);
      const accept = (session: Session) =>
        request(ctx.app, session, 'POST', '/api/accountant-access/accept', { token });

      const stranger = await signUp(ctx.app);
      const wrong = await accept(stranger);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toContain(invited);
      expect((await accept(owner)).statusCode).toBe(422);
      const demo = await startDemo(ctx.app);
      expect((await accept(demo)).json().code).toBe('DEMO_ACCOUNT');
      const unverified = await signUp(ctx.app, invited, { verified: false });
      expect((await accept(unverified)).json().code).toBe('EMAIL_NOT_VERIFIED');
      const bogus = await request(ctx.app, stranger, 'POST', '/api/accountant-access/accept', {
        token: 'A'.repeat(22),
      });
      expect(bogus.statusCode).toBe(422);
      // None of that bound anyone.
      expect((await accessList()).find((entry) => entry.email === invited)?.status).toBe('invited');
    });

    it("limits invites: not one's own address, one per address, a few at once, none from a demo or an unverified owner", async () => {
      const self = await request(ctx.app, owner, 'POST', '/api/accountants/invites', {
        email: owner.user.email,
        password: TEST_PASSWORD,
      });
      expect(self.statusCode).toBe(422);
      const demo = await startDemo(ctx.app);
      const fromDemo = await request(ctx.app, demo, 'POST', '/api/accountants/invites', {
        email: 'someone@example.com',
        password: '',
      });
      expect(fromDemo.json().code).toBe('DEMO_ACCOUNT');
      const unverified = await signUp(ctx.app, undefined, { verified: false });
      const fromUnverified = await request(ctx.app, unverified, 'POST', '/api/accountants/invites', {
        email: 'someone@example.com',
        password: TEST_PASSWORD,
      });
      expect(fromUnverified.json().code).toBe('EMAIL_NOT_VERIFIED');

      const busy = await signUp(ctx.app);
      await invite(ctx.app, busy, 'twice@example.com');
      const twice = await request(ctx.app, busy, 'POST', '/api/accountants/invites', {
        email: 'twice@example.com',
        password: TEST_PASSWORD,
      });
      expect(twice.statusCode).toBe(409);
      for (let n = 1; n < MAX_ACCOUNTANTS; n++) await invite(ctx.app, busy, `many-${n}@example.com`);
      const tooMany = await request(ctx.app, busy, 'POST', '/api/accountants/invites', {
        email: 'one-more@example.com',
        password: TEST_PASSWORD,
      });
      expect(tooMany.statusCode).toBe(422);
      // A withdrawn invite makes room, and its link stops working.
      const token = await inviteToken(ctx.app, 'twice@example.com');
      const pending = (await accessList(busy)).find((entry) => entry.email === 'twice@example.com')!;
      expect((await request(ctx.app, busy, 'DELETE', `/api/accountants/${pending.id}`)).statusCode).toBe(204);
      await invite(ctx.app, busy, 'one-more@example.com');
      const holder = await signUp(ctx.app, 'twice@example.com');
      const withdrawn = await request(ctx.app, holder, 'POST', '/api/accountant-access/accept', { token });
      expect(withdrawn.statusCode).toBe(422);
    });

    it("reads the OWNER's books on marked routes, downloads included, and knows whose they are", async () => {
      const { accountant } = await accountantOf(ctx.app, owner);
      for (const url of [
        '/api/wallets',
        '/api/transactions',
        '/api/transactions/export.csv',
        '/api/invoices',
        '/api/invoices/summary',
        '/api/invoices/export.csv',
        '/api/clients',
        '/api/analytics',
      ]) {
        const asOwner = await request(ctx.app, owner, 'GET', url);
        const asAccountant = await request(ctx.app, accountant, 'GET', url);
        expect(asAccountant.statusCode, `${url}: ${asAccountant.body}`).toBe(200);
        expect(asAccountant.body, url).toBe(asOwner.body);
      }
      const [invoice] = (await request(ctx.app, owner, 'GET', '/api/invoices')).json();
      const pdf = await request(ctx.app, accountant, 'GET', `/api/invoices/${invoice.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const [row] = (await request(ctx.app, owner, 'GET', '/api/transactions')).json();
      const receipt = await request(ctx.app, accountant, 'GET', `/api/transactions/${row.id}/receipt.pdf`);
      expect(receipt.statusCode).toBe(200);

      const books = {
        ownerId: owner.user.id,
        ownerName: 'Olive Owner',
        ownerEmail: owner.user.email,
        annotate: false,
      };
      const me = await request(ctx.app, accountant, 'GET', '/api/auth/me');
      expect(me.json()).toMatchObject({ user: { id: accountant.user.id }, books });
      const session = await request(ctx.app, accountant, 'GET', '/api/auth/session');
      expect(session.json()).toMatchObject({ user: { id: accountant.user.id }, books });
      // And it is used: "last used" shows on the owner's list.
      const listed = (await accessList()).find((entry) => entry.email === accountant.user.email)!;
      expect(listed.lastUsedAt).not.toBeNull();
    });

    it('annotates only where the owner allowed it', async () => {
      const owner = await signUp(ctx.app);
      const reader = await accountantOf(ctx.app, owner);
      const refused = await request(ctx.app, reader.accountant, 'POST', '/api/test/annotate', {});
      expect(refused.statusCode).toBe(403);
      const annotator = await accountantOf(ctx.app, owner, { annotate: true });
      const allowed = await request(ctx.app, annotator.accountant, 'POST', '/api/test/annotate', {});
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json()).toEqual({
        userId: owner.user.id,
        actingUserId: annotator.accountant.user.id,
        role: 'accountant',
        annotate: true,
      });
      // An owner annotates their own books.
      const own = await request(ctx.app, owner, 'POST', '/api/test/annotate', {});
      expect(own.json()).toMatchObject({ userId: owner.user.id, role: 'owner', annotate: true });
    });

    it('never reads books without a grant, even with the session pointed at them by hand', async () => {
      const owner = await signUp(ctx.app);
      const { accountant } = await accountantOf(ctx.app, owner, { open: false });
      const other = await signUp(ctx.app);
      const open = await request(ctx.app, accountant, 'PUT', '/api/accountant-access/open', {
        ownerId: other.user.id,
      });
      expect(open.statusCode).toBe(404);
      const sessionId = await ctx.app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', accountant.user.id)
        .executeTakeFirstOrThrow();
      await ctx.app.db
        .updateTable('sessions')
        .set({ books_owner_id: other.user.id })
        .where('id', '=', sessionId.id)
        .execute();
      const read = await request(ctx.app, accountant, 'GET', '/api/wallets');
      expect(read.statusCode).toBe(403);
      // The app learns the books are closed, and the session goes back to its own.
      const session = await request(ctx.app, accountant, 'GET', '/api/auth/session');
      expect(session.json().books).toBeNull();
      const own = await walletsOf(ctx.app, accountant);
      expect(Object.values(own).every((wallet) => !JSON.stringify(wallet).includes(other.user.id))).toBe(
        true,
      );
    });

    it('is a normal owner in their own books', async () => {
      const owner = await signUp(ctx.app);
      const { accountant } = await accountantOf(ctx.app, owner);
      const refused = await request(ctx.app, accountant, 'POST', '/api/wallets', { currency: 'GBP' });
      expect(refused.statusCode).toBe(403);
      await openBooks(ctx.app, accountant, null);
      const opened = await request(ctx.app, accountant, 'POST', '/api/wallets', { currency: 'GBP' });
      expect(opened.statusCode, opened.body).toBe(201);
      const ownWallets = await walletsOf(ctx.app, accountant);
      const ownerWallets = await walletsOf(ctx.app, owner);
      expect(ownWallets.GBP).toBeDefined();
      expect(ownerWallets.GBP).toBeUndefined();
      expect(ownWallets.USD!.id).not.toBe(ownerWallets.USD!.id);
      expect((await request(ctx.app, accountant, 'GET', '/api/user')).json().id).toBe(accountant.user.id);
    });

    it('stops reading at once when the owner revokes, and lets the accountant leave', async () => {
      const owner = await signUp(ctx.app);
      const { accountant, grantId } = await accountantOf(ctx.app, owner);
      expect((await request(ctx.app, accountant, 'GET', '/api/wallets')).statusCode).toBe(200);
      expect((await request(ctx.app, owner, 'DELETE', `/api/accountants/${grantId}`)).statusCode).toBe(204);
      const after = await request(ctx.app, accountant, 'GET', '/api/wallets');
      expect(after.statusCode).toBe(403);
      expect(after.json().message).toMatch(/access to these books has ended/);
      expect(
        (await request(ctx.app, accountant, 'PUT', '/api/accountant-access/open', { ownerId: owner.user.id }))
          .statusCode,
      ).toBe(404);
      expect((await request(ctx.app, owner, 'DELETE', `/api/accountants/${grantId}`)).statusCode).toBe(404);

      const leaving = await accountantOf(ctx.app, owner);
      const left = await request(
        ctx.app,
        leaving.accountant,
        'DELETE',
        `/api/accountant-access/${owner.user.id}`,
      );
      expect(left.statusCode).toBe(204);
      expect((await accessList(owner)).some((entry) => entry.email === leaving.accountant.user.email)).toBe(
        false,
      );
      // Back in their own books.
      const own = await request(ctx.app, leaving.accountant, 'GET', '/api/user');
      expect(own.json().id).toBe(leaving.accountant.user.id);
    });

    it("keeps another owner's grants out of reach of an owner", async () => {
      const owner = await signUp(ctx.app);
      const { grantId } = await accountantOf(ctx.app, owner, { open: false });
      const other = await signUp(ctx.app);
      expect((await request(ctx.app, other, 'DELETE', `/api/accountants/${grantId}`)).statusCode).toBe(404);
      expect(await accessList(other)).toEqual([]);
    });
  });
}
