import { useRef, useState, type FormEvent } from 'react';
import type { Wallet } from '@contract/wallets';
import { OpenWalletPicker } from '@web/components/open-wallet';
import { ErrorAlert } from '@web/components/ui/alert';
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
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useAuthOptions } from '@web/lib/email-verification';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { amountInputProblem, formatMoney } from '@web/lib/money';
import { useCardTopUp, usePaymentOptions } from '../api/card-top-up';
import { useDeposit } from '../api/deposit';

interface AddFundsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallets: readonly Wallet[] | undefined;
  /** Where focus goes when it closes (the dialog has no trigger of its own to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The dialog stays mounted closed; its form remounts on each opening, so every opening starts clean. */
export function AddFundsDialog({ open, onOpenChange, wallets, onCloseAutoFocus }: AddFundsDialogProps) {
  const options = usePaymentOptions();
  // The sandbox deposit where the server is a sandbox; a card top-up where it takes cards; else neither.
  const mode = options.data?.sandboxDeposit ? 'sandbox' : options.data?.cardTopUp ? 'card' : 'none';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Add Funds</DialogTitle>
          <DialogDescription>
            {mode === 'card' ? (
              'Top up a wallet by card: you pay on Stripe’s secure page, and the money arrives once the payment is confirmed.'
            ) : (
              <>
                Top up a wallet with sandbox money: <DepositCap />
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {options.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : mode === 'none' && !options.isError ? (
          <p className="text-sm text-muted-foreground">
            This server takes no card payments yet, so money can only arrive as a transfer or an invoice
            payment.
          </p>
        ) : wallets && wallets.length > 0 ? (
          <AddFundsForm wallets={wallets} byCard={mode === 'card'} onDone={() => onOpenChange(false)} />
        ) : (
          <p className="text-sm text-muted-foreground">Your wallets are still loading.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The server's own cap (SANDBOX_MAX_DEPOSIT_USD), in the one money format: "up to $50,000.00 …". */
function DepositCap() {
  const cap = useAuthOptions().data?.sandboxMaxDepositUsd;
  return cap
    ? `up to ${formatMoney(cap, 'USD')} (or its equivalent) per deposit.`
    : 'a limited amount per deposit.';
}

const suggestions = ['100', '500', '1000', '5000'];

function AddFundsForm({
  wallets,
  byCard,
  onDone,
}: {
  wallets: readonly Wallet[];
  byCard: boolean;
  onDone: () => void;
}) {
  const deposit = useDeposit();
  const cardTopUp = useCardTopUp();
  const busy = deposit.isPending || cardTopUp.isPending || cardTopUp.isSuccess;
  const [walletId, setWalletId] = useState(wallets[0]!.id);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // One key per deposit the person means to make: kept while they retry the same wallet and amount, replaced
  // when they change either, forgotten once it succeeds.
  const attempt = useRef<{ key: string; walletId: string; amount: string } | null>(null);
  const wallet = wallets.find((each) => each.id === walletId) ?? wallets[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = amount.trim();
    const problem = amountInputProblem(trimmed, wallet.currency);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(undefined);
    const previous = attempt.current;
    const key =
      previous && previous.walletId === wallet.id && previous.amount === trimmed
        ? previous.key
        : newIdempotencyKey();
    attempt.current = { key, walletId: wallet.id, amount: trimmed };
    const failed = (error: Error) => {
      const amountMessage = error instanceof ApiError ? error.fields.amount : undefined;
      if (amountMessage) setFieldError(amountMessage);
      else setFormError(friendlyErrorMessage(error, 'The deposit could not be made. Please try again.'));
    };
    if (byCard) {
      cardTopUp.mutate({ walletId: wallet.id, amount: trimmed, idempotencyKey: key }, { onError: failed });
      return;
    }
    deposit.mutate(
      { walletId: wallet.id, amount: trimmed, idempotencyKey: key },
      {
        onSuccess: ({ transaction }) => {
          attempt.current = null;
          toast({
            title: 'Funds Added',
            description: `${formatMoney(transaction.amount, transaction.currency)} added to your ${wallet.currency} wallet.`,
          });
          onDone();
        },
        onError: failed,
      },
    );
  };

  const balanceHint = `Balance: ${formatMoney(wallet.balance, wallet.currency)}`;
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Add funds">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <FormField id="add-funds-wallet" label="Wallet" hint={balanceHint}>
        <NativeSelect
          id="add-funds-wallet"
          value={walletId}
          onChange={(event) => {
            setWalletId(event.target.value);
            setFieldError(undefined);
          }}
          aria-describedby={describedBy('add-funds-wallet', { hint: balanceHint })}
        >
          {wallets.map((each) => (
            <option key={each.id} value={each.id}>
              {each.currency} wallet
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {/* A currency not held yet: open its wallet here, and it becomes the one to top up. */}
      <OpenWalletPicker
        idPrefix="add-funds"
        wallets={wallets}
        onOpened={(opened) => {
          setWalletId(opened.id);
          setFieldError(undefined);
        }}
      />
      <FormField id="add-funds-amount" label={`Amount (${wallet.currency})`} error={fieldError}>
        <Input
          id="add-funds-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={wallet.type === 'crypto' ? '0.00000000' : wallet.currency === 'JPY' ? '0' : '0.00'}
          value={amount}
          onChange={(event) => setAmount(event.target.value.replace(/[\s,]/g, ''))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy('add-funds-amount', { error: fieldError })}
          className="h-12 text-lg tabular-nums"
        />
      </FormField>
      {wallet.type === 'fiat' && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Suggested amounts">
          {suggestions.map((value) => (
            <Button
              key={value}
              size="sm"
              variant="outline"
              aria-pressed={amount === value}
              onClick={() => {
                setAmount(value);
                setFieldError(undefined);
              }}
            >
              {formatMoney(value, wallet.currency)}
            </Button>
          ))}
        </div>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy && <Spinner />}
        {byCard ? 'Pay by card' : 'Add Funds'}
      </Button>
    </form>
  );
}
