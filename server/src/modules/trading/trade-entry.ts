import { displayMoney, Money } from '@contract/money';
import type { TradeAsset } from '@contract/trading';
import { houseAccountId } from '../ledger/house-accounts';
import type { EntryInput, PostingInput } from '../ledger/ledger.service';
import type { NewTransaction } from '../transactions/history';
import type { PricedTrade } from './trade-pricing';

/** The user's accounts a trade touches: USD and asset wallets, and the reservation accounts of pending orders. */
export interface TradeAccounts {
  usdWallet: string;
  assetWallet: string;
  usdReserve: string;
  assetReserve: string;
}

/** The wallets a market order touches (it reserves nothing). */
export type MarketAccounts = Pick<TradeAccounts, 'usdWallet' | 'assetWallet'>;

/**
 * The market side of a fill, through the same FX liquidity pool as conversions, the fee to Meridian's fees:
 *   buy:  fx_liquidity[USD] +value · fees[USD] +fee · fx_liquidity[asset] −qty · asset wallet +qty
 *   sell: fx_liquidity[asset] +qty · fx_liquidity[USD] −value · fees[USD] +fee · USD wallet +total
 * `payer` gives the USD (buy) or the coins (sell): the wallet for a market order, the reservation for a
 * limit fill.
 */
function fillPostings(asset: TradeAsset, trade: PricedTrade, accounts: MarketAccounts, payer: string) {
  const { quantity, value, fee, total } = trade;
  const postings: PostingInput[] = [];
  if (trade.type === 'buy') {
    postings.push(
      { accountId: payer, amount: total.negated() },
      { accountId: houseAccountId('fx_liquidity', 'USD'), amount: value },
      { accountId: houseAccountId('fees', 'USD'), amount: fee },
      { accountId: houseAccountId('fx_liquidity', asset), amount: quantity.negated() },
      { accountId: accounts.assetWallet, amount: quantity },
    );
  } else {
    postings.push(
      { accountId: payer, amount: quantity.negated() },
      { accountId: houseAccountId('fx_liquidity', asset), amount: quantity },
      { accountId: houseAccountId('fx_liquidity', 'USD'), amount: value.negated() },
      { accountId: houseAccountId('fees', 'USD'), amount: fee },
      { accountId: accounts.usdWallet, amount: total },
    );
  }
  return postings;
}

const describe = (asset: TradeAsset, trade: PricedTrade, limit: boolean) =>
  `${limit ? 'Limit ' : ''}${trade.type === 'buy' ? 'Buy' : 'Sell'} ${trade.quantity.format()} ${asset} at ${displayMoney(trade.price)}`;

/** The history row of a trade: an exchange between the user's own wallets, in what the user gives. */
function historyRow(
  userId: string,
  asset: TradeAsset,
  trade: PricedTrade,
  accounts: MarketAccounts,
  status: 'completed' | 'pending',
  limit: boolean,
): NewTransaction {
  const buy = trade.type === 'buy';
  return {
    user_id: userId,
    wallet_id: buy ? accounts.usdWallet : accounts.assetWallet,
    type: 'exchange',
    amount: buy ? trade.value.minor : trade.quantity.minor,
    currency: buy ? 'USD' : asset,
    // A sell's fee is in USD, not in the row's currency: it is netted from what arrives (convertedAmount).
    fee: buy ? trade.fee.minor : 0n,
    from_currency: buy ? 'USD' : asset,
    to_currency: buy ? asset : 'USD',
    exchange_rate: null,
    converted_amount: buy ? trade.quantity.minor : trade.total.minor,
    description: describe(asset, trade, limit),
    status,
  };
}

/** A market order: filled at once, in one entry. */
export function marketTradeEntry(
  userId: string,
  asset: TradeAsset,
  trade: PricedTrade,
  accounts: MarketAccounts,
): EntryInput {
  return {
    kind: `trade_${trade.type}`,
    description: describe(asset, trade, false),
    metadata: { price: trade.price.format(), asset },
    postings: fillPostings(
      asset,
      trade,
      accounts,
      trade.type === 'buy' ? accounts.usdWallet : accounts.assetWallet,
    ),
    transactions: [historyRow(userId, asset, trade, accounts, 'completed', false)],
  };
}

/** What a limit order needs, moved from the wallet to the user's reservation account so it cannot be spent twice. */
function reserved(asset: TradeAsset, trade: PricedTrade): Money {
  return trade.type === 'buy' ? trade.total : Money.of(trade.quantity.minor, asset);
}

export function limitPlacementEntry(
  userId: string,
  asset: TradeAsset,
  trade: PricedTrade,
  accounts: TradeAccounts,
): EntryInput {
  const amount = reserved(asset, trade);
  const buy = trade.type === 'buy';
  return {
    kind: 'order_reservation',
    description: `Reserved for: ${describe(asset, trade, true)}`,
    postings: [
      { accountId: buy ? accounts.usdWallet : accounts.assetWallet, amount: amount.negated() },
      { accountId: buy ? accounts.usdReserve : accounts.assetReserve, amount },
    ],
    transactions: [historyRow(userId, asset, trade, accounts, 'pending', true)],
  };
}

/**
 * A resting limit order filled at `trade`'s (market) price, which is never worse than its limit (`atLimit`,
 * what was reserved). A buy that cost less than its reservation gets the rest back in the same entry:
 *   usd reservation −(reserved − total) · USD wallet +(reserved − total)
 * A sell reserved its exact quantity, so nothing is left over.
 */
export function limitFillEntry(
  asset: TradeAsset,
  trade: PricedTrade,
  atLimit: PricedTrade,
  accounts: TradeAccounts,
): EntryInput {
  const buy = trade.type === 'buy';
  const postings = fillPostings(asset, trade, accounts, buy ? accounts.usdReserve : accounts.assetReserve);
  const unspent = reserved(asset, atLimit).minus(reserved(asset, trade));
  if (buy && unspent.isPositive()) {
    postings.push(
      { accountId: accounts.usdReserve, amount: unspent.negated() },
      { accountId: accounts.usdWallet, amount: unspent },
    );
  }
  return {
    kind: `trade_${trade.type}`,
    description: describe(asset, trade, true),
    metadata: { price: trade.price.format(), asset },
    postings,
  };
}

/** The figures of a limit order's history row once it filled, at the price it filled at. */
export function filledHistoryFigures(asset: TradeAsset, trade: PricedTrade) {
  const buy = trade.type === 'buy';
  return {
    amount: buy ? trade.value.minor : trade.quantity.minor,
    fee: buy ? trade.fee.minor : 0n,
    converted_amount: buy ? trade.quantity.minor : trade.total.minor,
    description: describe(asset, trade, true),
  };
}

export function limitCancelEntry(asset: TradeAsset, trade: PricedTrade, accounts: TradeAccounts): EntryInput {
  const amount = reserved(asset, trade);
  const buy = trade.type === 'buy';
  return {
    kind: 'order_cancellation',
    description: `Cancelled: ${describe(asset, trade, true)}`,
    postings: [
      { accountId: buy ? accounts.usdReserve : accounts.assetReserve, amount: amount.negated() },
      { accountId: buy ? accounts.usdWallet : accounts.assetWallet, amount },
    ],
  };
}
