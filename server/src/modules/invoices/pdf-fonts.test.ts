import { describe, expect, it } from 'vitest';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import { pdfText } from '../../test/pdf-text';
import { renderInvoicePdf } from './invoice-pdf';
import { hasCjk, pdfFonts, scriptRuns } from './pdf-fonts';

const invoice = (overrides: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 'inv-1',
  user_id: 'user-1',
  number: 'INV-2026-0042',
  year: 2026,
  sequence: 42,
  client_name: 'Antonín Dvořák',
  client_email: 'antonin@example.cz',
  client_address: 'Łódź',
  client_id: null,
  project_title: 'Translation',
  description: '',
  currency: 'EUR',
  amount: 100000n,
  tax_rate: '0',
  tax_amount: 0n,
  total_amount: 100000n,
  deposit_amount: 0n,
  min_payment: 0n,
  paid_amount: 0n,
  issue_date: '2026-11-19',
  due_date: '2026-12-19',
  notes: '',
  language: 'de',
  status: 'sent',
  pay_token: 'A'.repeat(22),
  home_currency: 'EUR',
  issue_rate: null,
  issue_home_amount: null,
  paid_rate: null,
  paid_home_amount: null,
  paid_via: null,
  payment_entry_id: null,
  reminders_sent: 0,
  sent_at: null,
  paid_at: null,
  created_at: '2026-11-19T10:00:00.000Z',
  updated_at: '2026-11-19T10:00:00.000Z',
  ...overrides,
});
const items: InvoiceItemRow[] = [
  {
    id: 'i1',
    invoice_id: 'inv-1',
    position: 1,
    description: 'Übersetzung',
    quantity: '1',
    unit_price: 100000n,
    amount: 100000n,
  },
];
const render = (row: InvoiceRow, fonts = pdfFonts(process.env.PDF_CJK_FONT)) =>
  renderInvoicePdf({
    invoice: row,
    items,
    from: { name: 'Ελένη Попова', email: 'eleni@example.com' },
    payUrl: 'https://bank.example.com/pay/AAAAAAAAAAAAAAAAAAAAAA',
    fonts,
  });

describe('invoice PDF fonts', () => {
  it('cuts text into CJK and other runs', () => {
    expect(scriptRuns('Dvořák 東京デザイン (Seoul 서울)')).toEqual([
      { text: 'Dvořák ', cjk: false },
      { text: '東京デザイン', cjk: true },
      { text: ' (Seoul ', cjk: false },
      { text: '서울', cjk: true },
      { text: ')', cjk: false },
    ]);
    expect(hasCjk('Αλέξανδρος Достоевский Łódź')).toBe(false);
    expect(hasCjk('株式会社')).toBe(true);
  });

  it('reads the font files once, whatever the number of PDFs', () => {
    expect(pdfFonts(undefined)).toBe(pdfFonts(undefined));
    expect(() => pdfFonts('/nonexistent/font.ttf')).toThrow(/PDF_CJK_FONT: cannot read/);
  });

  it('reads the fonts once, and each PDF after many others still extracts as written', async () => {
    const first = pdfFonts(undefined);
    expect(pdfFonts(undefined)).toBe(first);
    // Glyphs first used by one document must read back right in the next (shared parsed fonts did not).
    for (const name of ['Ελένη Παπαδοπούλου', 'Фёдор Достоевский', 'Ærøskøbing Œuvre', 'Łódź Żabka']) {
      expect(await pdfText(await render(invoice({ client_name: name })))).toContain(name);
    }
    const text = await pdfText(await render(invoice({ client_name: 'Anzahlung bezahlt, Zoë' })));
    expect(text).toContain('Anzahlung bezahlt, Zoë');
  });

  it('without a CJK font, still renders every other script and the document', async () => {
    const fonts = { ...pdfFonts(undefined), cjk: null };
    const text = await pdfText(await render(invoice({ client_name: 'Dvořák 東京' }), fonts));
    expect(text).toContain('Rechnung');
    expect(text).toContain('Ελένη Попова');
    expect(text).toContain('Dvořák');
  });

  // Runs where a CJK font is installed (fonts-noto-cjk, fonts-droid-fallback) or PDF_CJK_FONT names one.
  it.runIf(pdfFonts(process.env.PDF_CJK_FONT).cjk !== null)(
    'writes CJK runs in the CJK font, extractable as written next to Latin, Greek and Cyrillic',
    async () => {
      const name = 'Dvořák 東京デザイン株式会社';
      const text = await pdfText(await render(invoice({ client_name: name, project_title: '翻訳' })));
      expect(text).toContain('東京デザイン株式会社');
      expect(text).toContain('翻訳');
      expect(text).toContain('Dvořák');
      expect(text).toContain('Ελένη Попова');
    },
  );
});
