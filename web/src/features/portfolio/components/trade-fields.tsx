import type { FormEventHandler, RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { currencies } from '@contract/currencies';
import { tradeAssets, tradeTypes } from '@contract/trading';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import type { TradeFormInput, TradeOrder } from '../lib/trade-form';

interface TradeFieldsProps {
  form: UseFormReturn<TradeFormInput, unknown, TradeOrder>;
  quantityRef: RefObject<HTMLInputElement | null>;
  /** Under the quantity: what the chosen side can spend or sell. */
  quantityHint: string;
  /** Under the price: the reserved total of a limit order, or how a market order is priced. */
  priceHint: string;
  quoting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
}

const sideLabels = { buy: 'Buy', sell: 'Sell' } as const;

/** Buy/Sell, asset, quantity (step 0.00000001) and an optional limit price (step 0.01), then Review order. */
export function TradeFields({
  form,
  quantityRef,
  quantityHint,
  priceHint,
  quoting,
  onSubmit,
}: TradeFieldsProps) {
  const { register, formState, watch, setValue } = form;
  const side = watch('type');
  const errors = formState.errors;
  const quantity = register('quantity');

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Trade">
      <div role="group" aria-label="Order side" className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
        {tradeTypes.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={side === type}
            onClick={() => setValue('type', type)}
            className={cn(
              'h-10 cursor-pointer rounded-lg text-sm font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              side === type
                ? type === 'buy'
                  ? 'bg-success text-success-foreground shadow-sm'
                  : 'bg-destructive text-destructive-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {sideLabels[type]}
          </button>
        ))}
      </div>

      <FormField id="trade-asset" label="Asset" error={errors.asset?.message}>
        <NativeSelect
          id="trade-asset"
          aria-invalid={errors.asset ? true : undefined}
          aria-describedby={describedBy('trade-asset', { error: errors.asset?.message })}
          className="h-12 rounded-xl font-medium"
          {...register('asset')}
        >
          <option value="">Select asset</option>
          {tradeAssets.map((asset) => (
            <option key={asset} value={asset}>
              {asset} · {currencies[asset].name}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      <FormField id="trade-quantity" label="Quantity" hint={quantityHint} error={errors.quantity?.message}>
        <Input
          id="trade-quantity"
          type="number"
          inputMode="decimal"
          step="0.00000001"
          min="0"
          autoComplete="off"
          placeholder="0.00000000"
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={describedBy('trade-quantity', {
            error: errors.quantity?.message,
            hint: quantityHint,
          })}
          className="h-12 rounded-xl text-lg font-semibold tabular-nums"
          {...quantity}
          ref={(input) => {
            quantity.ref(input);
            quantityRef.current = input;
          }}
        />
      </FormField>

      <FormField
        id="trade-price"
        label="Limit price (USD, optional)"
        hint={priceHint}
        error={errors.price?.message}
      >
        <Input
          id="trade-price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          autoComplete="off"
          placeholder="Market price"
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={describedBy('trade-price', { error: errors.price?.message, hint: priceHint })}
          className="h-12 rounded-xl tabular-nums"
          {...register('price')}
        />
      </FormField>

      <Button type="submit" size="lg" disabled={quoting}>
        {quoting && <Spinner />}
        Review order
      </Button>
    </form>
  );
}
