import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import type { ConversionQuote, ConvertResponse } from '@contract/fx';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { queryKeys } from '@web/lib/query-keys';
import { useWallets } from '@web/lib/wallets';
import { useRate } from '../api/get-rate';
import { useQuote } from '../api/get-quote';
import { checkAmount, DEFAULT_CONVERSION, estimateConversion, inlineAmountError } from '../lib/converter';
import { startingAmount } from '../lib/quick-amounts';

/**
 * The converter's state: the amount and pair as chosen, the live estimate, asking for a quote (Convert Now),
 * the confirmed result, and where focus goes when the dialog closes.
 */
export function useConversionDraft() {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<string>(DEFAULT_CONVERSION.amount);
  const [pair, setPair] = useState<{ from: Currency; to: Currency }>(DEFAULT_CONVERSION);
  const { from, to } = pair;
  /** A problem the server found with the amount (e.g. too small to convert), until the next edit. */
  const [serverAmountError, setServerAmountError] = useState<string>();
  const [pendingQuote, setPendingQuote] = useState<ConversionQuote | null>(null);
  const [result, setResult] = useState<ConvertResponse | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const convertButtonRef = useRef<HTMLButtonElement>(null);
  const justConverted = useRef(false);

  const rate = useRate(from, to);
  const wallets = useWallets();
  const quote = useQuote();

  const amountError = serverAmountError ?? inlineAmountError(amount, from);
  const check = checkAmount(amount, from);
  const liveRate = rate.data && !rate.isPlaceholderData ? rate.data.rate : undefined;
  const estimate = check.ok && liveRate ? estimateConversion(check.money, to, liveRate) : null;
  const sourceWallet = wallets.data?.find((wallet) => wallet.currency === from);
  const amountHint = !wallets.data
    ? ' '
    : sourceWallet
      ? `Available: ${formatMoney(sourceWallet.balance, from)}`
      : `You have no ${from} wallet yet: open one and add funds to convert from it.`;

  const changeAmount = (next: string) => {
    setAmount(next);
    setServerAmountError(undefined);
  };

  /** Choosing on one side the currency of the other swaps them: a pair is always two currencies. */
  const choose = (side: 'from' | 'to', currency: Currency) => {
    setServerAmountError(undefined);
    setPair((current) => {
      const other = side === 'from' ? current.to : current.from;
      if (currency !== other) return { ...current, [side]: currency };
      return { from: current.to, to: current.from };
    });
  };

  const convertNow = () => {
    if (!check.ok) {
      if (check.reason === 'invalid') {
        toast({
          variant: 'destructive',
          title: 'Invalid Amount',
          description: 'Please enter a valid amount to convert',
        });
      }
      amountRef.current?.focus();
      return;
    }
    quote.mutate(
      { amount: check.money.format(), from, to },
      {
        onSuccess: setPendingQuote,
        onError: (error) => {
          const message = error instanceof ApiError && error.status < 500 ? error.body?.message : undefined;
          if (error instanceof ApiError && error.fields.amount) setServerAmountError(error.fields.amount);
          toast({
            variant: 'destructive',
            title: 'Conversion Failed',
            description: message ?? 'Unable to perform currency conversion. Please try again.',
          });
        },
      },
    );
  };

  const converted = (response: ConvertResponse) => {
    justConverted.current = true;
    setResult(response);
    setPendingQuote(null);
    toast({
      title: 'Conversion Successful',
      description: `${formatMoney(response.originalAmount, response.from)} converted to ${formatMoney(response.convertedAmount, response.to)}.`,
    });
  };

  /** Back to Convert Now, or after a conversion to its result. (No Radix trigger to return to.) */
  const focusAfterConfirm = (event: Event) => {
    event.preventDefault();
    if (justConverted.current) resultHeadingRef.current?.focus();
    else convertButtonRef.current?.focus();
    justConverted.current = false;
  };

  return {
    amount,
    from,
    to,
    amountError,
    amountHint,
    /** The source currency has no wallet: the page offers to open one. */
    missingSourceWallet: wallets.data !== undefined && !sourceWallet,
    estimate,
    rate,
    wallets,
    quoting: quote.isPending,
    pendingQuote,
    result,
    amountRef,
    resultHeadingRef,
    convertButtonRef,
    changeAmount,
    choose,
    pickPair: (nextFrom: Currency, nextTo: Currency) => {
      if (nextFrom !== from) changeAmount(startingAmount(nextFrom));
      setPair({ from: nextFrom, to: nextTo });
    },
    refreshRates: () =>
      void queryClient.refetchQueries({ queryKey: queryKeys.exchangeRates, type: 'active' }),
    convertNow,
    cancelQuote: () => setPendingQuote(null),
    converted,
    dismissResult: () => {
      setResult(null);
      amountRef.current?.focus();
    },
    focusAfterConfirm,
  };
}
