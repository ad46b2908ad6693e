import { emailSchema } from '@contract/auth';
import type { Currency } from '@contract/currencies';
import { amountProblem, Money, parseAmount, parseRate } from '@contract/money';
import { priceTransfer, transferCharge } from '@contract/pricing';
import { DEFAULT_TRANSFER_DESCRIPTION, MAX_TRANSFER_DESCRIPTION } from '@contract/transfers';
import type { Wallet } from '@contract/wallets';
import { NEGATIVE_AMOUNT } from '@web/lib/money';

/** What a recipient can be paid in. */
export const transferTargets = ['USD', 'EUR', 'GBP', 'CAD'] as const satisfies readonly Currency[];
export type TransferTarget = (typeof transferTargets)[number];
export const isTransferTarget = (currency: string): currency is TransferTarget =>
  (transferTargets as readonly string[]).includes(currency);

/** The form as typed. Empty strings mean "not chosen yet". */
export interface TransferDraft {
  /** The source wallet's currency (one wallet per currency). */
  fromCurrency: Currency | '';
  amount: string;
  toCurrency: TransferTarget | '';
  recipientEmail: string;
  description: string;
}

/** The wallet a new transfer starts from: the first fiat wallet with money in it, else the first wallet. */
export function defaultSource(wallets: readonly Wallet[]): Currency | '' {
  const funded = wallets.find((wallet) => wallet.type === 'fiat' && /[1-9]/.test(wallet.balance));
  return (funded ?? wallets[0])?.currency ?? '';
}

export const emptyDraft = (fromCurrency: Currency | '' = ''): TransferDraft => ({
  fromCurrency,
  amount: '',
  toCurrency: fromCurrency && isTransferTarget(fromCurrency) ? fromCurrency : fromCurrency ? 'USD' : '',
  recipientEmail: '',
  description: DEFAULT_TRANSFER_DESCRIPTION,
});

export type DraftField = 'amount' | 'recipientEmail' | 'description';

/** A draft ready to send: amounts as Money, the email normalised as the server will (trimmed, lower case). */
export interface CheckedTransfer {
  amount: Money;
  toCurrency: TransferTarget;
  recipientEmail: string;
  description: string;
}

export type DraftCheck =
  | { ok: true; transfer: CheckedTransfer }
  /** Amount, source wallet, target currency or recipient email left empty: "Missing Information". */
  | { ok: false; missing: true }
  /** Filled in, but not something the server accepts: a message under each field. */
  | { ok: false; missing: false; errors: Partial<Record<DraftField, string>> };

/** The amount's own problem while typing (too many decimals, not a number), or undefined. */
export function amountError(amount: string, currency: Currency | ''): string | undefined {
  if (amount.startsWith('-')) return NEGATIVE_AMOUNT;
  if (amount === '' || currency === '') return undefined;
  const problem = amountProblem(amount, currency);
  if (problem) return problem;
  try {
    return parseAmount(amount, currency) === 0n ? 'Enter an amount greater than 0' : undefined;
  } catch (error) {
    return error instanceof Error ? error.message : 'Amount is too large';
  }
}

/**
 * The problem to show while the person is still typing: only a finished number that the currency cannot
 * hold (too many decimals, too large). "12." or "0" are on their way to something valid; review catches them.
 */
export function typingAmountError(amount: string, currency: Currency | ''): string | undefined {
  if (amount.startsWith('-')) return NEGATIVE_AMOUNT;
  if (currency === '' || !/^\d+(\.\d+)?$/.test(amount)) return undefined;
  const problem = amountError(amount, currency);
  return problem === 'Enter an amount greater than 0' ? undefined : problem;
}

/** The amount as money once it is a valid, positive amount of the source currency; else null. */
export function draftAmount(amount: string, currency: Currency | ''): Money | null {
  const trimmed = amount.trim();
  if (!trimmed || currency === '' || amountError(trimmed, currency)) return null;
  return Money.parse(trimmed, currency);
}

export function checkDraft(draft: TransferDraft): DraftCheck {
  const { fromCurrency, toCurrency } = draft;
  const amount = draft.amount.trim();
  const email = draft.recipientEmail.trim();
  if (!amount || !fromCurrency || !toCurrency || !email) return { ok: false, missing: true };

  const errors: Partial<Record<DraftField, string>> = {};
  const amountMessage = amountError(amount, fromCurrency);
  if (amountMessage) errors.amount = amountMessage;
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success) errors.recipientEmail = 'Enter a valid email address';
  const description = draft.description.trim();
  if (description.length > MAX_TRANSFER_DESCRIPTION) {
    errors.description = `Description can be at most ${MAX_TRANSFER_DESCRIPTION} characters`;
  }
  if (Object.keys(errors).length > 0 || !parsedEmail.success) return { ok: false, missing: false, errors };

  return {
    ok: true,
    transfer: {
      amount: Money.parse(amount, fromCurrency),
      toCurrency,
      recipientEmail: parsedEmail.data,
      description: description || DEFAULT_TRANSFER_DESCRIPTION,
    },
  };
}

export interface TransferEstimate {
  /** 2.9% of the amount, rounded up. */
  fee: Money;
  /** amount + fee: what leaves the source wallet. */
  total: Money;
  /**
   * What the recipient gets in the target currency: the amount itself when no conversion, else converted at
   * `rate` and rounded down as the server does. Null while a needed rate is unknown.
   */
  received: Money | null;
  /** True when the figure depends on a live rate (it is re-priced when the transfer is sent). */
  estimated: boolean;
}

/**
 * The figures shown before sending, priced by the contract's `priceTransfer`, the function the server charges
 * with. `rate` is units of `to` per one unit of source.
 */
export function estimateTransfer(
  amount: Money,
  to: Currency,
  rate: string | null | undefined,
): TransferEstimate {
  const converting = amount.currency !== to;
  if (converting && !rate) return { ...transferCharge(amount), received: null, estimated: true };
  const { fee, total, converted } = priceTransfer(amount, to, converting && rate ? parseRate(rate) : null);
  return { fee, total, received: converted, estimated: converting };
}

/** True when amount + fee is more than `balance` (a decimal string in the same currency). */
export function exceedsBalance(total: Money, balance: string): boolean {
  try {
    return total.compare(Money.parse(balance, total.currency)) > 0;
  } catch {
    return false;
  }
}
