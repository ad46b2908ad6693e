import PDFDocument from 'pdfkit';
import { formatDay } from '@contract/dates';
import QRCode from 'qrcode';
import { displayMoney, Money } from '@contract/money';
import type { InvoiceItemRow, InvoiceRow } from '../../db/schema';

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  items: InvoiceItemRow[];
  from: { name: string; email: string };
  /** The pay link; null for a draft (it only works once the invoice is sent). */
  payUrl: string | null;
}

const INK = '#0f172a';
const MUTED = '#64748b';
const ACCENT = '#4f46e5';
const RULE = '#e2e8f0';
const LEFT = 50;
const RIGHT = 545; // A4 is 595 pt wide; 50 pt margins.
const COLUMNS = { description: LEFT, quantity: 330, unitPrice: 390, amount: 470 } as const;

/**
 * The invoice as a one-document PDF: who it is from and to, the lines, tax, total, due date, and for a sent
 * invoice the pay link with its QR code. Built with the standard Helvetica fonts, so nothing is loaded from
 * disk or the network. Rendered on demand (download, email attachment), never stored.
 */
export async function renderInvoicePdf({ invoice, items, from, payUrl }: InvoicePdfInput): Promise<Buffer> {
  const money = (minor: bigint) => displayMoney(Money.of(BigInt(minor), invoice.currency));
  const qr = payUrl ? await QRCode.toBuffer(payUrl, { type: 'png', margin: 1, width: 240 }) : null;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: from.name, Subject: invoice.project_title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: the title and the invoice's identity.
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(26).text('INVOICE', LEFT, 50);
  if (invoice.status === 'draft') {
    doc.fillColor(MUTED).fontSize(10).text('DRAFT: not yet sent', LEFT, 82);
  } else if (invoice.status === 'paid') {
    doc
      .fillColor('#16a34a')
      .fontSize(10)
      .text(`PAID ${invoice.paid_at ? formatDay(invoice.paid_at) : ''}`, LEFT, 82);
  }
  const meta: Array<[string, string]> = [
    ['Invoice number', invoice.number],
    ['Issue date', formatDay(invoice.issue_date)],
    ['Due date', formatDay(invoice.due_date)],
  ];
  let y = 50;
  for (const [label, value] of meta) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, 330, y, { width: 100 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(value, 430, y, { width: 115, align: 'right' });
    y += 16;
  }

  // From and bill to.
  y = 120;
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('FROM', LEFT, y).text('BILL TO', 300, y);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(from.name, LEFT, y + 14, { width: 230 });
  doc.font('Helvetica').fontSize(10).text(from.email, LEFT, doc.y, { width: 230 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(invoice.client_name, 300, y + 14, { width: 245 });
  doc.font('Helvetica').fontSize(10).text(invoice.client_email, 300, doc.y, { width: 245 });
  if (invoice.client_address) doc.text(invoice.client_address, 300, doc.y, { width: 245 });

  // Project.
  y = Math.max(doc.y, 190) + 20;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(invoice.project_title, LEFT, y, { width: 495 });
  if (invoice.description) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(10)
      .text(invoice.description, LEFT, doc.y + 2, { width: 495 });
  }

  // Lines.
  y = doc.y + 18;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9);
  doc.text('DESCRIPTION', COLUMNS.description, y);
  doc.text('QTY', COLUMNS.quantity, y, { width: 50, align: 'right' });
  doc.text('UNIT PRICE', COLUMNS.unitPrice, y, { width: 75, align: 'right' });
  doc.text('AMOUNT', COLUMNS.amount, y, { width: 75, align: 'right' });
  y += 14;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const item of items) {
    y += 8;
    doc.text(item.description, COLUMNS.description, y, { width: 270 });
    const rowBottom = doc.y;
    doc.text(item.quantity, COLUMNS.quantity, y, { width: 50, align: 'right' });
    doc.text(money(item.unit_price), COLUMNS.unitPrice, y, { width: 75, align: 'right' });
    doc.text(money(item.amount), COLUMNS.amount, y, { width: 75, align: 'right' });
    y = Math.max(rowBottom, doc.y) + 4;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  }

  // Totals.
  y += 12;
  const totals: Array<[string, string, boolean]> = [
    ['Subtotal', money(invoice.amount), false],
    [`Tax (${invoice.tax_rate}%)`, money(invoice.tax_amount), false],
    [`Total due (${invoice.currency})`, money(invoice.total_amount), true],
  ];
  for (const [label, value, bold] of totals) {
    doc
      .fillColor(bold ? INK : MUTED)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10);
    doc.text(label, 330, y, { width: 120 });
    doc.text(value, 430, y, { width: 115, align: 'right' });
    y += bold ? 20 : 16;
  }

  if (invoice.notes) {
    y += 10;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text('NOTES', LEFT, y);
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(invoice.notes, LEFT, doc.y + 2, { width: 495 });
    y = doc.y;
  }

  if (payUrl && qr && invoice.status !== 'paid') {
    y += 24;
    if (y > 640) {
      doc.addPage();
      y = 50;
    }
    doc.image(qr, LEFT, y, { width: 96 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('Pay online', LEFT + 112, y + 8);
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text('Scan the code or open this link:', LEFT + 112, doc.y + 2);
    doc
      .fillColor(ACCENT)
      .fontSize(9)
      .text(payUrl, LEFT + 112, doc.y + 2, { width: 380, link: payUrl });
  }

  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(`${invoice.number} · issued with Meridian`, LEFT, 770, {
      width: 495,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
