import type { Currency } from '@contract/currencies';
import { Button } from '@web/components/ui/button';
import { quickAmountLabel, quickConvertAmounts } from '../lib/quick-amounts';

/** Amounts sized to the source currency (100 … 50,000 of a fiat, 0.001 … 1 BTC); each sets the amount. */
export function QuickConvert({
  amount,
  currency,
  onPick,
}: {
  amount: string;
  currency: Currency;
  onPick: (amount: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <h2 id="quick-convert-title" className="text-sm font-medium">
        Quick Convert
      </h2>
      <div
        role="group"
        aria-labelledby="quick-convert-title"
        className="grid grid-cols-3 gap-2 sm:grid-cols-6"
      >
        {quickConvertAmounts(currency).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={amount === value ? 'default' : 'outline'}
            aria-pressed={amount === value}
            onClick={() => onPick(value)}
            className="tabular-nums"
          >
            {quickAmountLabel(value)}
          </Button>
        ))}
      </div>
    </div>
  );
}
