import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { Wallet } from '@contract/wallets';
import type { App } from '../app';
import type { Database } from '../db/schema';
import { houseAccountId } from '../modules/ledger/house-accounts';
import { postEntry } from '../modules/ledger/ledger.service';
import { withMoneyTransaction } from '../db/money-transaction';
import { request, type Session } from './http';

/** Test-side helpers for money: wallets by currency, funding, and a snapshot to prove nothing changed. */
export const newKey = () => ({ 'idempotency-key': randomUUID() });

export async function walletsOf(app: App, session: Session): Promise<Record<string, Wallet>> {
  const response = await request(app, session, 'GET', '/api/wallets');
  if (response.statusCode !== 200)
    throw new Error(`GET /api/wallets: ${response.statusCode} ${response.body}`);
  return Object.fromEntries((response.json() as Wallet[]).map((wallet) => [wallet.currency, wallet]));
}

/** Credits a wallet from the external world straight through the ledger (no HTTP, no sandbox cap). */
export function fund(db: Kysely<Database>, walletId: string, amount: string, currency: Currency) {
  const money = Money.parse(amount, currency);
  return withMoneyTransaction(db, (trx) =>
    postEntry(trx, {
      kind: 'deposit',
      description: 'Test funding',
      postings: [
        { accountId: walletId, amount: money },
        { accountId: houseAccountId('external', currency), amount: money.negated() },
      ],
    }),
  );
}

/** Everything a money movement could change, to compare before and after a rejected request. */
export async function ledgerSnapshot(db: Kysely<Database>) {
  const count = async (table: 'journal_entries' | 'postings' | 'transactions' | 'idempotency_keys') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'balance']).orderBy('id').execute();
  return {
    entries: await count('journal_entries'),
    postings: await count('postings'),
    transactions: await count('transactions'),
    idempotencyKeys: await count('idempotency_keys'),
    balances: Object.fromEntries(accounts.map((account) => [account.id, String(account.balance)])),
  };
}

/** A house account's balance: the sum of its postings (house accounts keep no cached balance). */
export async function houseBalance(db: Kysely<Database>, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('postings')
    .select(sql<string>`cast(coalesce(sum(amount), 0) as text)`.as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Sends USD by email as the sketch's payload does, with a fresh Idempotency-Key. */
export const sendUsd = (app: App, from: Session, recipientEmail: string, amount: string) =>
  request(app, from, 'POST', '/api/transactions', { amount, fromCurrency: 'USD', recipientEmail }, newKey());
