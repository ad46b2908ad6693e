import type { ReactNode, Ref } from 'react';
import { currencies, type Currency } from '@contract/currencies';
import { MAX_TRANSFER_DESCRIPTION } from '@contract/transfers';
import type { Wallet } from '@contract/wallets';
import { CurrencyIcon } from '@web/components/currency-icon';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { cleanAmountInput, formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import {
  transferTargets,
  type DraftField,
  type TransferDraft,
  type TransferTarget,
} from '../lib/transfer-form';

interface TransferFieldsProps {
  draft: TransferDraft;
  wallets: readonly Wallet[];
  errors: Partial<Record<DraftField, string>>;
  /** Under the amount: the balance, or that amount + fee is more than it. */
  amountHint: string;
  amountWarning: boolean;
  onChange: (patch: Partial<TransferDraft>) => void;
  amountRef: Ref<HTMLInputElement>;
}

/** A select with the chosen currency's mark inside it, on the left. */
function CurrencySelectFrame({ currency, children }: { currency: Currency | ''; children: ReactNode }) {
  return (
    <div className="relative">
      {currency && (
        <CurrencyIcon
          currency={currency}
          className="pointer-events-none absolute top-1/2 left-2.5 z-10 size-7 -translate-y-1/2 text-xs ring-0"
        />
      )}
      {children}
    </div>
  );
}

export function TransferFields({
  draft,
  wallets,
  errors,
  amountHint,
  amountWarning,
  onChange,
  amountRef,
}: TransferFieldsProps) {
  const descriptionHint = `${draft.description.length}/${MAX_TRANSFER_DESCRIPTION} characters`;
  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="transfer-from" label="From wallet">
          <CurrencySelectFrame currency={draft.fromCurrency}>
            <NativeSelect
              id="transfer-from"
              value={draft.fromCurrency}
              onChange={(event) => onChange({ fromCurrency: event.target.value as Currency })}
              className="h-12 rounded-xl pl-12 font-medium"
            >
              {draft.fromCurrency === '' && <option value="">Choose a wallet</option>}
              {wallets.map((wallet) => (
                <option key={wallet.id} value={wallet.currency}>
                  {wallet.currency} · {formatMoney(wallet.balance, wallet.currency)}
                </option>
              ))}
            </NativeSelect>
          </CurrencySelectFrame>
        </FormField>
        <FormField id="transfer-to-currency" label="Recipient gets">
          <CurrencySelectFrame currency={draft.toCurrency}>
            <NativeSelect
              id="transfer-to-currency"
              value={draft.toCurrency}
              onChange={(event) => onChange({ toCurrency: event.target.value as TransferTarget })}
              className="h-12 rounded-xl pl-12 font-medium"
            >
              {draft.toCurrency === '' && <option value="">Choose a currency</option>}
              {transferTargets.map((code) => (
                <option key={code} value={code}>
                  {code} · {currencies[code].name}
                </option>
              ))}
            </NativeSelect>
          </CurrencySelectFrame>
        </FormField>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="transfer-amount">Amount</Label>
        <div className="relative">
          <Input
            id="transfer-amount"
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={draft.amount}
            onChange={(event) => onChange({ amount: cleanAmountInput(event.target.value) })}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={describedBy('transfer-amount', { error: errors.amount, hint: amountHint })}
            className="h-14 rounded-xl pr-16 text-2xl font-semibold tabular-nums"
          />
          <span
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-sm font-semibold text-muted-foreground"
          >
            {draft.fromCurrency}
          </span>
        </div>
        {errors.amount ? (
          <p id="transfer-amount-error" role="alert" className="text-xs font-medium text-destructive">
            {errors.amount}
          </p>
        ) : (
          <p
            id="transfer-amount-hint"
            className={cn(
              'text-xs',
              amountWarning ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {amountHint}
          </p>
        )}
      </div>

      <FormField id="transfer-email" label="Recipient email" error={errors.recipientEmail}>
        <Input
          id="transfer-email"
          type="email"
          autoComplete="email"
          placeholder="name@example.com"
          value={draft.recipientEmail}
          onChange={(event) => onChange({ recipientEmail: event.target.value })}
          aria-invalid={errors.recipientEmail ? true : undefined}
          aria-describedby={describedBy('transfer-email', { error: errors.recipientEmail })}
          className="h-12 rounded-xl"
        />
      </FormField>

      <FormField
        id="transfer-description"
        label="Description"
        hint={descriptionHint}
        error={errors.description}
      >
        <Input
          id="transfer-description"
          maxLength={MAX_TRANSFER_DESCRIPTION}
          value={draft.description}
          onChange={(event) => onChange({ description: event.target.value })}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('transfer-description', {
            error: errors.description,
            hint: descriptionHint,
          })}
          className="h-12 rounded-xl"
        />
      </FormField>
    </div>
  );
}
