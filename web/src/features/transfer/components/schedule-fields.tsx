import { currencies, currencyCodes, type Currency } from '@contract/currencies';
import { paymentCadences, type PaymentCadence, type PaymentScheduleKind } from '@contract/payment-schedules';
import { MAX_TRANSFER_DESCRIPTION } from '@contract/transfers';
import type { Wallet } from '@contract/wallets';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { cleanAmountInput, formatMoney } from '@web/lib/money';
import { cadenceLabels, targetCurrencies, todayUtc, type ScheduleDraft } from '../lib/schedule-form';

interface ScheduleFieldsProps {
  draft: ScheduleDraft;
  wallets: readonly Wallet[];
  errors: Record<string, string>;
  /** Editing: what the schedule is (kind, currencies, cadence, first date) stays; the rest may change. */
  editing: boolean;
  onChange: (patch: Partial<ScheduleDraft>) => void;
}

const kindLabels: Record<PaymentScheduleKind, string> = {
  transfer: 'Pay someone',
  conversion: 'Convert between my wallets',
};

/** The schedule form's fields, each labelled, with its error under it once the form has been submitted. */
export function ScheduleFields({ draft, wallets, errors, editing, onChange }: ScheduleFieldsProps) {
  const wallet = wallets.find((each) => each.currency === draft.fromCurrency);
  const amountHint = wallet ? `Available now: ${formatMoney(wallet.balance, wallet.currency)}` : undefined;
  const descriptionHint = `${draft.description.length}/${MAX_TRANSFER_DESCRIPTION} characters`;
  const control = (id: string, error: string | undefined, hint?: string) => ({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { error, hint }),
  });

  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="schedule-kind" label="What">
          <NativeSelect
            id="schedule-kind"
            value={draft.kind}
            disabled={editing}
            onChange={(event) => onChange({ kind: event.target.value as PaymentScheduleKind })}
          >
            {(Object.keys(kindLabels) as PaymentScheduleKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="schedule-from" label="From wallet" error={errors.fromCurrency}>
          <NativeSelect
            {...control('schedule-from', errors.fromCurrency)}
            value={draft.fromCurrency}
            disabled={editing}
            onChange={(event) => onChange({ fromCurrency: event.target.value as Currency })}
          >
            {draft.fromCurrency === '' && <option value="">Choose a wallet</option>}
            {wallets.map((each) => (
              <option key={each.id} value={each.currency}>
                {each.currency} · {formatMoney(each.balance, each.currency)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id="schedule-amount" label="Amount" hint={amountHint} error={errors.amount}>
          <Input
            {...control('schedule-amount', errors.amount, amountHint)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={draft.amount}
            onChange={(event) => onChange({ amount: cleanAmountInput(event.target.value) })}
          />
        </FormField>
        <FormField
          id="schedule-to"
          label={draft.kind === 'transfer' ? 'Recipient gets' : 'Convert to'}
          error={errors.toCurrency}
        >
          <NativeSelect
            {...control('schedule-to', errors.toCurrency)}
            value={draft.toCurrency}
            disabled={editing}
            onChange={(event) => onChange({ toCurrency: event.target.value as Currency })}
          >
            {draft.toCurrency === '' && <option value="">Choose a currency</option>}
            {targetCurrencies(draft.kind, draft.fromCurrency, currencyCodes).map((code) => (
              <option key={code} value={code}>
                {code} · {currencies[code].name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      {draft.kind === 'transfer' && (
        <FormField id="schedule-email" label="Recipient email" error={errors.recipientEmail}>
          <Input
            {...control('schedule-email', errors.recipientEmail)}
            type="email"
            autoComplete="email"
            placeholder="name@example.com"
            value={draft.recipientEmail}
            onChange={(event) => onChange({ recipientEmail: event.target.value })}
          />
        </FormField>
      )}

      <FormField
        id="schedule-description"
        label="Description"
        hint={descriptionHint}
        error={errors.description}
      >
        <Input
          {...control('schedule-description', errors.description, descriptionHint)}
          maxLength={MAX_TRANSFER_DESCRIPTION}
          value={draft.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </FormField>

      <div className="grid items-start gap-4 sm:grid-cols-3">
        <FormField id="schedule-cadence" label="Repeats">
          <NativeSelect
            id="schedule-cadence"
            value={draft.cadence}
            disabled={editing}
            onChange={(event) => onChange({ cadence: event.target.value as PaymentCadence })}
          >
            {paymentCadences.map((cadence) => (
              <option key={cadence} value={cadence}>
                {cadence === 'once' ? 'No, pay once' : cadenceLabels[cadence]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="schedule-first-date"
          label={draft.cadence === 'once' ? 'Pay once on' : 'First payment on'}
          error={errors.firstDate}
        >
          <Input
            {...control('schedule-first-date', errors.firstDate)}
            type="date"
            min={editing ? undefined : todayUtc()}
            disabled={editing}
            value={draft.firstDate}
            onChange={(event) => onChange({ firstDate: event.target.value })}
          />
        </FormField>
        {draft.cadence !== 'once' && (
          <FormField
            id="schedule-end-date"
            label="Last payment by (optional)"
            hint="Empty: until you cancel"
            error={errors.endDate}
          >
            <Input
              {...control('schedule-end-date', errors.endDate, 'Empty: until you cancel')}
              type="date"
              min={draft.firstDate}
              value={draft.endDate}
              onChange={(event) => onChange({ endDate: event.target.value })}
            />
          </FormField>
        )}
      </div>
    </div>
  );
}
