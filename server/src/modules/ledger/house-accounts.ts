import type { Kysely } from 'kysely';
import { currencyCodes, type Currency } from '@contract/currencies';
import type { Book, Database } from '../../db/schema';
import { insertHouseAccounts } from './ledger.repository';

/**
 * Meridian's own side of every entry, one account per kind and currency:
 * - external: the world outside Meridian (bank rails, card networks, clients paying in). It goes negative as
 *   money enters Meridian, so the sum over all accounts of a currency stays zero.
 * - fees: what Meridian earned.
 * - fx_liquidity: the pool conversions sell from and buy into.
 * - card_settlement: card payments on their way to the card network.
 * - payouts_pending: transfers to people outside Meridian, accepted but not yet paid out (modules/transfers);
 *   settlement moves each payout on to `external`. Its balance is what is in transit right now.
 * - held_transfers: money sent by email to an address no verified account has yet (modules/transfers); it
 *   lands when the address is verified or goes back to the sender.
 * - processor_fees: what the card processor (Stripe) kept of a card payment, taken from the wallet it paid
 *   into (modules/payments).
 * They have deterministic ids so any module can name them without a lookup.
 *
 * Each book has its own set: the demo book's `external` is where play money comes from and goes to, so the
 * demo never draws on (or pays into) the real world. Callers name the live account; postEntry moves a demo
 * entry's house postings to the demo book's account of the same kind.
 */
export const houseKinds = [
  'external',
  'fees',
  'fx_liquidity',
  'card_settlement',
  'payouts_pending',
  'held_transfers',
  'processor_fees',
] as const;
export type HouseKind = (typeof houseKinds)[number];

export const books = ['live', 'demo'] as const satisfies Book[];

export const houseAccountId = (kind: HouseKind, currency: Currency, book: Book = 'live') =>
  book === 'live' ? `house:${kind}:${currency}` : `house:${book}:${kind}:${currency}`;

const houseKindSet: ReadonlySet<string> = new Set(houseKinds);
export const isHouseKind = (kind: string): kind is HouseKind => houseKindSet.has(kind);

/** Creates any missing house account (a new currency, a fresh database). Safe to run on every start. */
export async function ensureHouseAccounts(db: Kysely<Database>): Promise<void> {
  const createdAt = new Date().toISOString();
  const rows = books.flatMap((book) =>
    houseKinds.flatMap((kind) =>
      currencyCodes.map((currency) => ({
        id: houseAccountId(kind, currency, book),
        user_id: null,
        kind,
        currency,
        balance: null,
        book,
        created_at: createdAt,
      })),
    ),
  );
  await insertHouseAccounts(db, rows);
}
