import { currencyCodes, kindOf } from '@contract/currencies';
import { formatAmount } from '@contract/money';
import type { Wallet } from '@contract/wallets';
import type { WalletRow } from './wallets.repository';

export function toWallet(row: WalletRow): Wallet {
  const { currency } = row;
  return { id: row.id, currency, balance: formatAmount(row.balance ?? 0n, currency), type: kindOf(currency) };
}

/** Oldest first; wallets opened together (the defaults) in the currency table's order: USD, EUR, …, BTC. */
export function sortWallets(rows: WalletRow[]): WalletRow[] {
  const rank = (row: WalletRow) => currencyCodes.indexOf(row.currency);
  return [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at) || rank(a) - rank(b));
}
