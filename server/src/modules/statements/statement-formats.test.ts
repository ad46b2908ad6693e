import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync as parseOfx } from 'ofx-js';
import { beforeAll, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Currency } from '@contract/currencies';
import { parseAmount } from '@contract/money';
import type { StatementList, WalletStatement } from '@contract/statements';
import { pdfText } from '../../test/pdf-text';
import { request } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { statementBooks, type StatementBooks } from './statement-test-books';

const camtSchema = readFileSync(join(import.meta.dirname, 'fixtures', 'camt.053.001.08.xsd'), 'utf8');

/** A signed decimal in minor units ("-12.34" EUR → -1234n). */
const signedMinor = (decimal: string, currency: Currency) =>
  decimal.startsWith('-') ? -parseAmount(decimal.slice(1), currency) : parseAmount(decimal, currency);

/** What the test reads of one OFX statement response, as ofx-js parses it. */
interface OfxStatementResponse {
  STMTRS: {
    CURDEF: Currency;
    BANKTRANLIST: { STMTTRN?: Record<string, string> | Array<Record<string, string>> };
    LEDGERBAL: { BALAMT: string };
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

describeEachDatabase('statement formats', (ctx) => {
  let books: StatementBooks;
  let month: string;
  let expected: WalletStatement[];
  const download = (format: string, query = '') =>
    request(ctx.app, books.session, 'GET', `/api/statements/${month}/${format}${query}`);

  beforeAll(async () => {
    books = await statementBooks(ctx.app);
    const list = (await request(ctx.app, books.session, 'GET', '/api/statements')).json() as StatementList;
    // Last month: every wallet moved, bitcoin too, and it is closed.
    month = list.months[1]!.month;
    expected = list.months[1]!.wallets;
  });

  const figures = (currency: string) => expected.find((wallet) => wallet.currency === currency)!;
  const moved = (wallet: WalletStatement) =>
    parseAmount(wallet.moneyIn, wallet.currency) - parseAmount(wallet.moneyOut, wallet.currency);

  it('CAMT.053 validates against the ISO 20022 schema, every fiat wallet with the ledger figures', async () => {
    const response = await download('camt053');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="meridian-statement-${month}-all.xml"`,
    );
    const xml = response.body;
    const result = await validateXML({
      xml: [{ fileName: 'statement.xml', contents: xml }],
      schema: [{ fileName: 'camt.053.001.08.xsd', contents: camtSchema }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);

    const statements = [...xml.matchAll(/<Stmt>([\s\S]*?)<\/Stmt>/g)].map((match) => match[1]!);
    expect(statements).toHaveLength(2); // USD and EUR; bitcoin has no ISO 20022 amount
    for (const stmt of statements) {
      const currency = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(stmt)![1] as Currency;
      const wallet = figures(currency);
      const balance = (code: string) => {
        const match = new RegExp(
          `<Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">([0-9.]+)</Amt><CdtDbtInd>CRDT</CdtDbtInd>`,
        ).exec(stmt)!;
        return match[1];
      };
      expect(balance('OPBD')).toBe(wallet.opening);
      expect(balance('CLBD')).toBe(wallet.closing);
      const entries = [
        ...stmt.matchAll(/<Ntry>[\s\S]*?<Amt Ccy="\w+">([0-9.]+)<\/Amt><CdtDbtInd>(CRDT|DBIT)/g),
      ];
      expect(entries).toHaveLength(wallet.movements);
      const sum = entries.reduce(
        (total, [, amount, mark]) => total + (mark === 'DBIT' ? -1n : 1n) * parseAmount(amount!, currency),
        0n,
      );
      expect(sum).toBe(moved(wallet));
    }
  });

