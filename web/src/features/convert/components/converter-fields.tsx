import type { ReactNode, RefObject } from 'react';
import { ArrowUpDown } from 'lucide-react';
import { currencies, type Currency } from '@contract/currencies';
import { CurrencyIcon } from '@web/components/currency-icon';
import { Button } from '@web/components/ui/button';
import { describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { cleanAmountInput } from '@web/lib/money';
import { converterCurrencies } from '../lib/converter';

interface ConverterFieldsProps {
  amount: string;
  from: Currency;
  to: Currency;
  onAmountChange: (amount: string) => void;
  onFromChange: (currency: Currency) => void;
  onToChange: (currency: Currency) => void;
  onSwap: () => void;
  amountRef: RefObject<HTMLInputElement | null>;
  amountError: string | undefined;
  /** Under the amount: what the source wallet holds. */
  amountHint: string;
  /** Beside the hint: a way out when it names something missing (no wallet to convert from). */
  hintAction?: ReactNode;
  /** The estimated converted amount ("≈ €923.25"), or null while it cannot be worked out. */
  estimate: string | null;
}

function CurrencySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Currency;
  onChange: (currency: Currency) => void;
}) {
  return (
    <div className="relative">
      <CurrencyIcon
        currency={value}
        className="pointer-events-none absolute top-1/2 left-3 z-10 size-7 -translate-y-1/2 text-xs ring-0"
      />
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Currency)}
        className="h-14 rounded-xl pr-8 pl-11 text-base font-semibold"
      >
        {converterCurrencies.map((code) => (
          // Codes only: a phone-width select has room for "USD", not "USD · US Dollar"; the name is its title.
          <option key={code} value={code} title={currencies[code].name}>
            {code}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Amount and From on one row, the estimate and To on the next, a swap button between them. */
export function ConverterFields(props: ConverterFieldsProps) {
  const { amount, from, to, amountError, amountHint, estimate } = props;
  const amountDescription = describedBy('convert-amount', { error: amountError, hint: amountHint });
  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3 sm:grid-cols-[minmax(0,1fr)_9.5rem]">
        <div className="grid gap-2">
          <Label htmlFor="convert-amount">Amount</Label>
          <Input
            id="convert-amount"
            ref={props.amountRef}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => props.onAmountChange(cleanAmountInput(event.target.value))}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountDescription}
            className="h-14 rounded-xl text-xl font-semibold tabular-nums sm:text-2xl"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="convert-from">From</Label>
          <CurrencySelect id="convert-from" value={from} onChange={props.onFromChange} />
        </div>
      </div>
      {amountError ? (
        <p id="convert-amount-error" role="alert" className="text-xs font-medium text-destructive">
          {amountError}
        </p>
      ) : (
        <p id="convert-amount-hint" className="text-xs text-muted-foreground">
          {amountHint}
        </p>
      )}
      {props.hintAction}

      <div className="relative my-1 flex items-center justify-center">
        <span aria-hidden className="absolute inset-x-0 top-1/2 h-px bg-border" />
        <Button
          variant="outline"
          size="icon"
          className="relative rounded-full bg-card"
          onClick={props.onSwap}
          aria-label={`Swap currencies: convert ${to} to ${from}`}
        >
          <ArrowUpDown />
        </Button>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3 sm:grid-cols-[minmax(0,1fr)_9.5rem]">
        <div className="grid gap-2">
          <span id="convert-estimate-label" className="text-sm leading-none font-medium">
            You receive<span className="sr-only"> (estimate)</span>
          </span>
          <output
            aria-labelledby="convert-estimate-label"
            data-testid="convert-estimate"
            className="flex h-14 min-w-0 items-center overflow-hidden rounded-xl border border-dashed bg-muted/50 px-3 text-xl font-semibold text-ellipsis sm:text-2xl whitespace-nowrap tabular-nums"
          >
            {estimate ?? <span className="text-muted-foreground">—</span>}
          </output>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="convert-to">To</Label>
          <CurrencySelect id="convert-to" value={to} onChange={props.onToChange} />
        </div>
      </div>
    </div>
  );
}
