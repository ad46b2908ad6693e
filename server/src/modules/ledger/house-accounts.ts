import type { Kysely } from 'kysely';
import { currencyCodes, type Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';

/**
 * Meridian's own side of every entry, one account per kind and currency:
 * - external: the world outside Meridian (bank rails, card networks, clients paying in). It goes negative as
 *   money enters Meridian, so the sum over all accounts of a currency stays zero.
 * - fees: what Meridian earned.
 * - fx_liquidity: the pool conversions sell from and buy into.
 * - card_settlement: card payments on their way to the card network.
 * - payouts_pending: transfers to people outside Meridian, accepted but not yet paid out (modules/transfers);
 *   settlement moves each payout on to `external`. Its balance is what is in transit right now.
 * They have deterministic ids so any module can name them without a lookup.
 */
export const houseKinds = ['external', 'fees', 'fx_liquidity', 'card_settlement', 'payouts_pending'] as const;
export type HouseKind = (typeof houseKinds)[number];

export const houseAccountId = (kind: HouseKind, currency: Currency) => `house:${kind}:${currency}`;

/** Creates any missing house account (a new currency, a fresh database). Safe to run on every start. */
export async function ensureHouseAccounts(db: Kysely<Database>): Promise<void> {
  const createdAt = new Date().toISOString();
  const rows = houseKinds.flatMap((kind) =>
    currencyCodes.map((currency) => ({
      id: houseAccountId(kind, currency),
      user_id: null,
      kind,
      currency,
      balance: null,
      created_at: createdAt,
    })),
  );
  await db
    .insertInto('ledger_accounts')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
