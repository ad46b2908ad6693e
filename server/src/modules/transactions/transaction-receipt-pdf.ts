import PDFDocument from 'pdfkit';
import { formatDay } from '@contract/dates';
import { displayMoney, Money } from '@contract/money';
import { transactionTypeLabels, type Transaction } from '@contract/transactions';
import type { TransactionRow } from '../../db/schema';
import { toTransaction } from './transactions.mapper';

const INK = '#0f172a';
const MUTED = '#64748b';
const ACCENT = '#4f46e5';
const RULE = '#e2e8f0';
const LEFT = 50;
const RIGHT = 545; // A4 is 595 pt wide; 50 pt margins.

const statusWords: Record<Transaction['status'], string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  returned: 'Returned to the sender',
};

/** The receipt's lines, label then value, in reading order; a line with nothing to say is left out. */
export function receiptLines(row: TransactionRow): Array<[string, string]> {
  const transaction = toTransaction(row);
  const money = (minor: bigint, currency = row.currency) => displayMoney(Money.of(minor, currency));
  const lines: Array<[string, string | null]> = [
    ['Type', transactionTypeLabels[transaction.type]],
    ['Description', transaction.description],
    ['Date', `${formatDay(transaction.createdAt)}, ${transaction.createdAt.slice(11, 16)} UTC`],
    ['Amount', money(row.amount)],
    ['Fee', row.fee > 0n ? money(row.fee) : null],
    [
      'Converted to',
      row.converted_amount !== null && row.to_currency ? money(row.converted_amount, row.to_currency) : null,
    ],
    [
      'Rate',
      transaction.exchangeRate && transaction.fromCurrency && transaction.toCurrency
        ? `1 ${transaction.fromCurrency} = ${transaction.exchangeRate} ${transaction.toCurrency}`
        : null,
    ],
    ['Counterparty', transaction.counterparty],
    ['Email', transaction.counterpartyEmail ?? transaction.recipientEmail],
    ['Status', statusWords[transaction.status]],
    ['Reference', transaction.id],
  ];
  return lines.filter((line): line is [string, string] => line[1] !== null && line[1] !== '');
}

/**
 * One history row as a one-page PDF receipt, drawn like the invoice PDF (standard Helvetica, nothing loaded
 * from disk or the network), rendered on demand and never stored.
 */
export function renderReceiptPdf(row: TransactionRow): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Receipt ${row.id}`, Author: 'Meridian' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(26).text('RECEIPT', LEFT, 50);
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text('Meridian transaction receipt', LEFT, 82);
  let y = 120;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  for (const [label, value] of receiptLines(row)) {
    y += 10;
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, LEFT, y, { width: 140 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, 200, y, { width: RIGHT - 200 });
    y = doc.y + 6;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  }
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(`Receipt ${row.id} · issued with Meridian`, LEFT, 770, {
      width: 495,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
