import type { Currency } from '@contract/currencies';
import { houseAccountId } from '../ledger/house-accounts';
import type { EntryInput } from '../ledger/ledger.service';
import type { ConversionFigures } from './fx-math';

/**
 * The one entry of an exchange, in two currencies, each balancing through the FX liquidity accounts:
 *   from-wallet −total · fx_liquidity[from] +amount · fees[from] +fee   (in `from`)
 *   fx_liquidity[to] −converted · to-wallet +converted                  (in `to`)
 * plus the user's "exchange" history row. Used by conversions and by the demo's backdated history.
 */
export function exchangeEntry(
  userId: string,
  wallets: { sourceId: string; targetId: string },
  figures: ConversionFigures,
  options: { rateTimestamp: string; createdAt?: string },
): EntryInput {
  const { original, converted, fee, total } = figures;
  const from: Currency = original.currency;
  const to: Currency = converted.currency;
  const description = `Exchanged ${from} to ${to}`;
  return {
    kind: 'exchange',
    description,
    metadata: { rate: figures.rate.text, rateTimestamp: options.rateTimestamp },
    ...(options.createdAt && { createdAt: options.createdAt }),
    postings: [
      { accountId: wallets.sourceId, amount: total.negated() },
      { accountId: houseAccountId('fx_liquidity', from), amount: original },
      { accountId: houseAccountId('fees', from), amount: fee },
      { accountId: houseAccountId('fx_liquidity', to), amount: converted.negated() },
      { accountId: wallets.targetId, amount: converted },
    ],
    transactions: [
      {
        user_id: userId,
        wallet_id: wallets.sourceId,
        type: 'exchange',
        amount: original.minor,
        currency: from,
        fee: fee.minor,
        from_currency: from,
        to_currency: to,
        exchange_rate: figures.rate.text,
        converted_amount: converted.minor,
        description,
        status: 'completed',
      },
    ],
  };
}
