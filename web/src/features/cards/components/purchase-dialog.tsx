import { useState, type FormEvent } from 'react';
import { CheckCircle2, Paperclip, XCircle } from 'lucide-react';
import {
  declineReasonText,
  merchantCategories,
  purchaseBodySchema,
  purchaseChannels,
  type Card,
  type PurchaseResult,
} from '@contract/cards';
import { currencyCodes, kindOf, type Currency } from '@contract/currencies';
import { AttachReceiptButton } from '@web/components/attach-receipt-button';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { purchaseCountries } from '../lib/purchase-countries';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { amountInputProblem, formatMoney } from '@web/lib/money';
import { useMakePurchase } from '../api/make-purchase';

const fiat = currencyCodes.filter((code) => kindOf(code) === 'fiat');
const channelLabel = {
  online: 'Online',
  contactless: 'Contactless',
  chip: 'Chip and PIN',
  atm: 'ATM',
} as const;

/** Test purchase: an authorization as a card network would send it, answered approved or declined. */
export function PurchaseDialog({ card, onClose }: { card: Card | null; onClose: () => void }) {
  return (
    <Dialog open={card !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Test purchase</DialogTitle>
          <DialogDescription>
            Pay a made-up merchant with {card ? card.cardNumber : 'this card'}, as a shop would: the card’s
            status, controls, limits and your balance decide.
          </DialogDescription>
        </DialogHeader>
        {card && <PurchaseForm key={card.id} card={card} />}
      </DialogContent>
    </Dialog>
  );
}

function PurchaseForm({ card }: { card: Card }) {
  const purchase = useMakePurchase();
  const [key, setKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState({
    amount: '',
    currency: card.currency as Currency,
    merchant: 'Corner Coffee',
    category: 'restaurants',
    channel: 'contactless',
    country: 'US',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<PurchaseResult | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // A changed request is a new payment: a new key.
    setKey(newIdempotencyKey());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setResult(null);
    const amountProblem = amountInputProblem(values.amount.trim(), values.currency);
    const parsed = purchaseBodySchema.safeParse({
      ...values,
      amount: values.amount.trim(),
      country: values.country.trim().toUpperCase(),
    });
    if (amountProblem || !parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues)
        found[String(issue.path[0])] ??= issue.message;
      if (amountProblem) found.amount = amountProblem;
      setErrors(found);
      return;
    }
    setErrors({});
    purchase.mutate(
      { cardId: card.id, body: parsed.data, idempotencyKey: key },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setKey(newIdempotencyKey());
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else setFormError(friendlyErrorMessage(error, 'The purchase could not be sent. Please try again.'));
        },
      },
    );
  };

  const field = (name: keyof typeof values) => ({
    id: `purchase-${name}`,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(`purchase-${name}`, { error: errors[name] }),
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Test purchase">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {result && <PurchaseAnswer result={result} />}
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <FormField id="purchase-amount" label="Amount" error={errors.amount}>
          <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field('amount')} />
        </FormField>
        <FormField id="purchase-currency" label="Currency" error={errors.currency}>
          <NativeSelect {...field('currency')}>
            {fiat.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="purchase-merchant" label="Merchant" error={errors.merchant}>
        <Input autoComplete="off" {...field('merchant')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="purchase-category" label="Category" error={errors.category}>
          <NativeSelect {...field('category')}>
            {merchantCategories.map((category) => (
              <option key={category} value={category}>
                {category[0]!.toUpperCase() + category.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="purchase-channel" label="How" error={errors.channel}>
          <NativeSelect {...field('channel')}>
            {purchaseChannels.map((channel) => (
              <option key={channel} value={channel}>
                {channelLabel[channel]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="purchase-country" label="Country" error={errors.country}>
        <NativeSelect {...field('country')}>
          {purchaseCountries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" disabled={purchase.isPending}>
        {purchase.isPending && <Spinner />}
        Pay
      </Button>
    </form>
  );
}

function PurchaseAnswer({ result }: { result: PurchaseResult }) {
  const paid = formatMoney(result.amount, result.currency);
  if (result.approved) {
    const charged =
      result.currency === result.walletCurrency
        ? ''
        : ` (${formatMoney(result.walletAmount, result.walletCurrency)} from your wallet)`;
    return (
      <div className="grid gap-2">
        <Alert data-testid="purchase-result" className="border-success/40 bg-success-soft text-success">
          <CheckCircle2 aria-hidden />
          <span>
            <strong>Approved:</strong> {paid} at {result.merchant}
            {charged}.
          </span>
        </Alert>
        {result.transactionId && <PaymentReceipt key={result.id} transactionId={result.transactionId} />}
      </div>
    );
  }
  return (
    <Alert data-testid="purchase-result" variant="destructive">
      <XCircle aria-hidden />
      <span>
        <strong>Declined:</strong> {paid} at {result.merchant}.{' '}
        {result.declineReason && declineReasonText[result.declineReason]}.
      </span>
    </Alert>
  );
}

/** Right after a payment, while the paper receipt is at hand: attach it to the payment's history row. */
function PaymentReceipt({ transactionId }: { transactionId: string }) {
  const [attached, setAttached] = useState<string | null>(null);
  if (attached) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 text-sm text-muted-foreground"
        data-testid="purchase-receipt"
      >
        <Paperclip aria-hidden className="size-4" />
        Receipt {attached} attached to this payment.
      </p>
    );
  }
  return (
    <AttachReceiptButton
      transactionId={transactionId}
      onAttached={(receipt) => setAttached(receipt.fileName)}
    />
  );
}
