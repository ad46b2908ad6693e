import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { translatorFor, type Translator } from '@contract/i18n';
import { Money } from '@contract/money';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';
import { pdfWriter, type PdfFonts } from './pdf-fonts';

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  from: { name: string; email: string };
  /** The pay link; null for a draft (it only works once the invoice is sent). */
  payUrl: string | null;
  fonts: PdfFonts;
}

const INK = '#0f172a';
const MUTED = '#64748b';
const ACCENT = '#4f46e5';
const RULE = '#e2e8f0';
const LEFT = 50;
const RIGHT = 545; // A4 is 595 pt wide; 50 pt margins.
const COLUMNS = { description: LEFT, quantity: 330, unitPrice: 390, amount: 470 } as const;

/**
 * The invoice as a one-document PDF in the client's language: who it is from and to, the lines, tax, total,
 * due date, and for a sent invoice the pay link with its QR code. Written in embedded Unicode fonts
 * (pdf-fonts.ts), so any name renders as typed. Rendered on demand (download, email attachment), never stored.
 */
export async function renderInvoicePdf({
  invoice,
  items,
  from,
  payUrl,
  fonts,
}: InvoicePdfInput): Promise<Buffer> {
  const { t, money: inLocale, day, decimal, locale } = translatorFor(invoice.language);
  const money = (minor: bigint) => inLocale(Money.of(BigInt(minor), invoice.currency));
  const label = (text: string) => text.toLocaleUpperCase(locale);
  const qr = payUrl ? await QRCode.toBuffer(payUrl, { type: 'png', margin: 1, width: 240 }) : null;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: locale,
    info: {
      Title: t('invoice.heading', { number: invoice.number }),
      Author: from.name,
      Subject: invoice.project_title,
    },
  });
  const write = pdfWriter(doc, fonts);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: the title and the invoice's identity.
  doc.fillColor(ACCENT).fontSize(26);
  write(t('invoice.title'), 'bold', LEFT, 50);
  if (invoice.status === 'draft') {
    doc.fillColor(MUTED).fontSize(10);
    write(t('invoice.draft'), 'bold', LEFT, 82);
  } else if (invoice.status === 'paid') {
    doc.fillColor('#16a34a').fontSize(10);
    write(t('invoice.paid', { date: invoice.paid_at ? day(invoice.paid_at) : '' }).trim(), 'bold', LEFT, 82);
  }
  const meta: Array<[string, string]> = [
    [t('invoice.number'), invoice.number],
    [t('invoice.issueDate'), day(invoice.issue_date)],
    [t('invoice.dueDate'), day(invoice.due_date)],
  ];
  let y = 50;
  for (const [name, value] of meta) {
    doc.fillColor(MUTED).fontSize(9);
    write(name, 'regular', 300, y, { width: 120 });
    doc.fillColor(INK).fontSize(10);
    write(value, 'bold', 420, y, { width: 125, align: 'right' });
    y += 16;
  }

  // From and bill to.
  y = 120;
  doc.fillColor(MUTED).fontSize(9);
  write(label(t('invoice.from')), 'regular', LEFT, y);
  write(label(t('invoice.billTo')), 'regular', 300, y);
  doc.fillColor(INK).fontSize(11);
  write(from.name, 'bold', LEFT, y + 14, { width: 230 });
  doc.fontSize(10);
  write(from.email, 'regular', LEFT, doc.y, { width: 230 });
  doc.fontSize(11);
  write(invoice.client_name, 'bold', 300, y + 14, { width: 245 });
  doc.fontSize(10);
  write(invoice.client_email, 'regular', 300, doc.y, { width: 245 });
  if (invoice.client_address) write(invoice.client_address, 'regular', 300, doc.y, { width: 245 });

  // Project.
  y = Math.max(doc.y, 190) + 20;
  doc.fillColor(INK).fontSize(13);
  write(invoice.project_title, 'bold', LEFT, y, { width: 495 });
  if (invoice.description) {
    doc.fillColor(MUTED).fontSize(10);
    write(invoice.description, 'regular', LEFT, doc.y + 2, { width: 495 });
  }

  // Lines.
  y = doc.y + 18;
  doc.fillColor(MUTED).fontSize(9);
  // A heading may take two lines in a longer language: the rule goes under the tallest.
  let headingBottom = y;
  for (const [text, x, width, align] of [
    [t('invoice.description'), COLUMNS.description, 270, 'left'],
    [t('invoice.quantity'), COLUMNS.quantity, 50, 'right'],
    [t('invoice.unitPrice'), COLUMNS.unitPrice, 75, 'right'],
    [t('invoice.amount'), COLUMNS.amount, 75, 'right'],
  ] as const) {
    write(label(text), 'bold', x, y, { width, align });
    headingBottom = Math.max(headingBottom, doc.y);
  }
  y = headingBottom + 3;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  doc.fontSize(10).fillColor(INK);
  for (const item of items) {
    y += 8;
    write(item.description, 'regular', COLUMNS.description, y, { width: 270 });
    const rowBottom = doc.y;
    write(decimal(item.quantity), 'regular', COLUMNS.quantity, y, { width: 50, align: 'right' });
    write(money(item.unit_price), 'regular', COLUMNS.unitPrice, y, { width: 75, align: 'right' });
    write(money(item.amount), 'regular', COLUMNS.amount, y, { width: 75, align: 'right' });
    y = Math.max(rowBottom, doc.y) + 4;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  }

  // Totals.
  y += 12;
  const totals: Array<[string, string, boolean]> = [
    [t('invoice.subtotal'), money(invoice.amount), false],
    [t('invoice.tax', { rate: decimal(invoice.tax_rate) }), money(invoice.tax_amount), false],
    [t('invoice.totalDueIn', { currency: invoice.currency }), money(invoice.total_amount), true],
    ...balanceLines(invoice, t, money),
  ];
  for (const [name, value, bold] of totals) {
    doc.fillColor(bold ? INK : MUTED).fontSize(bold ? 12 : 10);
    write(name, bold ? 'bold' : 'regular', 270, y, { width: 150 });
    const labelBottom = doc.y;
    write(value, bold ? 'bold' : 'regular', 420, y, { width: 125, align: 'right' });
    y = Math.max(labelBottom, doc.y) + (bold ? 6 : 4);
  }

  if (invoice.notes) {
    y += 10;
    doc.fillColor(MUTED).fontSize(9);
    write(label(t('invoice.notes')), 'bold', LEFT, y);
    doc.fillColor(INK).fontSize(10);
    write(invoice.notes, 'regular', LEFT, doc.y + 2, { width: 495 });
    y = doc.y;
  }

  if (payUrl && qr && invoice.status !== 'paid') {
    y += 24;
    if (y > 640) {
      doc.addPage();
      y = 50;
    }
    doc.image(qr, LEFT, y, { width: 96 });
    doc.fillColor(INK).fontSize(11);
    write(t('invoice.payOnline'), 'bold', LEFT + 112, y + 8);
    doc.fillColor(MUTED).fontSize(9);
    write(t('invoice.scanOrOpen'), 'regular', LEFT + 112, doc.y + 2);
    doc.fillColor(ACCENT).fontSize(9);
    write(payUrl, 'regular', LEFT + 112, doc.y + 2, { width: 380, link: payUrl });
  }

  doc.fillColor(MUTED).fontSize(8);
  write(t('invoice.footer', { number: invoice.number }), 'regular', LEFT, 770, {
    width: 495,
    align: 'center',
    lineBreak: false,
  });
  doc.end();
  return done;
}

/** Under the total: a deposit asked first, and once anything is paid, what has come in and what is left. */
function balanceLines(
  invoice: InvoiceRow,
  t: Translator['t'],
  money: (minor: bigint) => string,
): Array<[string, string, boolean]> {
  const paid = BigInt(invoice.paid_amount);
  const deposit = BigInt(invoice.deposit_amount);
  const lines: Array<[string, string, boolean]> = [];
  if (deposit > 0n) lines.push([t('balance.depositAsked'), money(deposit), false]);
  if (paid > 0n) {
    lines.push([t('balance.paid'), money(paid), false]);
    lines.push([t('balance.outstanding'), money(BigInt(invoice.total_amount) - paid), true]);
  }
  return lines;
}
