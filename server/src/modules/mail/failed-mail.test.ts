import { expect, it } from 'vitest';
import type { FailedMailList } from '@contract/system';
import { operatorHeaders, request, signUp } from '../../test/http';
import { enqueueMail, mailerOf, outboxRow, standInMailServer } from '../../test/mail';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('failed mail, for operators', (ctx) => {
  /** A message that has used its day of attempts, with a reset link in its body. */
  async function failedMessage(to: string) {
    const server = standInMailServer();
    const id = await enqueueMail(ctx, mailerOf(ctx, server.transport), {
      to,
      subject: 'Reset your password',
      text: 'Open https://bank.example.com/reset-password?token=secret-token-123',
      actionUrl: 'https://bank.example.com/reset-password?token=secret-token-123',
    });
    await ctx.app.db
      .updateTable('mail_outbox')
      .set({
        status: 'failed',
        attempts: 20,
        last_error: '550 mailbox unavailable',
        failed_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('lists failed mail to operators without bodies or links, and retries one', async () => {
    const id = await failedMessage('gone@example.com');
    const listed = await request(ctx.app, null, 'GET', '/api/system/mail/failed', undefined, operatorHeaders);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('secret-token-123');
    const { mail } = listed.json() as FailedMailList;
    expect(mail.find((each) => each.id === id)).toEqual({
      id,
      kind: 'test',
      to: 'gone@example.com',
      subject: expect.stringMatching(/^Reset your password/),
      attempts: 20,
      lastError: '550 mailbox unavailable',
      createdAt: expect.any(String),
      failedAt: expect.any(String),
    });

    const retry = `/api/system/mail/failed/${id}/retry`;
    const retried = await request(ctx.app, null, 'POST', retry, undefined, operatorHeaders);
    expect(retried.statusCode).toBe(204);
    const queued = await outboxRow(ctx, id);
    expect(queued).toMatchObject({ status: 'pending', failed_at: null });
    expect(Number(queued.attempts)).toBe(0);
    const again = (
      await request(ctx.app, null, 'GET', '/api/system/mail/failed', undefined, operatorHeaders)
    ).json() as FailedMailList;
    expect(again.mail.some((each) => each.id === id)).toBe(false);
    // Only a failed message is retried: this one is pending now.
    expect((await request(ctx.app, null, 'POST', retry, undefined, operatorHeaders)).statusCode).toBe(404);

    const server = standInMailServer();
    expect(await mailerOf(ctx, server.transport).deliverDue()).toBe(1);
    expect(server.sent.map((sent) => sent.to)).toEqual(['gone@example.com']);
    expect((await outboxRow(ctx, id)).status).toBe('sent');
  });

  it('is for operators only: a customer gets 403, a stranger 401, and nothing is retried', async () => {
    const id = await failedMessage('also-gone@example.com');
    const ada = await signUp(ctx.app);
    for (const [who, status] of [
      [ada, 403],
      [null, 401],
    ] as const) {
      expect((await request(ctx.app, who, 'GET', '/api/system/mail/failed')).statusCode).toBe(status);
      const retried = await request(ctx.app, who, 'POST', `/api/system/mail/failed/${id}/retry`);
      expect(retried.statusCode).toBe(status);
    }
    const wrongToken = { authorization: 'Bearer not-the-operator-token' };
    const guessed = await request(ctx.app, null, 'GET', '/api/system/mail/failed', undefined, wrongToken);
    expect(guessed.statusCode).toBe(401);
    expect((await outboxRow(ctx, id)).status).toBe('failed');
  });
});
