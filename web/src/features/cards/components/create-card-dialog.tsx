import { useState, type FormEvent } from 'react';
import { currencyCodes, kindOf, type Currency } from '@contract/currencies';
import { createCardBodySchema, type CardType, type CreateCardBody } from '@contract/cards';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
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
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { amountInputProblem, formatMoney } from '@web/lib/money';
import { useWallets } from '@web/lib/wallets';
import { useCreateCard } from '../api/create-card';
import { useProviderStatus } from '../api/get-provider-status';

const fiat = currencyCodes.filter((code) => kindOf(code) === 'fiat');
const addressFields = [
  { name: 'name', label: 'Name on card', autoComplete: 'name', wide: true },
  { name: 'line1', label: 'Address', autoComplete: 'address-line1', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', wide: false },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', wide: false },
  { name: 'country', label: 'Country (e.g. US)', autoComplete: 'country', wide: true },
] as const;
type AddressField = (typeof addressFields)[number]['name'];

/** Create Card: type, optional spending limit (monthly), the wallet it draws on, and an address for physical cards. */
export function CreateCardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create card</DialogTitle>
          <DialogDescription>
            A virtual card works at once; a physical card is posted to you and activated when it arrives.
          </DialogDescription>
        </DialogHeader>
        {open && <CreateCardForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateCardForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCard();
  const provider = useProviderStatus();
  const [type, setType] = useState<CardType>('virtual');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [limit, setLimit] = useState('');
  const [address, setAddress] = useState<Record<AddressField, string>>({
    name: '',
    line1: '',
    city: '',
    postalCode: '',
    country: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A card in a currency with no wallet opens that wallet: asked first, not done silently.
  const wallets = useWallets();
  const [opening, setOpening] = useState<CreateCardBody | null>(null);
  const hasWallet = wallets.data?.some((wallet) => wallet.currency === currency) ?? true;
  // Stripe needs the holder's address for a first card of either kind.
  const needsAddress = type === 'physical' || provider.data?.provider === 'stripe';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const spendingLimit = limit.trim();
    const limitProblem = spendingLimit ? amountInputProblem(spendingLimit, currency) : null;
    const parsed = createCardBodySchema.safeParse({
      type,
      currency,
      spendingLimit: spendingLimit || null,
      ...(needsAddress && {
        shippingAddress: { ...address, country: address.country.trim().toUpperCase() },
      }),
    });
    if (limitProblem || !parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        found[String(issue.path.at(-1) ?? 'form')] ??= issue.message;
      }
      if (limitProblem) found.spendingLimit = limitProblem;
      setErrors(found);
      return;
    }
    setErrors({});
    if (!hasWallet) setOpening(parsed.data);
    else issue(parsed.data);
  };

  const issue = (body: CreateCardBody) =>
    create.mutate(body, {
      onSuccess: (card) => {
        toast({
          title: 'Card Created',
          description: `Your ${card.cardType} card ${card.cardNumber} is ${card.status === 'active' ? 'ready to use' : 'on order'}.`,
        });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        const message = error instanceof ApiError ? error.body?.message : undefined;
        setFormError(message ?? 'Failed to create card');
        toast({
          variant: 'destructive',
          title: 'Card Creation Failed',
          description: message ?? 'Failed to create card',
        });
      },
    });

  const noWalletHint = hasWallet ? undefined : `You have no ${currency} wallet yet: the card opens one.`;
  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create card">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <div className="grid grid-cols-2 gap-3">
          <FormField id="card-type" label="Card type" error={errors.type}>
            <NativeSelect
              id="card-type"
              value={type}
              onChange={(event) => setType(event.target.value as CardType)}
            >
              <option value="virtual">Virtual</option>
              <option value="physical">Physical</option>
            </NativeSelect>
          </FormField>
          <FormField id="card-currency" label="Wallet" hint={noWalletHint} error={errors.currency}>
            <NativeSelect
              id="card-currency"
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
              aria-describedby={describedBy('card-currency', { hint: noWalletHint, error: errors.currency })}
            >
              {fiat.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField
          id="card-limit"
          label="Monthly spending limit (optional)"
          hint="Leave empty for no limit; change it any time under Spending Limits."
          error={errors.spendingLimit}
        >
          <Input
            id="card-limit"
            inputMode="decimal"
            autoComplete="off"
            placeholder="5000"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
            aria-invalid={errors.spendingLimit ? true : undefined}
            aria-describedby={describedBy('card-limit', { hint: 'limit', error: errors.spendingLimit })}
          />
        </FormField>
        {needsAddress && (
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium sm:col-span-2">
              {type === 'physical' ? 'Shipping address' : 'Billing address'}
            </legend>
            {errors.shippingAddress && (
              <div className="sm:col-span-2">
                <ErrorAlert>{errors.shippingAddress}</ErrorAlert>
              </div>
            )}
            {addressFields.map((field) => (
              <FormField
                key={field.name}
                id={`card-${field.name}`}
                className={field.wide ? 'sm:col-span-2' : undefined}
                label={field.label}
                error={errors[field.name]}
              >
                <Input
                  id={`card-${field.name}`}
                  autoComplete={field.autoComplete}
                  value={address[field.name]}
                  onChange={(event) =>
                    setAddress((current) => ({ ...current, [field.name]: event.target.value }))
                  }
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={describedBy(`card-${field.name}`, { error: errors[field.name] })}
                />
              </FormField>
            ))}
          </fieldset>
        )}
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Create card
        </Button>
      </form>
      <ConfirmDialog
        open={opening !== null}
        onOpenChange={(open) => !open && setOpening(null)}
        title={`Open a ${currency} wallet?`}
        description={`You have no ${currency} wallet. The card draws on one, so creating it opens a ${currency} wallet with ${formatMoney('0', currency)}; add funds to it before paying with the card.`}
        action={`Open wallet and create card`}
        confirm={async () => issue(opening!)}
      />
    </>
  );
}
