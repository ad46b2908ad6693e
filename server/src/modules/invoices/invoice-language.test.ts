import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Invoice, InvoiceEmailPreview, PublicInvoice } from '@contract/invoices';
import { request, signUp, type Session } from '../../test/http';
import { invoiceBody } from '../../test/invoices';
import { pdfText } from '../../test/pdf-text';
import { describeEachDatabase } from '../../test/test-app';
import type { InvoiceRow } from '../../db/schema';
import { reminderMessage } from './invoice-mail';

const nbsp = '\u00a0';
// A PDF's text carries the no-break spaces of "1.155,00 €" and "1 155,00 €" as plain spaces.
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
// A sender whose first name is Greek and last name Cyrillic: the built-in PDF fonts garbled both.
const GREEK = 'Αλέξανδρος';
const CYRILLIC = 'Достоевский';

describeEachDatabase('invoices in the client’s language', (ctx) => {
  let ada: Session;
  const create = async (overrides: Record<string, unknown>) => {
    const response = await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Invoice;
  };
  const send = async (invoice: Invoice) =>
    (
      await request(ctx.app, ada, 'PUT', `/api/invoices/${invoice.id}/status`, { status: 'sent' })
    ).json() as Invoice;
  const pdfOf = async (invoice: Invoice) => {
    const response = await request(ctx.app, ada, 'GET', `/api/invoices/${invoice.id}/pdf`);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    const named = await request(ctx.app, ada, 'PATCH', '/api/user', { firstName: GREEK, lastName: CYRILLIC });
    expect(named.statusCode, named.body).toBe(200);
  });

  it('keeps the language on the invoice: English unless asked, changed on a draft, refused if unknown', async () => {
    expect((await create({})).language).toBe('en');
    const draft = await create({ language: 'fr' });
    expect(draft.language).toBe('fr');
    const changed = await request(ctx.app, ada, 'PATCH', `/api/invoices/${draft.id}`, { language: 'es' });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as Invoice).language).toBe('es');
    const unknown = await request(ctx.app, ada, 'POST', '/api/invoices', invoiceBody({ language: 'cs' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('language');
  });

  it("writes a German client's PDF in German, every name extractable exactly as written", async () => {
    const sent = await send(
      await create({
        language: 'de',
        currency: 'EUR',
        clientName: 'Antonín Dvořák',
        clientAddress: 'ul. Piotrkowska 12\n90-001 Łódź',
        projectTitle: 'Übersetzung für Ђорђе & Ægir Þórsson',
      }),
    );
    const content = await pdfOf(sent);
    const text = plainSpaces(await pdfText(content));
    for (const expected of [
      'Rechnung',
      'Rechnungsnummer',
      'Antonín Dvořák',
      'Łódź',
      GREEK,
      CYRILLIC,
      'Übersetzung für Ђорђе & Ægir Þórsson',
      'RECHNUNG AN',
      'Zwischensumme',
      'Steuer (10 %)',
      '1.155,00 €',
      `Fälliger Betrag (EUR)`,
      'Online bezahlen',
      '2,5', // a line's quantity, in German
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Invoice number');
    // The fonts are embedded subsets (pdfkit's), not the built-in Helvetica that garbled Dvořák.
    const raw = content.toString('latin1');
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(raw).toMatch(/\/FontFile2/);
    expect(content.length).toBeLessThan(120_000);
  });

  it('titles French and Spanish invoices in their language, with dates in the locale', async () => {
    const french = await send(await create({ language: 'fr', currency: 'EUR', dueDate: '2099-07-14' }));
    const frenchText = plainSpaces(await pdfText(await pdfOf(french)));
    expect(frenchText).toContain('Facture');
    expect(frenchText).toContain('14 juillet 2099');
    expect(frenchText).toContain('1 155,00 €');
    const spanish = await send(await create({ language: 'es', dueDate: '2099-01-02' }));
    const spanishText = await pdfText(await pdfOf(spanish));
    expect(spanishText).toContain('Factura');
    expect(spanishText).toContain('2 de enero de 2099');
    expect(spanishText).toContain('Fecha de vencimiento');
  });

  it('writes the email (the preview is the email) and the pay page data in the invoice language', async () => {
    const draft = await create({ language: 'de', currency: 'EUR', dueDate: '2099-03-01' });
    const preview = (
      await request(ctx.app, ada, 'GET', `/api/invoices/${draft.id}/email-preview`)
    ).json() as InvoiceEmailPreview;
    expect(preview.subject).toBe(
      `Rechnung ${draft.invoiceNumber} von ${GREEK} ${CYRILLIC}: 1.155,00${nbsp}€ fällig am 1. März 2099`,
    );
    expect(preview.text).toContain('Guten Tag,');
    expect(preview.text).toContain(`Fälliger Betrag: 1.155,00${nbsp}€`);
    expect(preview.text).toContain(`> Von: ${GREEK} ${CYRILLIC}`);
    expect(preview.text).toContain('Die Rechnung ist als PDF angehängt.');

    const sent = await send(draft);
    const token = new URL(sent.payUrl!).pathname.split('/').pop()!;
    const shown = (
      await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` })
    ).json() as PublicInvoice;
    expect(shown.language).toBe('de');
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` });
    expect(await pdfText(pdf.rawPayload)).toContain('Rechnung');
  });

  it('reminds a Spanish client in Spanish, counting the days late in the language', () => {
    const row = {
      number: 'INV-2026-0007',
      language: 'es',
      currency: 'EUR',
      total_amount: 123450n,
      deposit_amount: 0n,
      paid_amount: 0n,
      due_date: '2026-03-01',
      client_name: 'Núria',
      client_email: 'nuria@example.es',
      project_title: 'Traducción',
    } as InvoiceRow;
    const message = reminderMessage(row, { name: 'Ada', email: 'ada@example.com' }, 'https://x/pay/t', 7);
    expect(message.subject).toBe('Recordatorio: la factura INV-2026-0007 de Ada está vencida');
    expect(message.text).toContain('vencía el 1 de marzo de 2026 (hace 7 días)');
    expect(message.text).toContain(`Importe a pagar: 1234,50${nbsp}€`);
  });

  it('states the deposit, what is paid and what is left in the client’s language', async () => {
    const invoice = await send(await create({ language: 'de', currency: 'EUR', depositPercent: '30' }));
    const token = new URL(invoice.payUrl!).pathname.split('/').pop()!;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/invoices/${token}/pay`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amount: '346.50' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const text = plainSpaces(await pdfText(await pdfOf(invoice)));
    expect(text).toContain('Verlangte Anzahlung');
    expect(text).toMatch(/Bezahlt\s*346,50 €/);
    expect(text).toMatch(/Offen\s*808,50 €/);
  });
});
