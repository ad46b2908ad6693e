import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { Wallet } from '@contract/wallets';
import { withMoneyTransaction } from '../../db/money-transaction';
import type { Database } from '../../db/schema';
import type { App } from '../../app';
import { signUp, type Session } from '../../test/http';
import { walletsOf } from '../../test/money';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry } from '../ledger/ledger.service';

/**
 * Test books for statements: a user whose wallets had movements in earlier UTC months (entries backdated
 * through the ledger, each with its history row, as the demo seed writes them), including entries in the
 * last and first millisecond of a month, so month boundaries are exercised.
 */
export async function postAt(
  db: Kysely<Database>,
  userId: string,
  wallet: Wallet,
  amount: string,
  at: string,
  description: string,
) {
  const money = Money.parse(amount.replace(/^-/, ''), wallet.currency as Currency);
  const signed = amount.startsWith('-') ? money.negated() : money;
  return withMoneyTransaction(db, (trx) =>
    postEntry(trx, {
      kind: signed.isNegative() ? 'payout' : 'deposit',
      description,
      createdAt: at,
      postings: [
        { accountId: wallet.id, amount: signed },
        { accountId: houseAccountId('external', wallet.currency as Currency), amount: signed.negated() },
      ],
      transactions: [
        {
          user_id: userId,
          wallet_id: wallet.id,
          type: signed.isNegative() ? 'send' : 'deposit',
          amount: money.minor,
          currency: wallet.currency as Currency,
          counterparty: signed.isNegative() ? 'Žluťoučký kůň s.r.o. & <Partners>' : null,
          description,
          status: 'completed',
        },
      ],
    }),
  );
}

export interface StatementBooks {
  session: Session;
  userId: string;
  wallets: Record<string, Wallet>;
}

/** A new user with USD, EUR and BTC movements in three past months (and one in the month under way). */
export async function statementBooks(app: App, now = new Date()): Promise<StatementBooks> {
  const session = await signUp(app);
  const userId = session.user.id;
  const wallets = await walletsOf(app, session);
  const { usd, eur, btc } = { usd: wallets.USD!, eur: wallets.EUR!, btc: wallets.BTC! };
  const month = (back: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return date.toISOString().slice(0, 7);
  };
  const [m3, m2, m1] = [month(3), month(2), month(1)];
  await postAt(app.db, userId, usd, '1000.00', `${m3}-05T10:00:00.000Z`, 'Client payment, March project');
  await postAt(app.db, userId, usd, '-125.50', `${m3}-20T08:30:00.000Z`, 'Rent for the studio');
  await postAt(app.db, userId, eur, '300.00', `${m3}-28T12:00:00.000Z`, 'Invoice INV-7 paid');
  // The last millisecond of m2, then the first of m1: each in its own month.
  await postAt(app.db, userId, usd, '49.99', `${m2}-02T00:00:00.000Z`, 'Early in the month');
  await postAt(app.db, userId, usd, '-0.01', `${lastMillisecondOf(m2)}`, 'Last instant of the month');
  await postAt(app.db, userId, usd, '200.00', `${m1}-01T00:00:00.000Z`, 'First instant of the month');
  await postAt(app.db, userId, btc, '0.12345678', `${m1}-15T15:15:15.015Z`, 'Bitcoin bought elsewhere');
  await postAt(app.db, userId, eur, '-12.34', `${m1}-16T09:00:00.000Z`, 'Café Überraschung');
  await postAt(app.db, userId, usd, '10.00', new Date().toISOString(), 'So far this month');
  return { session, userId, wallets };
}

export function lastMillisecondOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1) - 1).toISOString();
}

/** The ledger's own answer: the sum of the account's postings booked before `before`. */
export async function ledgerBalanceBefore(db: Kysely<Database>, accountId: string, before: string) {
  const rows = await db
    .selectFrom('postings')
    .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
    .select('postings.amount')
    .where('postings.account_id', '=', accountId)
    .where('journal_entries.created_at', '<', before)
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
}
