import { kindOf, type Currency } from '@contract/currencies';
import { invertRate, Money, parseAmount, parseRate, type RateFraction } from '@contract/money';
import { valueIn } from '@contract/pricing';
import type { ExchangeRates } from '@contract/rates';
import type { Wallet } from '@contract/wallets';

/**
 * One unit of `currency` in USD, from GET /api/exchange-rates: coins are priced in USD directly
 * (`crypto.BTC_USD`); fiat is quoted from USD (`USD_EUR`), so its USD price is the exact inverse.
 */
export function usdRateOf(currency: Currency, rates: ExchangeRates): RateFraction {
  if (currency === 'USD') return { numerator: 1n, denominator: 1n };
  if (currency === 'BTC' || currency === 'ETH') return parseRate(rates.crypto[`${currency}_USD`]);
  return invertRate(parseRate(rates[`USD_${currency}`]));
}

export interface ValuedWallet {
  wallet: Wallet;
  balance: Money;
  /** The balance in USD at the shown rates (valueIn: what the monthly limit counts it as, too). */
  usd: Money;
}

export interface PortfolioValue {
  wallets: ValuedWallet[];
  /** Sum of every wallet's (rounded) USD value, so the figures on screen always add up. */
  total: Money;
  crypto: Money;
  fiat: Money;
}

/**
 * Total Portfolio sums all wallets converted to USD; Crypto Assets the crypto wallets; Fiat Balance the
 * fiat ones. Each wallet is valued once (valueIn) and the sums are of those values: Total = Crypto + Fiat.
 */
export function valuePortfolio(wallets: readonly Wallet[], rates: ExchangeRates): PortfolioValue {
  let crypto = Money.zero('USD');
  let fiat = Money.zero('USD');
  const valued = wallets.map((wallet) => {
    const balance = Money.of(parseAmount(wallet.balance, wallet.currency), wallet.currency);
    const usd = valueIn(balance, 'USD', usdRateOf(wallet.currency, rates));
    if (kindOf(wallet.currency) === 'crypto') crypto = crypto.plus(usd);
    else fiat = fiat.plus(usd);
    return { wallet, balance, usd };
  });
  return { wallets: valued, total: crypto.plus(fiat), crypto, fiat };
}

/** True when every wallet is empty: a new customer, who gets an Add Funds prompt instead of a bare $0.00. */
export const hasNoMoney = (portfolio: PortfolioValue) =>
  portfolio.wallets.every(({ balance }) => balance.isZero());
