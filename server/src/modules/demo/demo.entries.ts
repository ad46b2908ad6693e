import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import { transferCharge } from '@contract/pricing';
import { exchangeEntry } from '../fx/exchange-entry';
import { parseRate } from '@contract/money';
import { priceConversion } from '../fx/fx-math';
import { houseAccountId } from '../ledger/house-accounts';
import type { EntryInput } from '../ledger/ledger.service';
import { marketTradeEntry } from '../trading/trade-entry';
import { priceTrade } from '../trading/trade-pricing';
import type { DemoEvent } from './demo.story';

export type DemoWallets = Record<Currency, string>;

/**
 * One story event as a ledger entry with its history row. Client payments arrive from the external world,
 * card payments go to card settlement, sends go out with their fee to the fees account.
 */
export function demoEntry(
  event: DemoEvent,
  userId: string,
  wallets: DemoWallets,
  createdAt: string,
): EntryInput {
  const row = { user_id: userId, status: 'completed' as const };
  switch (event.kind) {
    case 'client_payment': {
      const amount = Money.parse(event.amount, event.currency);
      return {
        kind: 'client_payment',
        description: `Payment from ${event.client.name}`,
        createdAt,
        postings: [
          { accountId: wallets[event.currency], amount },
          { accountId: houseAccountId('external', event.currency), amount: amount.negated() },
        ],
        transactions: [
          {
            ...row,
            type: 'receive',
            wallet_id: wallets[event.currency],
            amount: amount.minor,
            currency: event.currency,
            counterparty: event.client.name,
            counterparty_email: event.client.email,
            description: `${event.client.name}: ${event.project}`,
          },
        ],
      };
    }
    case 'card_payment': {
      const amount = Money.parse(event.amount, event.currency);
      return {
        kind: 'card_payment',
        description: event.merchant,
        createdAt,
        postings: [
          { accountId: wallets[event.currency], amount: amount.negated() },
          { accountId: houseAccountId('card_settlement', event.currency), amount },
        ],
        transactions: [
          {
            ...row,
            type: 'card_payment',
            wallet_id: wallets[event.currency],
            amount: amount.minor,
            currency: event.currency,
            counterparty: event.merchant,
            description: event.merchant,
          },
        ],
      };
    }
    case 'send': {
      const amount = Money.parse(event.amount, event.currency);
      const { fee, total } = transferCharge(amount);
      return {
        kind: 'transfer_out',
        description: event.description,
        createdAt,
        postings: [
          { accountId: wallets[event.currency], amount: total.negated() },
          { accountId: houseAccountId('external', event.currency), amount },
          { accountId: houseAccountId('fees', event.currency), amount: fee },
        ],
        transactions: [
          {
            ...row,
            type: 'send',
            wallet_id: wallets[event.currency],
            amount: amount.minor,
            fee: fee.minor,
            currency: event.currency,
            recipient_email: event.recipient.email,
            counterparty: event.recipient.name,
            description: event.description,
          },
        ],
      };
    }
    case 'exchange': {
      const figures = priceConversion(Money.parse(event.amount, event.from), event.to, parseRate(event.rate));
      return exchangeEntry(userId, { sourceId: wallets[event.from], targetId: wallets[event.to] }, figures, {
        rateTimestamp: createdAt,
        createdAt,
      });
    }
    case 'crypto_buy': {
      const trade = demoTrade(event);
      const accounts = { usdWallet: wallets.USD, assetWallet: wallets[event.asset] };
      return { ...marketTradeEntry(userId, event.asset, trade, accounts), createdAt };
    }
  }
}

/** A story buy priced as a market order at the day's price (fee included). */
export const demoTrade = (event: Extract<DemoEvent, { kind: 'crypto_buy' }>) =>
  priceTrade('buy', Money.parse(event.quantity, event.asset), Money.parse(event.price, 'USD'));
