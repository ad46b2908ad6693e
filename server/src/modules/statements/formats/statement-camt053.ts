import { kindOf } from '@contract/currencies';
import { formatAmount } from '@contract/money';
import { lastDay } from '../statement-month';
import { clip, compactId, xmlText, type StatementSet, type StatedWallet } from '../statement-set';

export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

/**
 * ISO 20022 allows at most 5 decimals in an amount and knows only ISO 4217 currencies, so bitcoin and ether
 * (8 decimals, no ISO code) cannot be stated in CAMT.053 without rounding: their wallets are left out of it
 * and stay in the PDF, CSV and OFX files of the same month.
 */
export const inCamt053 = (wallet: Pick<StatedWallet, 'currency'>) => kindOf(wallet.currency) === 'fiat';

const el = (name: string, inner: string) => `<${name}>${inner}</${name}>`;
const text = (name: string, value: string) => el(name, xmlText(value));

/** An unsigned amount with its credit/debit mark, as every CAMT amount is written. */
function amount(minor: bigint, currency: StatedWallet['currency']) {
  const value = formatAmount(minor < 0n ? -minor : minor, currency);
  return `<Amt Ccy="${currency}">${value}</Amt>${text('CdtDbtInd', minor < 0n ? 'DBIT' : 'CRDT')}`;
}

function balance(code: 'OPBD' | 'CLBD' | 'ITBD', minor: bigint, day: string, wallet: StatedWallet) {
  return el(
    'Bal',
    `${el('Tp', el('CdOrPrtry', text('Cd', code)))}${amount(minor, wallet.currency)}${el('Dt', text('Dt', day))}`,
  );
}

function statement(set: StatementSet, wallet: StatedWallet): string {
  const entries = wallet.movements.map((movement) => {
    const reference = compactId(movement.postingId);
    const info = clip(movement.description, 500);
    return el(
      'Ntry',
      [
        // The posting's id: stable across downloads, so an importer recognises the entry again.
        text('NtryRef', reference),
        amount(movement.amount, wallet.currency),
        el('Sts', text('Cd', 'BOOK')),
        el('BookgDt', text('DtTm', movement.bookedAt)),
        el('ValDt', text('Dt', movement.bookedAt.slice(0, 10))),
        text('AcctSvcrRef', reference),
        el('BkTxCd', el('Prtry', text('Cd', clip(movement.type, 35)) + text('Issr', 'MERIDIAN'))),
        info ? text('AddtlNtryInf', info) : '',
      ].join(''),
    );
  });
  return el(
    'Stmt',
    [
      text('Id', `${set.month}-${wallet.currency}`),
      text('CreDtTm', set.generatedAt),
      el(
        'FrToDt',
        text('FrDtTm', wallet.from) +
          text('ToDtTm', set.closed ? `${lastDay(set.month)}T23:59:59.999Z` : set.generatedAt),
      ),
      el(
        'Acct',
        el(
          'Id',
          el('Othr', text('Id', compactId(wallet.walletId)) + el('SchmeNm', text('Prtry', 'MERIDIAN'))),
        ) + text('Ccy', wallet.currency),
      ),
      balance('OPBD', wallet.opening, wallet.from.slice(0, 10), wallet),
      // A month under way has no closing balance yet: its latest is an interim one (ITBD).
      balance(
        set.closed ? 'CLBD' : 'ITBD',
        wallet.closing,
        set.closed ? lastDay(set.month) : set.generatedAt.slice(0, 10),
        wallet,
      ),
      ...entries,
    ].join('\n'),
  );
}

// MsgId is at most 35 characters: the month and the user's id, the same for every download of the month.
const messageId = (set: StatementSet) => `${set.month.replace('-', '')}-${compactId(set.userId).slice(-28)}`;

/**
 * A CAMT.053.001.08 bank-to-customer statement: one file for the month, one Stmt per (fiat) wallet, each
 * with its opening (OPBD) and closing (CLBD) balance and every movement as an Ntry whose NtryRef and
 * AcctSvcrRef are the movement's posting id.
 */
export function renderStatementCamt053(set: StatementSet): string {
  const wallets = set.wallets.filter(inCamt053);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${CAMT053_NAMESPACE}">`,
    '<BkToCstmrStmt>',
    el('GrpHdr', text('MsgId', messageId(set)) + text('CreDtTm', set.generatedAt)),
    ...wallets.map((wallet) => statement(set, wallet)),
    '</BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n');
}
