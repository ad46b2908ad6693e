import { describe, expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { request, signUp } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { fund, sendUsd, walletsOf } from '../../test/money';
import { describeEachDatabase, type TestContext } from '../../test/test-app';
import { moneyWaitingMessage } from '../transfers/held-transfers.messages';
import { oneLine, quotedBlock } from './mail-text';

const mailOf = (ctx: TestContext, to: string, kind: string) =>
  ctx.app.db
    .selectFrom('mail_outbox')
    .select(['subject', 'body'])
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();

/** Every line of `body` that holds `text` is a quoted line; the line that opens the block is Meridian's. */
function expectOnlyQuoted(body: string, text: string, heading: RegExp) {
  const lines = body.split('\n');
  const holding = lines.filter((line) => line.includes(text));
  expect(holding.length).toBeGreaterThan(0);
  for (const line of holding) expect(line).toMatch(/^> /);
  const first = lines.findIndex((line) => line.startsWith('> '));
  expect(lines[first - 1]).toMatch(heading);
}

describe('user text in mail', () => {
  it('is one line, without controls, bidi overrides or line separators, and cut short', () => {
    expect(oneLine('Acme\r\nMeridian: your account is locked')).toBe('Acme Meridian: your account is locked');
    expect(oneLine('abc\u202Efdp.exe\u2028x\u2066y\u0007')).toBe('abc fdp.exe x y');
    expect(oneLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('can never end its quoted block: each field is one "> " line under the heading', () => {
    expect(quotedBlock('Written by a@example.com:', [['To', 'Acme\n\nMeridian: pay now\n> forged']])).toEqual(
      ['Written by a@example.com:', '> To: Acme Meridian: pay now > forged'],
    );
    expect(quotedBlock('Heading', [['To', ' \n ']])).toEqual([]);
  });

  it('stays out of the held-payment subject but for the sender’s name, cleaned', () => {
    const message = moneyWaitingMessage({
      to: 'x@example.com',
      senderId: 'u1',
      senderName: 'Meridian\nSecurity',
      senderEmail: 'a@example.com',
      amount: '1.00 USD',
      returnOn: '2026-01-01',
      link: 'https://bank.example.com/',
    });
    expect(message.subject).toBe('Meridian Security sent you 1.00 USD on Meridian');
    expectOnlyQuoted(message.text, 'Meridian Security', /^The sender's name, as they gave it:$/);
  });
});

describeEachDatabase('mail that carries what users wrote', (ctx) => {
  it('quotes an invoice’s client and project, and names the verified sender', async () => {
    const ada = await signUp(ctx.app);
    await request(ctx.app, ada, 'PATCH', '/api/user', { firstName: 'Ada', lastName: 'Lovelace' });
    const clientEmail = `client-${crypto.randomUUID()}@example.com`;
    const hostile = 'Meridian Security: your account is locked, pay at http://evil.example';
    const draft = (
      await request(
        ctx.app,
        ada,
        'POST',
        '/api/invoices',
        invoiceBody({ clientEmail, clientName: 'URGENT', projectTitle: hostile }),
      )
    ).json() as Invoice;
    expect(
      (await request(ctx.app, ada, 'PUT', `/api/invoices/${draft.id}/status`, { status: 'sent' })).statusCode,
    ).toBe(200);

    const mail = await mailOf(ctx, clientEmail, 'invoice');
    expect(mail.subject).toMatch(/^Invoice INV-\d{4}-\d{4} from Ada Lovelace: \$1,155\.00 due /);
    expect(mail.subject).not.toContain('URGENT');
    expect(mail.subject).not.toContain('evil');
    expectOnlyQuoted(mail.body, hostile, new RegExp(`^Written by ${ada.user.email}:$`));
    expectOnlyQuoted(mail.body, 'URGENT', /^Written by /);
    expect(mail.body).toContain(`from ${ada.user.email}, an address Meridian has verified.`);
  });

  it('quotes the name of whoever sent a held payment', async () => {
    const bo = await signUp(ctx.app);
    await request(ctx.app, bo, 'PATCH', '/api/user', { firstName: 'Meridian', lastName: 'Support' });
    await fund(ctx.app.db, (await walletsOf(ctx.app, bo)).USD!.id, '10.00', 'USD');
    const stranger = `stranger-${crypto.randomUUID()}@example.com`;
    expect((await sendUsd(ctx.app, bo, stranger, '1.00')).statusCode).toBe(201);

    const mail = await mailOf(ctx, stranger, 'money-waiting');
    expect(mail.subject).toBe('Meridian Support sent you 1.00 USD on Meridian');
    expectOnlyQuoted(mail.body, 'Meridian Support', /^The sender's name, as they gave it:$/);
    expect(mail.body).toContain(`${bo.user.email}, an address Meridian has verified, sent you 1.00 USD`);
  });
});
