import { currencyCodes, isCurrency, kindOf, type Currency } from '@contract/currencies';
import { formatAmount } from '@contract/money';
import type { Wallet } from '@contract/wallets';
import type { WalletRow } from './wallets.repository';

export function walletCurrency(row: WalletRow): Currency {
  if (!isCurrency(row.currency)) throw new Error(`Unknown wallet currency ${row.currency}`);
  return row.currency;
}

export function toWallet(row: WalletRow): Wallet {
  const currency = walletCurrency(row);
  return { id: row.id, currency, balance: formatAmount(row.balance ?? 0n, currency), type: kindOf(currency) };
}

/** Oldest first; wallets opened together (the defaults) in the currency table's order: USD, EUR, …, BTC. */
export function sortWallets(rows: WalletRow[]): WalletRow[] {
  const rank = (row: WalletRow) => currencyCodes.indexOf(row.currency as Currency);
  return [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || rank(a) - rank(b));
}
