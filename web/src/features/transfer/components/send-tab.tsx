import { Link } from 'react-router';
import { CalendarClock, Send, Wallet as WalletIcon } from 'lucide-react';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useVerificationStatus } from '@web/lib/email-verification';
import { useTransferDraft } from '../hooks/use-transfer-draft';
import { draftFromTransfer } from '../lib/schedule-form';
import { ConfirmTransferDialog } from './confirm-transfer-dialog';
import { ExchangeRatesPanel } from './exchange-rates-panel';
import { RecentRecipients } from './recent-recipients';
import { TransferFields } from './transfer-fields';
import { TransferFigures } from './transfer-figures';
import { TransferReceipt } from './transfer-receipt';
import type { ScheduleHandover } from './scheduled-tab';
import { VerifyEmailFirst } from './verify-email-first';

/** Send now: the transfer form, the recent recipients and the rates. */
export function SendTab() {
  const transfer = useTransferDraft();
  const { draft } = transfer;
  // Shared with the app's banner (one request): a demo's address counts as verified.
  const verification = useVerificationStatus();

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
      <div className="grid gap-6">
        {transfer.receipt && (
          <TransferReceipt
            transfer={transfer.receipt}
            headingRef={transfer.receiptHeadingRef}
            onDismiss={transfer.dismissReceipt}
          />
        )}
        <Card role="region" aria-labelledby="transfer-title">
          <CardHeader>
            <CardTitle id="transfer-title">Transfer</CardTitle>
            <CardDescription>
              Pay anyone by email: verified Meridian accounts instantly, anyone else once they verify their
              address. A 2.9% fee applies.
            </CardDescription>
          </CardHeader>
          {verification.data && !verification.data.verified ? (
            <VerifyEmailFirst email={verification.data.email} />
          ) : (
            <QueryContent
              query={transfer.wallets}
              loading={<TransferFormSkeleton />}
              empty={
                <EmptyState
                  icon={WalletIcon}
                  title="No wallet to send from"
                  description="Transfers are paid from one of your wallets. Open and fund a wallet first."
                />
              }
            >
              {(wallets) => (
                <form
                  noValidate
                  aria-label="Send money"
                  className="grid gap-5"
                  onSubmit={(event) => {
                    event.preventDefault();
                    transfer.review();
                  }}
                >
                  <TransferFields
                    draft={draft}
                    wallets={wallets}
                    errors={transfer.errors}
                    amountHint={transfer.amountHint}
                    amountWarning={transfer.overdrawn}
                    onChange={transfer.change}
                    amountRef={transfer.amountRef}
                  />
                  <TransferFigures
                    amount={transfer.amount}
                    to={draft.toCurrency}
                    estimate={transfer.estimate}
                    rate={transfer.rate.data?.rate}
                    rateFailed={transfer.rate.isError}
                  />
                  <Button type="submit" size="lg" className="w-full">
                    <Send />
                    Review transfer
                  </Button>
                  <Button asChild variant="link" className="justify-self-center">
                    <Link
                      to="/transfer/scheduled"
                      state={{ scheduleDraft: draftFromTransfer(draft) } satisfies ScheduleHandover}
                    >
                      <CalendarClock />
                      Schedule this instead
                    </Link>
                  </Button>
                </form>
              )}
            </QueryContent>
          )}
        </Card>
      </div>
      <div className="grid gap-6">
        <RecentRecipients
          selectedEmail={draft.recipientEmail}
          draftEmail={draft.recipientEmail}
          onPick={transfer.pick}
        />
        <ExchangeRatesPanel />
      </div>
      <ConfirmTransferDialog
        transfer={transfer.reviewing}
        balance={transfer.wallet?.balance}
        onCancel={transfer.cancelReview}
        onSent={transfer.sent}
        onRefused={transfer.refused}
        onCloseAutoFocus={transfer.focusAfterReview}
      />
    </div>
  );
}

function TransferFormSkeleton() {
  return (
    <div aria-label="Loading your wallets" role="status" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-16 rounded-xl" />
        <Skeleton className="h-16 rounded-xl" />
      </div>
      <Skeleton className="h-20 rounded-xl" />
      <Skeleton className="h-16 rounded-xl" />
      <Skeleton className="h-16 rounded-xl" />
    </div>
  );
}
