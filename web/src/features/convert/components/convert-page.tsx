import { OpenWalletButton } from '@web/components/open-wallet';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/money';
import { useConversionDraft } from '../hooks/use-conversion-draft';
import { ConfirmConversionDialog } from './confirm-conversion-dialog';
import { ConversionResult } from './conversion-result';
import { ConverterFields } from './converter-fields';
import { LiveRates } from './live-rates';
import { QuickConvert } from './quick-convert';
import { RatePanel } from './rate-panel';

export function ConvertPage() {
  const conversion = useConversionDraft();
  const { from, to, estimate, rate } = conversion;

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
            amount={conversion.amount}
            from={from}
            to={to}
            onAmountChange={conversion.changeAmount}
            onFromChange={(currency) => conversion.choose('from', currency)}
            onToChange={(currency) => conversion.choose('to', currency)}
            onSwap={() => conversion.choose('from', to)}
            amountRef={conversion.amountRef}
            amountError={conversion.amountError}
            amountHint={conversion.amountHint}
            hintAction={
              conversion.missingSourceWallet && (
                <div>
                  <OpenWalletButton currency={from} />
                </div>
              )
            }
            estimate={estimate ? `≈ ${formatMoney(estimate.converted)}` : null}
          />
          <QuickConvert amount={conversion.amount} currency={from} onPick={conversion.changeAmount} />
          <RatePanel
            from={from}
            to={to}
            quote={rate.data}
            stale={rate.isPlaceholderData}
            error={rate.error}
            refreshing={rate.isFetching}
            onRefresh={conversion.refreshRates}
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
          <Button
            ref={conversion.convertButtonRef}
            size="lg"
            onClick={conversion.convertNow}
            disabled={conversion.quoting}
          >
            {conversion.quoting && <Spinner />}
            Convert Now
          </Button>
        </Card>
        {conversion.result && (
          <ConversionResult
            result={conversion.result}
            wallets={conversion.wallets.data}
            headingRef={conversion.resultHeadingRef}
            onDismiss={conversion.dismissResult}
          />
        )}
      </div>
      <LiveRates from={from} to={to} onPick={conversion.pickPair} />
      <ConfirmConversionDialog
        quote={conversion.pendingQuote}
        onCancel={conversion.cancelQuote}
        onConverted={conversion.converted}
        onCloseAutoFocus={conversion.focusAfterConfirm}
      />
    </div>
  );
}
