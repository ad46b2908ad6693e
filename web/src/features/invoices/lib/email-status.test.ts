import { describe, expect, it } from 'vitest';
import type { Invoice } from '@contract/invoices';
import { emailStatusText } from './email-status';

const invoice = (patch: Partial<Invoice>) => ({ status: 'sent', email: null, ...patch }) as Invoice;
const at = (iso: string) => iso.slice(0, 10);

describe('the email status line', () => {
  it('says plainly when no mail server is configured', () => {
    const text = emailStatusText(
      invoice({
        email: { status: 'stored', to: 'a@b.example', at: '2026-11-24T10:00:00Z', kind: 'invoice' },
      }),
      at,
    );
    expect(text).toMatch(/^Not emailed: no mail server configured/);
  });

  it('tells sent, waiting, failed and demo apart, and says nothing for a draft', () => {
    const email = { to: 'a@b.example', at: '2026-11-24T10:00:00Z', kind: 'reminder' as const };
    expect(emailStatusText(invoice({ email: { ...email, status: 'sent' } }), at)).toBe(
      'Reminder emailed to a@b.example on 2026-11-24.',
    );
    expect(emailStatusText(invoice({ email: { ...email, status: 'pending' } }), at)).toMatch(/waiting/);
    expect(emailStatusText(invoice({ email: { ...email, status: 'failed' } }), at)).toMatch(
      /^The reminder to a@b\.example could not be delivered: .* Send it again/,
    );
    expect(emailStatusText(invoice({}), at)).toMatch(/demo/);
    expect(emailStatusText(invoice({ status: 'draft' }), at)).toBeNull();
  });
});
