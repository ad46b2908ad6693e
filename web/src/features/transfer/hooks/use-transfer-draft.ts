import { useRef, useState } from 'react';
import type { Recipient } from '@contract/recipients';
import type { TransferResponse } from '@contract/transfers';
import { toast } from '@web/hooks/use-toast';
import type { ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useWallets } from '@web/lib/wallets';
import { useTransferRate } from '../api/get-rate';
import {
  checkDraft,
  defaultSource,
  draftAmount,
  emptyDraft,
  estimateTransfer,
  exceedsBalance,
  typingAmountError,
  type CheckedTransfer,
  type DraftField,
  type TransferDraft,
} from '../lib/transfer-form';

const draftFields: readonly DraftField[] = ['amount', 'recipientEmail', 'description'];

/** What the toast says once a transfer is accepted, by how it travels. */
function sentToast(response: TransferResponse) {
  const title = 'Transfer Successful';
  switch (response.delivery) {
    case 'instant':
      return { title, description: 'Your money has been sent successfully.' };
    case 'held':
      return {
        title,
        description: `We emailed ${response.recipientEmail}. The money waits until they verify their address, or comes back to you.`,
      };
    case 'simulated':
      return {
        title,
        description: `Your money is on its way to ${response.recipientEmail}. It shows as Pending until the payout settles.`,
      };
  }
}

/**
 * Send Money's state: the draft as typed (its source and target follow the wallets until the person chooses),
 * the live estimate, the checks before the review, what the server answered, and where focus goes.
 */
export function useTransferDraft() {
  const wallets = useWallets();
  // Empty source and target mean "the default": they follow the wallets until the person chooses.
  const [typed, setTyped] = useState<TransferDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [reviewing, setReviewing] = useState<CheckedTransfer | null>(null);
  const [receipt, setReceipt] = useState<TransferResponse | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const receiptHeadingRef = useRef<HTMLHeadingElement>(null);
  const justSent = useRef(false);

  const fromCurrency = typed.fromCurrency || defaultSource(wallets.data ?? []);
  const draft: TransferDraft = {
    ...typed,
    fromCurrency,
    toCurrency: typed.toCurrency || emptyDraft(fromCurrency).toCurrency,
  };
  const wallet = wallets.data?.find((each) => each.currency === fromCurrency);
  const rate = useTransferRate(draft.fromCurrency, draft.toCurrency);
  const liveRate = rate.data?.rate;

  const inlineAmount = errors.amount ?? typingAmountError(draft.amount.trim(), fromCurrency);
  const amount = draftAmount(draft.amount, fromCurrency);
  const estimate = amount && draft.toCurrency ? estimateTransfer(amount, draft.toCurrency, liveRate) : null;
  const overdrawn = !!(estimate && wallet && exceedsBalance(estimate.total, wallet.balance));
  const amountHint = !wallet
    ? ' '
    : overdrawn
      ? `Amount plus fee is more than your ${formatMoney(wallet.balance, wallet.currency)} available.`
      : `Available: ${formatMoney(wallet.balance, wallet.currency)}`;

  const change = (patch: Partial<TransferDraft>) => {
    setTyped((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as DraftField];
      return next;
    });
  };

  const review = () => {
    const result = checkDraft(draft);
    if (result.ok) {
      setErrors({});
      setReviewing(result.transfer);
    } else if (result.missing) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
    } else {
      setErrors(result.errors);
    }
  };

  const sent = (response: TransferResponse) => {
    justSent.current = true;
    setReviewing(null);
    setReceipt(response);
    setTyped(emptyDraft());
    setErrors({});
    toast(sentToast(response));
  };

  /** The server refused (4xx): the form shows any field problems it named. */
  const refused = (error: ApiError) => {
    setReviewing(null);
    const placed: Partial<Record<DraftField, string>> = {};
    for (const field of draftFields) if (error.fields[field]) placed[field] = error.fields[field];
    setErrors(placed);
  };

  const pick = (recipient: Recipient) => {
    change({ recipientEmail: recipient.email });
    amountRef.current?.focus();
  };

  const dismissReceipt = () => {
    setReceipt(null);
    amountRef.current?.focus();
  };

  /** After sending, focus goes to the receipt instead of back to the Review button. */
  const focusAfterReview = (event: Event) => {
    if (!justSent.current) return;
    justSent.current = false;
    event.preventDefault();
    receiptHeadingRef.current?.focus();
  };

  return {
    wallets,
    wallet,
    draft,
    errors: { ...errors, amount: inlineAmount },
    amount,
    estimate,
    rate,
    overdrawn,
    amountHint,
    reviewing,
    receipt,
    amountRef,
    receiptHeadingRef,
    change,
    review,
    cancelReview: () => setReviewing(null),
    sent,
    refused,
    pick,
    dismissReceipt,
    focusAfterReview,
  };
}
