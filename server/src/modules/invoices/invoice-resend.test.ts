import { expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { accountantOf } from '../../test/accountants';
import { request, signUp } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('sending a failed invoice email again', (ctx) => {
  it('is for the owner: an accountant reading the books gets a 403 and the email stays failed', async () => {
    const ada = await signUp(ctx.app);
    const draft = (await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody())).json() as Invoice;
    await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' });
    // No mail server here, so the email was kept in the outbox; it stands in for one that failed.
    const resend = `/api/invoices/${draft.id}/resend`;
    expect((await request(ctx.app, ada, 'POST', resend)).statusCode).toBe(409);
    await ctx.app.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', last_error: '550 no such user', failed_at: new Date().toISOString() })
      .where('ref', '=', `invoice:${draft.id}`)
      .execute();
    const emailOf = async () =>
      ((await request(ctx.app, ada, 'GET', `/api/invoices/${draft.id}`)).json() as Invoice).email;
    expect((await emailOf())?.status).toBe('failed');

    const { accountant } = await accountantOf(ctx.app, ada);
    const refused = await request(ctx.app, accountant, 'POST', resend);
    expect(refused.statusCode).toBe(403);
    expect((await emailOf())?.status).toBe('failed');

    const resent = await request(ctx.app, ada, 'POST', resend);
    expect(resent.statusCode).toBe(200);
    expect((resent.json() as Invoice).email).toMatchObject({ status: 'pending', to: 'billing@acme.example' });
  });
});
