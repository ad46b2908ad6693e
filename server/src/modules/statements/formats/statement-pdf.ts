import PDFDocument from 'pdfkit';
import { currencies } from '@contract/currencies';
import { formatDay } from '@contract/dates';
import { displayMoney, Money } from '@contract/money';
import { pdfWriter, type PdfFonts } from '../../invoices/pdf-fonts';
import { lastDay } from '../statement-month';
import type { StatementSet, StatedWallet } from '../statement-set';

const INK = '#0f172a';
const MUTED = '#64748b';
const ACCENT = '#4f46e5';
const RULE = '#e2e8f0';
const LEFT = 50;
const RIGHT = 545; // A4 is 595 pt wide; 50 pt margins.
const BOTTOM = 770;
// Columns: date, description, amount, balance.
const COLUMNS = { date: LEFT, description: 130, amount: 360, balance: 455 } as const;

type Write = ReturnType<typeof pdfWriter>;

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function walletPages(doc: PDFKit.PDFDocument, write: Write, set: StatementSet, wallet: StatedWallet) {
  const money = (minor: bigint) => displayMoney(Money.of(minor, wallet.currency));
  doc.fillColor(ACCENT).fontSize(24);
  write('STATEMENT', 'bold', LEFT, 50);
  doc.fillColor(INK).fontSize(12);
  write(
    `${currencies[wallet.currency].name} wallet (${wallet.currency}) · ${monthName(set.month)}`,
    'bold',
    LEFT,
    84,
  );
  doc.fillColor(MUTED).fontSize(9);
  const end = set.closed ? formatDay(lastDay(set.month)) : `${formatDay(set.generatedAt)} (so far)`;
  write(
    `${formatDay(wallet.from)} to ${end}, UTC calendar month · Wallet ${wallet.walletId}`,
    'regular',
    LEFT,
    102,
    { width: RIGHT - LEFT },
  );
  if (!set.closed) {
    doc.fillColor(ACCENT);
    write('The month is not over: this shows its movements so far and is not a closed statement.', 'regular');
  }

  let y = doc.y + 14;
  const summary: Array<[string, string]> = [
    ['Opening balance', money(wallet.opening)],
    ['Money in', money(wallet.moneyIn)],
    ['Money out', money(-wallet.moneyOut)],
    [set.closed ? 'Closing balance' : 'Balance so far', money(wallet.closing)],
  ];
  for (const [label, value] of summary) {
    doc.fillColor(MUTED).fontSize(10);
    write(label, 'regular', LEFT, y, { width: 200 });
    doc.fillColor(INK);
    write(value, 'bold', 250, y, { width: RIGHT - 250, align: 'right' });
    y = doc.y + 4;
  }

  const heading = () => {
    y += 8;
    doc.fillColor(MUTED).fontSize(9);
    write('Date', 'bold', COLUMNS.date, y);
    write('Description', 'bold', COLUMNS.description, y);
    write('Amount', 'bold', COLUMNS.amount, y, { width: 85, align: 'right' });
    write('Balance', 'bold', COLUMNS.balance, y, { width: RIGHT - COLUMNS.balance, align: 'right' });
    y = doc.y + 4;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
    y += 4;
  };
  heading();
  if (wallet.movements.length === 0) {
    doc.fillColor(MUTED).fontSize(10);
    write('No movements in this month.', 'regular', LEFT, y);
    y = doc.y + 4;
  }
  for (const movement of wallet.movements) {
    if (y > BOTTOM - 40) {
      doc.addPage();
      y = 50;
      heading();
    }
    doc.fillColor(INK).fontSize(9);
    write(formatDay(movement.bookedAt, 'short'), 'regular', COLUMNS.date, y, { width: 75 });
    const description = movement.counterparty
      ? `${movement.description} · ${movement.counterparty}`
      : movement.description;
    write(description, 'regular', COLUMNS.description, y, { width: 220 });
    const rowBottom = doc.y;
    write(money(movement.amount), 'regular', COLUMNS.amount, y, { width: 85, align: 'right' });
    write(money(movement.balanceAfter), 'regular', COLUMNS.balance, y, {
      width: RIGHT - COLUMNS.balance,
      align: 'right',
    });
    y = Math.max(rowBottom, doc.y) + 3;
  }

  if (y > BOTTOM - 70) {
    doc.addPage();
    y = 50;
  }
  y += 10;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(RULE).stroke();
  y += 8;
  doc.fillColor(MUTED).fontSize(8);
  if (wallet.digest) {
    write(`Digest (SHA-256): ${wallet.digest}`, 'regular', LEFT, y, { width: RIGHT - LEFT });
    write(`Previous statement: ${wallet.previousDigest}`, 'regular', LEFT, doc.y + 2, {
      width: RIGHT - LEFT,
    });
    write(
      'The digest seals this month’s entries and the statement before it; check the chain at /api/statements/verify.',
      'regular',
      LEFT,
      doc.y + 2,
      { width: RIGHT - LEFT },
    );
  } else {
    write('No digest yet: a month is sealed once it has ended.', 'regular', LEFT, y, { width: RIGHT - LEFT });
  }
}

/**
 * The statement as a PDF: each wallet from a new page, its opening balance, money in and out, every movement
 * with the balance after it, the closing balance, and the digest chain. Written in DejaVu Sans (the invoice
 * PDFs' fonts: any Latin, Greek or Cyrillic description renders), on demand and never stored.
 */
export function renderStatementPdf(set: StatementSet, fonts: PdfFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Meridian statement ${set.month}`, Author: 'Meridian' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = pdfWriter(doc, fonts);
  set.wallets.forEach((wallet, index) => {
    if (index > 0) doc.addPage();
    walletPages(doc, write, set, wallet);
  });
  doc.end();
  return done;
}
