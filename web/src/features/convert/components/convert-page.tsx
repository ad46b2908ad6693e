import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import type { Conversion, ConvertResponse } from '@contract/fx';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { queryKeys } from '@web/lib/query-keys';
import { useWallets } from '@web/lib/wallets';
import { useRate } from '../api/get-rate';
import { useQuote } from '../api/get-quote';
import { checkAmount, DEFAULT_CONVERSION, estimateConversion, inlineAmountError } from '../lib/converter';
import { ConfirmConversionDialog } from './confirm-conversion-dialog';
import { ConversionResult } from './conversion-result';
import { ConverterFields } from './converter-fields';
import { LiveRates } from './live-rates';
import { QuickConvert } from './quick-convert';
import { RatePanel } from './rate-panel';

export function ConvertPage() {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState<string>(DEFAULT_CONVERSION.amount);
  const [pair, setPair] = useState<{ from: Currency; to: Currency }>(DEFAULT_CONVERSION);
  const { from, to } = pair;
  /** A problem the server found with the amount (e.g. too small to convert), until the next edit. */
  const [serverAmountError, setServerAmountError] = useState<string>();
  const [pendingQuote, setPendingQuote] = useState<Conversion | null>(null);
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
      : `You have no ${from} wallet yet: add funds in ${from} before converting from it.`;

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

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Convert between your wallets</CardTitle>
            <CardDescription>
              Live rates, a 0.5% fee, and the full quote before anything moves.
            </CardDescription>
          </CardHeader>
          <ConverterFields
            amount={amount}
            from={from}
            to={to}
            onAmountChange={changeAmount}
            onFromChange={(currency) => choose('from', currency)}
            onToChange={(currency) => choose('to', currency)}
            onSwap={() => choose('from', to)}
            amountRef={amountRef}
            amountError={amountError}
            amountHint={amountHint}
            estimate={estimate ? `≈ ${formatMoney(estimate.converted)}` : null}
          />
          <QuickConvert amount={amount} onPick={changeAmount} />
          <RatePanel
            from={from}
            to={to}
            quote={rate.data}
            stale={rate.isPlaceholderData}
            error={rate.error}
            refreshing={rate.isFetching}
            onRefresh={() =>
              void queryClient.refetchQueries({ queryKey: queryKeys.exchangeRates, type: 'active' })
            }
          />
          {estimate && (
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">Fee (0.5%)</dt>
                <dd className="font-medium tabular-nums">{formatMoney(estimate.fee)}</dd>
              </div>
              <div className="grid gap-0.5 text-right">
                <dt className="text-muted-foreground">Total debited</dt>
                <dd className="font-medium tabular-nums">{formatMoney(estimate.total)}</dd>
              </div>
            </dl>
          )}
          <Button ref={convertButtonRef} size="lg" onClick={convertNow} disabled={quote.isPending}>
            {quote.isPending && <Spinner />}
            Convert Now
          </Button>
        </Card>
        {result && (
          <ConversionResult
            result={result}
            wallets={wallets.data}
            headingRef={resultHeadingRef}
            onDismiss={() => {
              setResult(null);
              amountRef.current?.focus();
            }}
          />
        )}
      </div>
      <LiveRates from={from} to={to} onPick={(nextFrom, nextTo) => setPair({ from: nextFrom, to: nextTo })} />
      <ConfirmConversionDialog
        quote={pendingQuote}
        onCancel={() => setPendingQuote(null)}
        onConverted={converted}
        onCloseAutoFocus={(event) => {
          // Back to Convert Now, or after a conversion to its result. (No Radix trigger to return to.)
          event.preventDefault();
          if (justConverted.current) resultHeadingRef.current?.focus();
          else convertButtonRef.current?.focus();
          justConverted.current = false;
        }}
      />
    </div>
  );
}
