import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync as parseOfx } from 'ofx-js';
import { beforeAll, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { accountantPackUrl } from '@contract/accountant-pack';
import { Money } from '@contract/money';
import { withMoneyTransaction } from '../../db/money-transaction';
import { request, signUp, type Session } from '../../test/http';
import { walletsOf } from '../../test/money';
import { describeEachDatabase } from '../../test/test-app';
import { zipEntries } from '../../test/zip';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry } from '../ledger/ledger.service';
import { lastMillisecondOf } from './statement-test-books';

const camtSchema = readFileSync(join(import.meta.dirname, 'fixtures', 'camt.053.001.08.xsd'), 'utf8');

const camtProblems = async (xml: string) =>
  (
    await validateXML({
      xml: [{ fileName: 'statement.xml', contents: xml }],
      schema: [{ fileName: 'camt.053.001.08.xsd', contents: camtSchema }],
    })
  ).errors;

const wellFormednessProblems = async (xml: string) =>
  (await validateXML({ xml: [{ fileName: 'statement.ofx', contents: xml }], normalization: 'format' }))
    .errors;

/**
 * Text stored before the edge refused what XML cannot carry (written here through the ledger, as an import or
 * an older server would have): every file of the month must still be one an importer can read.
 */
describeEachDatabase('statements of text stored before the rule', (ctx) => {
  let ada: Session;
  let month: string;
  // PostgreSQL cannot store NUL; SQLite can, so only there is it part of what was stored.
  const unstorable = () => `\uFFFE\uFFFF\uFDD0\u0001\u{10FFFF}${ctx.dialect === 'sqlite' ? '\u0000' : ''}`;

  beforeAll(async () => {
    ada = await signUp(ctx.app);
    const usd = (await walletsOf(ctx.app, ada)).USD!;
    const now = new Date();
    month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const cent = Money.parse('0.01', 'USD');
    await withMoneyTransaction(ctx.app.db, (trx) =>
      postEntry(trx, {
        kind: 'deposit',
        description: `Entry ${unstorable()}`,
        createdAt: lastMillisecondOf(month),
        postings: [
          { accountId: usd.id, amount: cent },
          { accountId: houseAccountId('external', 'USD'), amount: cent.negated() },
        ],
        transactions: [
          {
            user_id: ada.user.id,
            wallet_id: usd.id,
            type: 'receive',
            amount: cent.minor,
            currency: 'USD',
            counterparty: `Mallory ${unstorable()}`,
            description: `One cent ${unstorable()} & <more>`,
            status: 'completed',
          },
        ],
      }),
    );
  });

  it('gives a CAMT.053 the ISO 20022 schema accepts, each such character shown as U+FFFD', async () => {
    const response = await request(ctx.app, ada, 'GET', `/api/statements/${month}/camt053`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await camtProblems(response.body)).toEqual([]);
    expect(response.body).toContain('<AddtlNtryInf>One cent \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD');
    expect(response.body).toContain('&amp; &lt;more&gt;</AddtlNtryInf>');
  });

  it('gives an OFX that is well-formed XML and parses', async () => {
    const response = await request(ctx.app, ada, 'GET', `/api/statements/${month}/ofx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await wellFormednessProblems(response.body)).toEqual([]);
    const ofx = parseOfx(response.body);
    const transaction = ofx.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.STMTTRN;
    expect(transaction.NAME).toMatch(/^Mallory \uFFFD+$/);
    expect(transaction.TRNAMT).toBe('0.01');
  });

  it("keeps the accountant's pack readable: its CAMT.053 and OFX files too", async () => {
    const period = { from: `${month}-01`, to: lastMillisecondOf(month).slice(0, 10) };
    const pack = await request(ctx.app, ada, 'GET', accountantPackUrl(period));
    expect(pack.statusCode, pack.body).toBe(200);
    const files = (await zipEntries(pack.rawPayload)).filter((entry) => entry.path.startsWith('statements/'));
    const xml = files.find((file) => file.path.endsWith('.xml'))!;
    const ofx = files.find((file) => file.path.endsWith('.ofx'))!;
    expect(await camtProblems(xml.content.toString('utf8'))).toEqual([]);
    expect(await wellFormednessProblems(ofx.content.toString('utf8'))).toEqual([]);
  });
});
