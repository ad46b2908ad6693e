import { describe, expect, it } from 'vitest';
import type { Client } from '@contract/clients';
import type { Invoice } from '@contract/invoices';
import {
  draftErrors,
  draftFromInvoice,
  draftTotals,
  draftWithClient,
  missingRequired,
  newInvoiceDraft,
  toCreateBody,
  toUpdateBody,
} from './invoice-form';

const draft = () => ({
  ...newInvoiceDraft(new Date('2026-11-24T10:00:00Z')),
  clientName: 'Acme',
  clientEmail: 'billing@acme.example',
  projectTitle: 'Redesign',
  taxRate: '8.25',
  items: [
    { description: 'Design', quantity: '1.5', unitPrice: '80.33' },
    { description: '', quantity: '3', unitPrice: '9.99' },
    { description: '', quantity: '1', unitPrice: '' },
  ],
});

describe('the invoice form', () => {
  it('is due in 30 days, in USD without tax, by default', () => {
    expect(newInvoiceDraft(new Date('2026-11-24T10:00:00Z'))).toMatchObject({
      dueDate: '2026-12-24',
      currency: 'USD',
      taxRate: '0',
    });
  });

  it('previews the figures the server charges', () => {
    const totals = draftTotals(draft());
    expect(totals.lines.map((line) => line?.format() ?? null)).toEqual(['120.50', '29.97', null]);
    expect(totals.amount.format()).toBe('150.47');
    expect(totals.tax.format()).toBe('12.41');
    expect(totals.total.format()).toBe('162.88');
  });

  it('drops blank lines and names an unnamed line after the project', () => {
    expect(toCreateBody(draft()).items).toEqual([
      { description: 'Design', quantity: '1.5', unitPrice: '80.33' },
      { description: 'Redesign', quantity: '3', unitPrice: '9.99' },
    ]);
  });

  it('knows when required information is missing', () => {
    expect(missingRequired(draft())).toBe(false);
    expect(missingRequired({ ...draft(), clientEmail: ' ' })).toBe(true);
    expect(missingRequired({ ...draft(), items: [{ description: 'x', quantity: '1', unitPrice: '' }] })).toBe(
      true,
    );
  });

  it('names bad fields as the server does', () => {
    const errors = draftErrors({
      ...draft(),
      clientEmail: 'nope',
      items: [{ description: 'x', quantity: '1', unitPrice: '1.001' }],
    });
    expect(Object.keys(errors).sort()).toEqual(['clientEmail', 'items.0.unitPrice']);
  });

  it("shows a line or total past the currency's ceiling under its field, and previews huge figures", () => {
    const huge = { ...draft(), taxRate: '10' };
    const errors = (items: typeof huge.items) => draftErrors({ ...huge, items });
    expect(errors([{ description: 'x', quantity: '1000000', unitPrice: '9999999999999.99' }])).toEqual({
      'items.0.unitPrice': 'Amount is too large',
    });
    expect(errors([{ description: 'x', quantity: '1', unitPrice: '5000000000.01' }])).toEqual({
      'items.0.unitPrice': 'Amount can be at most 5,000,000,000.00 USD',
    });
    expect(errors([{ description: 'x', quantity: '9000', unitPrice: '999999.99' }])).toEqual({
      'items.0.quantity': 'A line can be at most 5,000,000,000.00 USD',
    });
    expect(errors([{ description: 'x', quantity: '1', unitPrice: '4600000000' }])).toEqual({
      items: 'The total with tax can be at most 5,000,000,000.00 USD',
    });
    // The preview never throws: a price past the ceiling counts 0, and big lines add up exactly.
    const totals = draftTotals({
      ...huge,
      items: [
        { description: 'x', quantity: '1000000', unitPrice: '9999999999999.99' },
        { description: 'y', quantity: '9000', unitPrice: '999999.99' },
      ],
    });
    expect(totals.lines.map((line) => line?.format() ?? null)).toEqual([null, '8999999910.00']);
    expect(totals.total.format()).toBe('9899999901.00');
  });

  it('puts a saved draft back in the form as it was', () => {
    const saved = {
      ...toCreateBody(draft()),
      items: [{ id: 'i', description: 'Design', quantity: '1.5', unitPrice: '80.33', amount: '120.50' }],
      balance: { depositAmount: '30.00', minimumPayment: '0.00' },
    };
    const back = draftFromInvoice(saved as unknown as Invoice);
    expect(back.items).toEqual([{ description: 'Design', quantity: '1.5', unitPrice: '80.33' }]);
    expect(back).toMatchObject({ clientName: 'Acme', taxRate: '8.25', dueDate: '2026-12-24' });
    // The deposit comes back as the amount the server kept; no minimum stays blank.
    expect(back).toMatchObject({ deposit: '30.00', depositKind: 'amount', minimumPayment: '' });
  });

  it('sends a deposit as a percentage or an amount, and an edit clears what was left blank', () => {
    const withTerms = { ...draft(), deposit: '30', depositKind: 'percent' as const, minimumPayment: '50.00' };
    expect(toCreateBody(withTerms)).toMatchObject({ depositPercent: '30', minimumPayment: '50.00' });
    expect(toCreateBody(withTerms)).not.toHaveProperty('depositAmount');
    expect(toUpdateBody({ ...withTerms, depositKind: 'amount', minimumPayment: '' })).toMatchObject({
      depositAmount: '30',
      depositPercent: null,
      minimumPayment: null,
    });
  });

  it('fills the client, currency and due date from a saved client, and sends its id', () => {
    const client: Client = {
      id: 'c1',
      name: 'Acme GmbH',
      email: 'accounts@acme.example',
      address: 'Hauptstraße 1',
      taxId: 'DE1',
      currency: 'EUR',
      paymentTermsDays: 14,
      language: 'de',
      owed: [],
      openInvoices: 0,
      createdAt: '',
      updatedAt: '',
    };
    const filled = draftWithClient(draft(), client, new Date('2026-11-24T23:30:00Z'));
    expect(filled).toMatchObject({
      clientId: 'c1',
      clientName: 'Acme GmbH',
      clientEmail: 'accounts@acme.example',
      clientAddress: 'Hauptstraße 1',
      currency: 'EUR',
      dueDate: '2026-12-08',
      projectTitle: 'Redesign',
    });
    expect(toCreateBody(filled).clientId).toBe('c1');
    expect(toCreateBody(draft())).not.toHaveProperty('clientId');
  });
});
