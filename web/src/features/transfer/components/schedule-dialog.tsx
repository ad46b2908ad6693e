import { useRef, useState, type FormEvent } from 'react';
import { CalendarClock, MailWarning, Wallet as WalletIcon } from 'lucide-react';
import { formatDay } from '@contract/dates';
import type { PaymentSchedule } from '@contract/payment-schedules';
import { QueryContent } from '@web/components/query-content';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useDraftErrors } from '@web/hooks/use-draft-errors';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useVerificationStatus } from '@web/lib/email-verification';
import { useWallets } from '@web/lib/wallets';
import type { Wallet } from '@contract/wallets';
import { useCreatePaymentSchedule, useUpdatePaymentSchedule } from '../api/payment-schedules';
import {
  changeDraft,
  draftFromSchedule,
  newScheduleDraft,
  scheduleDraftErrors,
  toCreateBody,
  toUpdateBody,
  type ScheduleDraft,
} from '../lib/schedule-form';
import { submitKey, type SubmitKey } from '../lib/submit-key';
import { defaultSource } from '../lib/transfer-form';
import { ScheduleFields } from './schedule-fields';

/**
 * Schedule a payment, or with `editing` change what the runs still to come pay. `start` fills a new one (the
 * send form's "Schedule this instead").
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  editing = null,
  start = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: PaymentSchedule | null;
  start?: ScheduleDraft | null;
}) {
  const wallets = useWallets();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit scheduled payment' : 'Schedule a payment'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Changes apply from the next payment; the ones already made stay as they are.'
              : 'On each date Meridian makes the payment from your wallet, as if you had sent it that day: a transfer with its 2.9% fee, or a conversion at that day’s rate. If the wallet is short, it tries again later that day, then tells you.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <QueryContent
            query={wallets}
            loading={<Skeleton role="status" aria-label="Loading your wallets" className="h-64 rounded-xl" />}
            empty={
              <EmptyState
                icon={WalletIcon}
                title="No wallet to pay from"
                description="Scheduled payments are paid from one of your wallets. Open and fund a wallet first."
              />
            }
          >
            {(list) => (
              <ScheduleForm
                wallets={list}
                editing={editing}
                start={start}
                onDone={() => onOpenChange(false)}
              />
            )}
          </QueryContent>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  wallets,
  editing,
  start,
  onDone,
}: {
  wallets: readonly Wallet[];
  editing: PaymentSchedule | null;
  start: ScheduleDraft | null;
  onDone: () => void;
}) {
  const create = useCreatePaymentSchedule();
  const update = useUpdatePaymentSchedule();
  const saving = create.isPending || update.isPending;
  const verification = useVerificationStatus();
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    editing ? draftFromSchedule(editing) : (start ?? newScheduleDraft(defaultSource(wallets))),
  );
  const check = (each: ScheduleDraft) => scheduleDraftErrors(each, { editing: editing !== null });
  const { errors, markSubmitted, setServerErrors } = useDraftErrors(draft, check);
  const [formError, setFormError] = useState<string | null>(null);
  const lastKey = useRef<SubmitKey | null>(null);
  const unverified = draft.kind === 'transfer' && verification.data?.verified === false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    markSubmitted();
    if (Object.keys(check(draft)).length > 0) {
      toast({ variant: 'destructive', title: 'Missing Information', description: 'Please check the form' });
      return;
    }
    const sent = draft;
    const failed = (error: Error) => {
      setServerErrors(sent, error instanceof ApiError ? error.fields : {});
      setFormError(
        error instanceof ApiError && error.body
          ? error.body.message
          : 'We could not confirm it was saved. Submitting again is safe: it will not be scheduled twice.',
      );
    };
    if (editing) {
      update.mutate(
        { id: editing.id, body: toUpdateBody(draft) },
        {
          onSuccess: () => {
            toast({ title: 'Scheduled payment saved', description: 'The next payment uses your changes.' });
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    const body = toCreateBody(draft);
    lastKey.current = submitKey(lastKey.current, body);
    create.mutate(
      { body, idempotencyKey: lastKey.current.key },
      {
        onSuccess: (schedule) => {
          toast({
            title: 'Payment scheduled',
            description: schedule.nextDate
              ? `The first payment is on ${formatDay(schedule.nextDate)}.`
              : 'It is on your list of scheduled payments.',
          });
          onDone();
        },
        onError: failed,
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label={editing ? 'Edit scheduled payment' : 'Schedule a payment'}
    >
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {unverified && (
        <Alert role="note">
          <MailWarning aria-hidden />
          <span>
            Verify your email before the first date: a scheduled transfer is paid like any transfer, and
            Meridian pays from a verified address only.
          </span>
        </Alert>
      )}
      <ScheduleFields
        draft={draft}
        wallets={wallets}
        errors={errors}
        editing={editing !== null}
        onChange={(patch) => setDraft((current) => changeDraft(current, patch))}
      />
      <Button type="submit" size="lg" disabled={saving}>
        {saving ? <Spinner /> : <CalendarClock />}
        {editing ? 'Save changes' : 'Schedule payment'}
      </Button>
    </form>
  );
}