  it('OFX 2 parses, one STMTTRNRS per wallet, the totals the ledger holds', async () => {
    const response = await download('ofx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ofx/);
    // Well-formed XML first (OFX 2 is XML), then read by an OFX parser.
    const wellFormed = await validateXML({
      xml: [{ fileName: 'statement.ofx', contents: response.body }],
      normalization: 'format',
    });
    expect(wellFormed.errors).toEqual([]);
    const ofx = parseOfx(response.body);
    expect(ofx.header).toBeDefined();
    const responses = asArray(ofx.OFX.BANKMSGSRSV1.STMTTRNRS) as OfxStatementResponse[];
    expect(responses.map((each) => each.STMTRS.CURDEF).sort()).toEqual(['BTC', 'EUR', 'USD']);
    for (const each of responses) {
      const wallet = figures(each.STMTRS.CURDEF);
      const transactions = asArray(each.STMTRS.BANKTRANLIST.STMTTRN);
      expect(transactions).toHaveLength(wallet.movements);
      const sum = transactions.reduce((total, trn) => total + signedMinor(trn.TRNAMT!, wallet.currency), 0n);
      expect(sum).toBe(moved(wallet));
      expect(each.STMTRS.LEDGERBAL.BALAMT).toBe(wallet.closing);
      for (const trn of transactions) expect(trn.FITID).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('gives every movement the same id in every download and every format', async () => {
    const ids = async (format: string, pattern: RegExp) =>
      [...(await download(format)).body.matchAll(pattern)].map((match) => match[1]).sort();
    const fitIds = await ids('ofx', /<FITID>([0-9a-f]+)<\/FITID>/g);
    expect(await ids('ofx', /<FITID>([0-9a-f]+)<\/FITID>/g)).toEqual(fitIds);
    const camtIds = await ids('camt053', /<NtryRef>([0-9a-f]+)<\/NtryRef>/g);
    expect(camtIds.every((id) => fitIds.includes(id))).toBe(true);
    const csvIds = (await download('csv')).body
      .split('\r\n')
      .slice(1)
      .filter((line) => line && !/(opening|closing) balance/.test(line))
      .map((line) => line.split(',').at(-3)!)
      .filter(Boolean)
      .map((id) => id.replaceAll('-', ''))
      .sort();
    expect(csvIds).toEqual(fitIds);
  });

  it('CSV: an opening and a closing line per wallet, the movements between summing to the difference', async () => {
    const response = await download('csv', `?wallet=${books.wallets.EUR!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="meridian-statement-${month}-eur.csv"`,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'wallet,currency,booked at,type,description,counterparty,amount,balance,reference,entry,history id',
    );
    const eur = figures('EUR');
    expect(lines[1]).toContain(`opening balance,,,,${eur.opening}`);
    expect(lines.at(-1)).toContain(`closing balance,,,,${eur.closing}`);
    // Counted from the end: descriptions may hold quoted commas, the last five columns never do.
    const amounts = lines.slice(2, -1).map((line) => signedMinor(line.split(',').at(-5)!, 'EUR'));
    expect(amounts.reduce((a, b) => a + b, 0n)).toBe(moved(eur));
    expect(response.body).toContain('Café Überraschung');
  });

  it('PDF: the figures, the movements and the digest chain, in readable text', async () => {
    const response = await download('pdf', `?wallet=${books.wallets.USD!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    const usd = figures('USD');
    expect(text).toContain('STATEMENT');
    expect(text).toContain('UTC calendar month');
    expect(text).toContain('First instant of the month');
    expect(text).toContain(`Digest (SHA-256): ${usd.digest}`);
    expect(text).toContain(`Previous statement: ${usd.previousDigest}`);
    expect(text).toContain('$200.00');

    const all = await pdfText((await download('pdf')).rawPayload);
    expect(all).toContain('Bitcoin wallet (BTC)');
    expect(all).toContain('Euro wallet (EUR)');
    expect(all).toContain('Žluťoučký');
  });

  it('says "so far" for the month under way, with no digest', async () => {
    const current = new Date().toISOString().slice(0, 7);
    const response = await request(
      ctx.app,
      books.session,
      'GET',
      `/api/statements/${current}/pdf?wallet=${books.wallets.USD!.id}`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('not a closed statement');
    expect(text).toContain('No digest yet');
    const camt = await request(ctx.app, books.session, 'GET', `/api/statements/${current}/camt053`);
    expect(camt.body).toContain('<Cd>ITBD</Cd>');
    expect(camt.body).not.toContain('<Cd>CLBD</Cd>');
  });

  it('refuses CAMT.053 for a crypto wallet alone (no ISO 20022 amount for it)', async () => {
    const response = await download('camt053', `?wallet=${books.wallets.BTC!.id}`);
    expect(response.statusCode).toBe(422);
  });
});
