import { useState, type FormEvent } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import type { Forecast } from '@contract/forecast';
import { Money } from '@contract/money';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { amountInputProblem, cleanAmountInput } from '@web/lib/money';
import { useSetForecastFloor } from '../api/set-forecast-floor';
import { formatBalance, signedMoney } from '../lib/forecast';

type Wallets = Forecast['wallets'];

const hasFloor = (floor: string, currency: Currency) => signedMoney(floor, currency)?.isPositive() ?? false;
/** The floor as the field shows it: empty when none. */
const fieldValue = (floor: string | undefined, currency: Currency) =>
  floor && hasFloor(floor, currency) ? floor : '';

/** The card's settings: per wallet, the balance the warnings use as a floor. */
export function ForecastFloors({ wallets, initial }: { wallets: Wallets; initial: Currency }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <SlidersHorizontal aria-hidden />
          Floors
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80 max-w-[calc(100vw-1rem)] p-4" aria-labelledby="forecast-floors-title">
        {open && <FloorForm wallets={wallets} initial={initial} onDone={() => setOpen(false)} />}
      </PopoverContent>
    </Popover>
  );
}

function FloorForm({
  wallets,
  initial,
  onDone,
}: {
  wallets: Wallets;
  initial: Currency;
  onDone: () => void;
}) {
  const start = wallets.some((wallet) => wallet.currency === initial) ? initial : wallets[0]!.currency;
  const [currency, setCurrency] = useState<Currency>(start);
  const floorOf = (code: Currency) => wallets.find((wallet) => wallet.currency === code)?.floor;
  const [amount, setAmount] = useState(() => fieldValue(floorOf(start), start));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const save = useSetForecastFloor();
  const current = floorOf(currency);

  const pick = (code: Currency) => {
    setCurrency(code);
    setAmount(fieldValue(floorOf(code), code));
    setFieldError(undefined);
    save.reset();
  };

  const send = (floor: string, removing: boolean) =>
    save.mutate(
      { currency, floor },
      {
        onSuccess: () => {
          toast({
            title: removing ? 'Floor removed' : 'Floor saved',
            description: removing
              ? `${currency} warnings now use zero.`
              : `${currency} warnings now use ${formatBalance(floor, currency)}.`,
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.floor) setFieldError(error.fields.floor);
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = amountInputProblem(amount, currency);
    setFieldError(problem ?? undefined);
    if (!problem) send(amount, false);
  };

  const hint = 'Warnings say when this wallet is expected to go below it.';
  const unplaced = save.isError && !(save.error instanceof ApiError && save.error.fields.floor);
  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-labelledby="forecast-floors-title">
      <div className="grid gap-1">
        <h3 id="forecast-floors-title" className="text-sm font-semibold">
          Balance floors
        </h3>
        <p className="text-xs text-muted-foreground">
          {wallets
            .map((wallet) =>
              hasFloor(wallet.floor, wallet.currency)
                ? `${wallet.currency} ${formatBalance(wallet.floor, wallet.currency)}`
                : `${wallet.currency} none`,
            )
            .join(' · ')}
        </p>
      </div>
      <FormField id="forecast-floor-wallet" label="Wallet">
        <NativeSelect
          id="forecast-floor-wallet"
          value={currency}
          onChange={(event) => pick(event.target.value as Currency)}
        >
          {wallets.map((wallet) => (
            <option key={wallet.currency} value={wallet.currency}>
              {wallet.currency}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="forecast-floor-amount" label={`Floor (${currency})`} hint={hint} error={fieldError}>
        <Input
          id="forecast-floor-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          placeholder="1000.00"
          onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={describedBy('forecast-floor-amount', { hint, error: fieldError })}
        />
      </FormField>
      {unplaced && (
        <ErrorAlert>{friendlyErrorMessage(save.error, 'The floor could not be saved.')}</ErrorAlert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {current && hasFloor(current, currency) && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={save.isPending}
            onClick={() => send(Money.zero(currency).format(), true)}
          >
            Remove floor
          </Button>
        )}
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save floor
        </Button>
      </div>
    </form>
  );
}
