import type { Kysely } from 'kysely';
import { formatAmount } from '@contract/money';
import {
  statementFileExtension,
  type StatementFormat,
  type StatementList,
  type StatementMonth,
  type VerifyResult,
} from '@contract/statements';
import type { Database } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import type { PdfFonts } from '../invoices/pdf-fonts';
import { listOwnWallets, type WalletRow } from '../wallets/wallets';
import { closeEndedMonths, closableBefore } from './statement-closing';
import type { StatementSealer } from './statement-seal';
import { renderStatementCamt053, inCamt053 } from './formats/statement-camt053';
import { renderStatementCsv } from './formats/statement-csv';
import { renderStatementOfx } from './formats/statement-ofx';
import { renderStatementPdf } from './formats/statement-pdf';
import { readWalletMonth } from './statement-reading';
import { currentMonth, monthOf, monthsFrom, nextMonth } from './statement-month';
import type { StatementSet } from './statement-set';
import { verifyStatements } from './statement-verify';
import * as repo from './statements.repository';

export type StatementsService = ReturnType<typeof createStatementsService>;

export interface StatementFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

const contentTypes: Record<StatementFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  ofx: 'application/x-ofx',
  camt053: 'application/xml',
};

/** Each wallet's first month (opened, or its first entry if earlier): it has statements from then on. */
async function firstMonths(db: Kysely<Database>, wallets: readonly WalletRow[]) {
  const totals = await repo.monthlyTotals(
    db,
    wallets.map((wallet) => wallet.id),
  );
  const first = new Map(wallets.map((wallet) => [wallet.id, monthOf(wallet.created_at)]));
  for (const row of totals) {
    if (row.month < first.get(row.account_id)!) first.set(row.account_id, row.month);
  }
  return { first, totals };
}

/**
 * Statements: the months × wallets list, each month's files in every format, and the chain check. Ended
 * months are closed (their digests stored and sealed) the first time anything here is asked after they end.
 */
export function createStatementsService(deps: {
  db: Kysely<Database>;
  sealer: StatementSealer;
  fonts: () => PdfFonts;
}) {
  const { db, sealer } = deps;

  const walletsClosed = async (userId: string, now: Date) => {
    const wallets = await listOwnWallets(db, userId);
    await closeEndedMonths({ db, sealer }, userId, wallets, now);
    return wallets;
  };

  /** The figures and stored digests of `month` for the user's wallets (or the one asked for). */
  async function statementSet(userId: string, month: string, walletId: string | undefined, now: Date) {
    if (month > currentMonth(now)) throw invalidFields({ month: `${month} has not begun yet` });
    const all = await walletsClosed(userId, now);
    if (walletId !== undefined && !all.some((wallet) => wallet.id === walletId)) throw notFound('Wallet');
    const { first } = await firstMonths(db, all);
    const wallets = all.filter(
      (wallet) => (walletId === undefined || wallet.id === walletId) && first.get(wallet.id)! <= month,
    );
    if (wallets.length === 0) throw notFound('Statement');
    const closed = month < closableBefore(now);
    const stated = [];
    for (const wallet of wallets) {
      const figures = await readWalletMonth(db, userId, wallet, month);
      const stored = closed ? await repo.closedStatement(db, wallet.id, month) : undefined;
      stated.push({
        ...figures,
        digest: stored?.digest ?? null,
        previousDigest: stored?.previous_digest ?? null,
      });
    }
    const set: StatementSet = { userId, month, closed, generatedAt: now.toISOString(), wallets: stated };
    return set;
  }

  async function render(set: StatementSet, format: StatementFormat, scope: string): Promise<StatementFile> {
    const fileName = `meridian-statement-${set.month}-${scope}.${statementFileExtension[format]}`;
    const contentType = contentTypes[format];
    switch (format) {
      case 'pdf':
        return { fileName, contentType, body: await renderStatementPdf(set, deps.fonts()) };
      case 'csv':
        return { fileName, contentType, body: renderStatementCsv(set) };
      case 'ofx':
        return { fileName, contentType, body: renderStatementOfx(set) };
      case 'camt053':
        if (!set.wallets.some(inCamt053)) {
          throw new AppError('BUSINESS_RULE', 'CAMT.053 states fiat wallets only: use OFX or CSV for crypto');
        }
        return { fileName, contentType, body: renderStatementCamt053(set) };
    }
  }

  return {
    /** Every month from the user's first to the current one, newest first, with each wallet's figures. */
    async list(userId: string, now = new Date()): Promise<StatementList> {
      const wallets = await walletsClosed(userId, now);
      const { first, totals } = await firstMonths(db, wallets);
      const stored = new Map(
        (await repo.closedStatementsOf(db, userId)).map((row) => [`${row.account_id}|${row.month}`, row]),
      );
      const sums = new Map(totals.map((row) => [`${row.account_id}|${row.month}`, row]));
      const current = currentMonth(now);
      const earliest = [...first.values()].sort()[0] ?? current;
      const closedBefore = closableBefore(now);
      const months: StatementMonth[] = monthsFrom(earliest, current).map((month) => ({
        month,
        closed: month < closedBefore,
        wallets: [],
      }));
      for (const wallet of wallets) {
        let balance = 0n;
        for (const entry of months) {
          if (entry.month < first.get(wallet.id)!) continue;
          const key = `${wallet.id}|${entry.month}`;
          const sum = sums.get(key);
          const moneyIn = sum ? BigInt(sum.money_in) : 0n;
          const moneyOut = sum ? BigInt(sum.money_out) : 0n;
          const opening = balance;
          balance = opening + moneyIn - moneyOut;
          const sealed = stored.get(key);
          const money = (minor: bigint) => formatAmount(minor, wallet.currency);
          entry.wallets.push({
            walletId: wallet.id,
            currency: wallet.currency,
            month: entry.month,
            closed: entry.closed,
            opening: money(opening),
            closing: money(balance),
            moneyIn: money(moneyIn),
            moneyOut: money(moneyOut),
            movements: sum ? Number(sum.count) : 0,
            digest: sealed?.digest ?? null,
            previousDigest: sealed?.previous_digest ?? null,
          });
        }
      }
      return { months: months.reverse() };
    },

    /** One file of `month`: every wallet, or the user's `walletId` (another user's is a 404). */
    async file(
      userId: string,
      month: string,
      format: StatementFormat,
      walletId?: string,
      now = new Date(),
    ): Promise<StatementFile> {
      const set = await statementSet(userId, month, walletId, now);
      return render(set, format, walletId ? set.wallets[0]!.currency.toLowerCase() : 'all');
    },

    /** The check of every statement of the user's wallets, after closing the months that have ended. */
    async verify(userId: string, now = new Date()): Promise<VerifyResult> {
      const wallets = await walletsClosed(userId, now);
      return verifyStatements({ db, sealer }, userId, wallets, now);
    },

    /** The closed months in [from, to], every format each (the accountant pack's statements). */
    async *closedFiles(userId: string, from: string, to: string, now = new Date()) {
      const lastClosed = closableBefore(now);
      const wallets = await walletsClosed(userId, now);
      const { first } = await firstMonths(db, wallets);
      const earliest = [...first.values()].sort()[0];
      if (!earliest) return;
      for (
        let month = from < earliest ? earliest : from;
        month <= to && month < lastClosed;
        month = nextMonth(month)
      ) {
        const set = await statementSet(userId, month, undefined, now);
        for (const format of ['pdf', 'csv', 'ofx', 'camt053'] as const) {
          if (format === 'camt053' && !set.wallets.some(inCamt053)) continue;
          yield await render(set, format, 'all');
        }
      }
    },
  };
}
