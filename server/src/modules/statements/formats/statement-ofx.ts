import { formatAmount } from '@contract/money';
import { clip, compactId, xmlText, type StatementSet, type StatedWallet } from '../statement-set';

/** OFX's date-time: "20261001000000.000[0:GMT]". */
const ofxTime = (iso: string) => `${iso.slice(0, 19).replace(/[-T:]/g, '')}.${iso.slice(20, 23)}[0:GMT]`;

// OFX 2.2 limits ACCTID to 22 characters: the wallet id's last 22 hex digits (its random part, stable).
const accountId = (walletId: string) => compactId(walletId).slice(-22);

const tag = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function statementResponse(set: StatementSet, wallet: StatedWallet): string {
  const money = (minor: bigint) => formatAmount(minor, wallet.currency);
  const transactions = wallet.movements.map((movement) =>
    [
      '<STMTTRN>',
      tag('TRNTYPE', movement.amount > 0n ? 'CREDIT' : 'DEBIT'),
      tag('DTPOSTED', ofxTime(movement.bookedAt)),
      tag('TRNAMT', money(movement.amount)),
      // The posting's id: the same movement has the same FITID in every download, so an importer skips it.
      tag('FITID', compactId(movement.postingId)),
      tag('NAME', clip(movement.counterparty || movement.description || movement.type, 32)),
      tag('MEMO', clip(movement.description || movement.type, 255)),
      '</STMTTRN>',
    ].join(''),
  );
  return [
    '<STMTTRNRS>',
    tag('TRNUID', `${compactId(wallet.walletId)}-${set.month}`),
    '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
    '<STMTRS>',
    tag('CURDEF', wallet.currency),
    `<BANKACCTFROM>${tag('BANKID', 'MERIDIAN')}${tag('ACCTID', accountId(wallet.walletId))}${tag('ACCTTYPE', 'CHECKING')}</BANKACCTFROM>`,
    '<BANKTRANLIST>',
    tag('DTSTART', ofxTime(wallet.from)),
    tag('DTEND', ofxTime(wallet.to)),
    ...transactions,
    '</BANKTRANLIST>',
    `<LEDGERBAL>${tag('BALAMT', money(wallet.closing))}${tag('DTASOF', ofxTime(set.closed ? wallet.to : set.generatedAt))}</LEDGERBAL>`,
    '</STMTRS>',
    '</STMTTRNRS>',
  ].join('\n');
}

/**
 * OFX 2.2 (XML): one bank statement response (STMTTRNRS) per wallet, every currency in the one file, each
 * movement's FITID its posting's id. Crypto wallets are included with their currency code as CURDEF.
 */
export function renderStatementOfx(set: StatementSet): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>',
    `${tag('DTSERVER', ofxTime(set.generatedAt))}${tag('LANGUAGE', 'ENG')}`,
    '<FI><ORG>Meridian</ORG><FID>MERIDIAN</FID></FI></SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    ...set.wallets.map((wallet) => statementResponse(set, wallet)),
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}
