import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { Database } from '../../db/schema';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry } from '../ledger/ledger.service';
import { withMoneyTransaction } from '../../db/money-transaction';
import { openDefaultWallets } from '../wallets/wallets.service';
import { ensureWallet } from '../wallets/wallets';
import type { Notifier } from '../notifications/notifier';
import { moneyReceivedNotice } from '../transfers/transfer-notices';
import { recordMarketFill } from '../trading/market-fill';
import type { CardSecrets } from '../cards/card-secrets';
import { openDemoCards, recordDemoCardPayment } from '../cards/demo-cards';
import { seedDemoBooks } from '../categories/categories';
import { demoEntry, demoTrade, type DemoWallets } from './demo.entries';
import { demoEvents, demoFinalBalances, demoOpeningDaysAgo } from './demo.story';

const DAY_MS = 86_400_000;

function when(now: Date, daysAgo: number, hour: number): Date {
  const at = new Date(now.getTime() - daysAgo * DAY_MS);
  at.setUTCHours(hour, (7 * daysAgo) % 60, 0, 0);
  return at;
}

/**
 * For auth's onDemoSeed hook: two months of backdated history, all through postEntry, ending exactly on the
 * demo balances. An opening deposit per wallet is derived as final balance minus the story's net effect.
 * The latest client payment is kept inside the current month so "this month's earnings" is never empty.
 */
export async function seedDemoActivity(
  db: Kysely<Database>,
  userId: string,
  notifier: Notifier,
  cardSecrets: CardSecrets,
  now = new Date(),
): Promise<void> {
  await withMoneyTransaction(db, async (trx) => {
    await openDefaultWallets(trx, userId);
    const wallets = {} as DemoWallets;
    for (const currency of Object.keys(demoFinalBalances) as Currency[]) {
      wallets[currency] = await ensureWallet(trx, userId, currency);
    }
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const lastPayment = demoEvents.findLast((event) => event.kind === 'client_payment');
    const timed = demoEvents.map((event) => {
      let at = when(now, event.daysAgo, event.hour).getTime();
      if (event === lastPayment && at < monthStart)
        at = monthStart + Math.floor((now.getTime() - monthStart) / 2);
      return { at, event };
    });
    timed.sort((a, b) => a.at - b.at);
    const entries = timed.map(({ at, event }) =>
      demoEntry(event, userId, wallets, new Date(at).toISOString()),
    );

    const openedAt = when(now, demoOpeningDaysAgo, 9).toISOString();
    // The story's card payments are made with the demo's own cards.
    const cards = await openDemoCards(trx, userId, cardSecrets, openedAt);
    for (const [currency, final] of Object.entries(demoFinalBalances) as [Currency, string][]) {
      const net = entries
        .flatMap((entry) => entry.postings)
        .filter((posting) => posting.accountId === wallets[currency])
        .reduce((sum, posting) => sum.plus(posting.amount), Money.zero(currency));
      const opening = Money.parse(final, currency).minus(net);
      if (!opening.isPositive()) throw new Error(`Demo story spends more ${currency} than it ends with`);
      await postEntry(trx, {
        kind: 'deposit',
        description: 'Opening balance',
        createdAt: openedAt,
        postings: [
          { accountId: wallets[currency], amount: opening },
          { accountId: houseAccountId('external', currency), amount: opening.negated() },
        ],
        transactions: [
          {
            user_id: userId,
            status: 'completed',
            type: 'deposit',
            wallet_id: wallets[currency],
            amount: opening.minor,
            currency,
            counterparty: 'Meridian',
            description: 'Opening balance',
          },
        ],
      });
    }
    for (const [index, entry] of entries.entries()) {
      const posted = await postEntry(trx, entry);
      const { event } = timed[index]!;
      const cardId = event.kind === 'card_payment' ? cards[event.currency] : undefined;
      if (event.kind === 'card_payment' && cardId) {
        await recordDemoCardPayment(trx, {
          cardId,
          userId,
          amount: Money.parse(event.amount, event.currency),
          merchant: event.merchant,
          category: event.category,
          transactionId: posted.transactions[0]?.id ?? null,
          entryId: posted.entryId,
          createdAt: posted.createdAt,
        });
      }
      if (event.kind === 'crypto_buy') {
        const transactionId = posted.transactions[0]?.id ?? null;
        await recordMarketFill(trx, {
          userId,
          asset: event.asset,
          trade: demoTrade(event),
          transactionId,
          at: posted.createdAt,
        });
      }
    }
    // Its books: an own category and rules filing the seeded history (the rest is guessed).
    await seedDemoBooks(trx, userId, now.toISOString());
    // The bell tells of the latest client payments, as it would have when they arrived.
    const recentPayments = timed.filter(({ event }) => event.kind === 'client_payment').slice(-2);
    for (const { at, event } of recentPayments) {
      if (event.kind !== 'client_payment') continue;
      const amount = Money.parse(event.amount, event.currency);
      await notifier.raise(
        trx,
        userId,
        moneyReceivedNotice(amount, event.client.name),
        new Date(at).toISOString(),
      );
    }
  });
}
