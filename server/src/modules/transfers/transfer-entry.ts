import type { Currency } from '@contract/currencies';
import { houseAccountId } from '../ledger/house-accounts';
import type { EntryInput, PostingInput } from '../ledger/ledger.service';
import type { NewTransaction } from '../transactions/history';
import type { TransferFigures } from './transfer-pricing';

export interface Sender {
  userId: string;
  walletId: string;
  /** Shown to the recipient as who paid them. */
  displayName: string;
  email: string;
}

/**
 * A verified Meridian user (paid into their wallet at once); an address no verified account has yet (held
 * until one verifies it, or returned: held-transfers.ts); or, from a demo only, a simulated outside recipient
 * (an external payout in the demo book, pending until settlement).
 */
export type Payee =
  | { kind: 'customer'; userId: string; walletId: string; displayName: string; email: string }
  | { kind: 'held'; email: string }
  | { kind: 'external'; email: string };

const destinationKind = { held: 'held_transfers', external: 'payouts_pending' } as const;
const entryKind = { customer: 'transfer', held: 'held_transfer', external: 'payout' } as const;

/**
 * The one entry of a transfer. In the source currency:
 *   sender wallet −total · fees[from] +fee · destination (or fx_liquidity[from]) +amount
 * and, when the recipient gets another currency, through the FX pool as an exchange does:
 *   fx_liquidity[to] −converted · destination +converted
 * The destination is the recipient's wallet; for a held payment the held_transfers account, where it waits for
 * the address to be verified; for an external payout the payouts_pending account, where the money waits
 * until the settlement job moves it on to `external` (payouts.ts).
 * History rows: the sender's `send` (completed, or pending while held or paid out) and, for a Meridian
 * recipient, their `receive` in the target currency.
 */
export function transferEntry(
  sender: Sender,
  payee: Payee,
  figures: TransferFigures,
  details: { description: string; rateTimestamp: string | null },
): EntryInput {
  const { amount, fee, total, converted, rate } = figures;
  const from: Currency = amount.currency;
  const to: Currency = converted.currency;
  const destination =
    payee.kind === 'customer' ? payee.walletId : houseAccountId(destinationKind[payee.kind], to);
  const postings: PostingInput[] = [
    { accountId: sender.walletId, amount: total.negated() },
    { accountId: houseAccountId('fees', from), amount: fee },
  ];
  if (from === to) {
    postings.push({ accountId: destination, amount });
  } else {
    postings.push(
      { accountId: houseAccountId('fx_liquidity', from), amount },
      { accountId: houseAccountId('fx_liquidity', to), amount: converted.negated() },
      { accountId: destination, amount: converted },
    );
  }

  const exchange = {
    from_currency: from,
    to_currency: to,
    exchange_rate: rate?.text ?? null,
    description: details.description,
  };
  const transactions: NewTransaction[] = [
    {
      ...exchange,
      user_id: sender.userId,
      wallet_id: sender.walletId,
      type: 'send',
      amount: amount.minor,
      currency: from,
      fee: fee.minor,
      converted_amount: converted.minor,
      recipient_email: payee.email,
      counterparty: payee.kind === 'customer' ? payee.displayName : payee.email,
      counterparty_email: payee.email,
      status: payee.kind === 'customer' ? 'completed' : 'pending',
    },
  ];
  if (payee.kind === 'customer') {
    transactions.push({
      ...exchange,
      user_id: payee.userId,
      wallet_id: payee.walletId,
      type: 'receive',
      amount: converted.minor,
      currency: to,
      fee: 0n,
      recipient_email: payee.email,
      counterparty: sender.displayName,
      counterparty_email: sender.email,
      status: 'completed',
    });
  }
  return {
    kind: entryKind[payee.kind],
    description: details.description,
    metadata: {
      recipientEmail: payee.email,
      ...(rate && { rate: rate.text }),
      ...(details.rateTimestamp && { rateTimestamp: details.rateTimestamp }),
    },
    postings,
    transactions,
  };
}
