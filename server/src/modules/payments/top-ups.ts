import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { displayMoney } from '@contract/money';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { notFound } from '../../lib/errors';
import type { Notifier } from '../notifications/notifier';
import { listOwnWallets } from '../wallets/wallets';
import { creditCardReceipt } from './card-credits';
import { startCheckout, type StartedCheckout } from './checkouts';
import type { PaidHandler } from './payment-purposes';
import type { PaymentRail } from './payment-rail';

/**
 * "Add funds" by card: the owner's own wallet, an amount within the currency's ceiling (parseRequestAmount
 * and the ledger hold it there), a Checkout Session; the wallet is credited only by the webhook.
 */
export async function startTopUp(
  deps: { db: Kysely<Database>; rail: PaymentRail; link: (path: string) => string },
  request: { userId: string; key: string; walletId: string; amount: string },
): Promise<StartedCheckout> {
  const wallet = (await listOwnWallets(deps.db, request.userId)).find((each) => each.id === request.walletId);
  if (!wallet) throw notFound('Wallet');
  const amount = parseRequestAmount(request.amount, wallet.currency);
  return startCheckout(deps, {
    purpose: 'top_up',
    userId: request.userId,
    subjectId: wallet.id,
    amount,
    requestKey: request.key,
    description: `Meridian ${wallet.currency} wallet top-up`,
    returnPath: '/dashboard',
  });
}

/** The top-up's handler: the card's money arrives in the wallet the checkout was opened for. */
export function topUpPaid(notifier: Notifier): PaidHandler {
  return async (trx, paid) => {
    const entryId = await creditCardReceipt(trx, {
      userId: paid.userId,
      walletId: paid.subjectId,
      amount: paid.amount,
      description: 'Card top-up',
      checkoutId: paid.id,
    });
    const currency: Currency = paid.amount.currency;
    await notifier.raise(trx, paid.userId, {
      category: 'success',
      type: 'transaction',
      title: 'Funds added',
      message: `${displayMoney(paid.amount)} was added to your ${currency} wallet by card.`,
      actionUrl: '/history',
      actionText: 'View',
    });
    return { walletId: paid.subjectId, entryId };
  };
}
