import { useRef, useState } from 'react';
import { Send, Wallet as WalletIcon } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import type { Recipient } from '@contract/recipients';
import type { TransferResponse } from '@contract/transfers';
import type { Wallet } from '@contract/wallets';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import type { ApiError } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useWallets } from '@web/lib/wallets';
import { useTransferRate } from '../api/get-rate';
import {
  checkDraft,
  draftAmount,
  emptyDraft,
  estimateTransfer,
  exceedsBalance,
  typingAmountError,
  type CheckedTransfer,
  type DraftField,
  type TransferDraft,
} from '../lib/transfer-form';
import { ConfirmTransferDialog } from './confirm-transfer-dialog';
import { ExchangeRatesPanel } from './exchange-rates-panel';
import { RecentRecipients } from './recent-recipients';
import { TransferFields } from './transfer-fields';
import { TransferFigures } from './transfer-figures';
import { TransferReceipt } from './transfer-receipt';

/** The wallet a new transfer starts from: the first fiat wallet with money in it, else the first wallet. */
function defaultSource(wallets: readonly Wallet[]): Currency | '' {
  const funded = wallets.find((wallet) => wallet.type === 'fiat' && /[1-9]/.test(wallet.balance));
  return (funded ?? wallets[0])?.currency ?? '';
}

const draftFields: readonly DraftField[] = ['amount', 'recipientEmail', 'description'];

export function TransferPage() {
  const wallets = useWallets();
  // Empty source and target mean "the default": they follow the wallets until the person chooses.
  const [typed, setTyped] = useState<TransferDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [reviewing, setReviewing] = useState<CheckedTransfer | null>(null);
  const [receipt, setReceipt] = useState<TransferResponse | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const receiptHeadingRef = useRef<HTMLHeadingElement>(null);
  const justSent = useRef(false);

  const fromCurrency = typed.fromCurrency || defaultSource(wallets.data ?? []);
  const draft: TransferDraft = {
    ...typed,
    fromCurrency,
    toCurrency: typed.toCurrency || emptyDraft(fromCurrency).toCurrency,
  };
  const wallet = wallets.data?.find((each) => each.currency === fromCurrency);
  const rate = useTransferRate(draft.fromCurrency, draft.toCurrency);
  const liveRate = rate.data?.rate;

  const inlineAmount = errors.amount ?? typingAmountError(draft.amount.trim(), fromCurrency);
  const amount = draftAmount(draft.amount, fromCurrency);
  const estimate = amount && draft.toCurrency ? estimateTransfer(amount, draft.toCurrency, liveRate) : null;
  const overdrawn = !!(estimate && wallet && exceedsBalance(estimate.total, wallet.balance));
  const amountHint = !wallet
    ? ' '
    : overdrawn
      ? `Amount plus fee is more than your ${formatMoney(wallet.balance, wallet.currency)} available.`
      : `Available: ${formatMoney(wallet.balance, wallet.currency)}`;

  const change = (patch: Partial<TransferDraft>) => {
    setTyped((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as DraftField];
      return next;
    });
  };

  const review = () => {
    const result = checkDraft(draft);
    if (result.ok) {
      setErrors({});
      setReviewing(result.transfer);
    } else if (result.missing) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
    } else {
      setErrors(result.errors);
    }
  };

  const sent = (response: TransferResponse) => {
    justSent.current = true;
    setReviewing(null);
    setReceipt(response);
    setTyped(emptyDraft());
    setErrors({});
    toast(
      response.status === 'completed'
        ? { title: 'Transfer Successful', description: 'Your money has been sent successfully.' }
        : {
            title: 'Transfer Successful',
            description: `Your money is on its way to ${response.recipientEmail}. It shows as Pending until the payout settles.`,
          },
    );
  };

  const refused = (error: ApiError) => {
    setReviewing(null);
    const placed: Partial<Record<DraftField, string>> = {};
    for (const field of draftFields) if (error.fields[field]) placed[field] = error.fields[field];
    setErrors(placed);
  };

  const pick = (recipient: Recipient) => {
    change({ recipientEmail: recipient.email });
    amountRef.current?.focus();
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
      <div className="grid gap-6">
        {receipt && (
          <TransferReceipt
            transfer={receipt}
            headingRef={receiptHeadingRef}
            onDismiss={() => {
              setReceipt(null);
              amountRef.current?.focus();
            }}
          />
        )}
        <Card role="region" aria-labelledby="transfer-title">
          <CardHeader>
            <CardTitle id="transfer-title">Transfer</CardTitle>
            <CardDescription>
              Pay anyone by email: Meridian customers instantly, anyone else by payout. A 2.9% fee applies.
            </CardDescription>
          </CardHeader>
          {wallets.isPending ? (
            <div aria-label="Loading your wallets" role="status" className="grid gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <Skeleton className="h-16 rounded-xl" />
                <Skeleton className="h-16 rounded-xl" />
              </div>
              <Skeleton className="h-20 rounded-xl" />
              <Skeleton className="h-16 rounded-xl" />
              <Skeleton className="h-16 rounded-xl" />
            </div>
          ) : wallets.isError ? (
            <LoadError error={wallets.error} onRetry={() => void wallets.refetch()} />
          ) : wallets.data.length === 0 ? (
            <EmptyState
              icon={WalletIcon}
              title="No wallet to send from"
              description="Transfers are paid from one of your wallets. Open and fund a wallet first."
            />
          ) : (
            <form
              noValidate
              aria-label="Send money"
              className="grid gap-5"
              onSubmit={(event) => {
                event.preventDefault();
                review();
              }}
            >
              <TransferFields
                draft={draft}
                wallets={wallets.data}
                errors={{ ...errors, amount: inlineAmount }}
                amountHint={amountHint}
                amountWarning={overdrawn}
                onChange={change}
                amountRef={amountRef}
              />
              <TransferFigures
                amount={amount}
                to={draft.toCurrency}
                estimate={estimate}
                rate={liveRate}
                rateFailed={rate.isError}
              />
              <Button type="submit" size="lg" className="w-full">
                <Send />
                Review transfer
              </Button>
            </form>
          )}
        </Card>
      </div>
      <div className="grid gap-6">
        <RecentRecipients
          selectedEmail={draft.recipientEmail}
          draftEmail={draft.recipientEmail}
          onPick={pick}
        />
        <ExchangeRatesPanel />
      </div>
      <ConfirmTransferDialog
        transfer={reviewing}
        balance={wallet?.balance}
        onCancel={() => setReviewing(null)}
        onSent={sent}
        onRefused={refused}
        onCloseAutoFocus={(event) => {
          // After sending, focus goes to the receipt instead of back to the Review button.
          if (!justSent.current) return;
          justSent.current = false;
          event.preventDefault();
          receiptHeadingRef.current?.focus();
        }}
      />
    </div>
  );
}
