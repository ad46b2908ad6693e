import { Button } from '@web/components/ui/button';
import { groupThousands } from '@contract/money';
import { quickConvertAmounts } from '../lib/converter';

/** 100, 500, 1000, 5000, 10000, 50000 — each sets the amount. */
export function QuickConvert({ amount, onPick }: { amount: string; onPick: (amount: string) => void }) {
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
        {quickConvertAmounts.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={amount === value ? 'default' : 'outline'}
            aria-pressed={amount === value}
            onClick={() => onPick(value)}
            className="tabular-nums"
          >
            {groupThousands(value)}
          </Button>
        ))}
      </div>
    </div>
  );
}
