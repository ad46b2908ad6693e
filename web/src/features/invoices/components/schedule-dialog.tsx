import { useState, type FormEvent } from 'react';
import {
  scheduleFrequencies,
  type InvoiceSchedule,
  type ScheduleFrequency,
} from '@contract/invoice-schedules';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { useDraftErrors } from '@web/hooks/use-draft-errors';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useCreateSchedule, useUpdateSchedule } from '../api/invoice-schedules';
import { missingRequired } from '../lib/invoice-form';
import {
  draftFromSchedule,
  frequencyLabels,
  newScheduleDraft,
  scheduleDraftErrors,
  toScheduleBody,
  type ScheduleDraft,
} from '../lib/schedule-form';
import { CurrencySelect, draftFields, InvoiceBodyFields } from './draft-fields';

/** New recurring invoice, or with `editing` the same form for the invoices still to come. */
export function ScheduleDialog({
  open,
  onOpenChange,
  editing = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: InvoiceSchedule | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit recurring invoice' : 'New recurring invoice'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Changes apply from the next invoice; the ones already made stay as they are.'
              : 'On each date an invoice is made from this template with your next invoice number, dated that day and due after the payment terms.'}
          </DialogDescription>
        </DialogHeader>
        {open && <ScheduleForm editing={editing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type TextField =
  | 'clientName'
  | 'clientEmail'
  | 'clientAddress'
  | 'projectTitle'
  | 'description'
  | 'taxRate'
  | 'notes'
  | 'firstDate'
  | 'paymentTermsDays'
  | 'endDate'
  | 'endCount';

const todayUtc = () => new Date().toISOString().slice(0, 10);

function ScheduleForm({ editing, onDone }: { editing: InvoiceSchedule | null; onDone: () => void }) {
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const saving = create.isPending || update.isPending;
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    editing ? draftFromSchedule(editing) : newScheduleDraft(),
  );
  const { errors, markSubmitted, setServerErrors } = useDraftErrors(draft, scheduleDraftErrors);
  const [formError, setFormError] = useState<string | null>(null);
  const { text, area } = draftFields<TextField, typeof draft>('schedule', draft, errors, setDraft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    markSubmitted();
    if (missingRequired(draft) || Object.keys(scheduleDraftErrors(draft)).length > 0) {
      toast({ variant: 'destructive', title: 'Missing Information', description: 'Please check the form' });
      return;
    }
    const sent = draft;
    const failed = (error: Error) => {
      setServerErrors(sent, error instanceof ApiError ? error.fields : {});
      setFormError(error instanceof ApiError ? (error.body?.message ?? null) : null);
    };
    const { frequency: _frequency, firstDate: _firstDate, ...changes } = toScheduleBody(draft);
    if (editing) {
      update.mutate(
        { id: editing.id, body: changes },
        {
          onSuccess: () => {
            toast({ title: 'Recurring invoice saved', description: 'The next invoice uses your changes.' });
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(toScheduleBody(draft), {
      onSuccess: (schedule) => {
        toast({
          title: 'Recurring invoice created',
          description: `The first is made on ${schedule.firstDate}.`,
        });
        onDone();
      },
      onError: failed,
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label={editing ? 'Edit recurring invoice' : 'New recurring invoice'}
    >
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="schedule-frequency" label="Repeats" error={errors.frequency}>
          <NativeSelect
            id="schedule-frequency"
            value={draft.frequency}
            disabled={editing !== null}
            onChange={(event) =>
              setDraft((current) => ({ ...current, frequency: event.target.value as ScheduleFrequency }))
            }
          >
            {scheduleFrequencies.map((value) => (
              <option key={value} value={value}>
                {frequencyLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {text('firstDate', 'First invoice on *', {
          type: 'date',
          min: todayUtc(),
          disabled: editing !== null,
        })}
        {text('paymentTermsDays', 'Due after (days)', { inputMode: 'numeric', autoComplete: 'off' })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="schedule-end" label="Ends">
          <NativeSelect
            id="schedule-end"
            value={draft.end}
            onChange={(event) =>
              setDraft((current) => ({ ...current, end: event.target.value as ScheduleDraft['end'] }))
            }
          >
            <option value="never">Never (until stopped)</option>
            <option value="date">On a date</option>
            <option value="count">After a number of invoices</option>
          </NativeSelect>
        </FormField>
        {draft.end === 'date' && text('endDate', 'Last date *', { type: 'date', min: draft.firstDate })}
        {draft.end === 'count' && text('endCount', 'Number of invoices *', { inputMode: 'numeric' })}
      </div>
      <div className="flex items-center gap-3">
        <Switch
          id="schedule-auto-send"
          checked={draft.autoSend}
          onCheckedChange={(checked) => setDraft((current) => ({ ...current, autoSend: checked }))}
        />
        <Label htmlFor="schedule-auto-send" className="font-normal">
          Send each invoice to the client automatically (off: keep it as a draft for you to review)
        </Label>
      </div>
      <InvoiceBodyFields
        prefix="schedule"
        draft={draft}
        errors={errors}
        setDraft={setDraft}
        work={{ title: 'Monthly retainer', description: 'What the work covers' }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <CurrencySelect
          id="schedule-currency"
          value={draft.currency}
          error={errors.currency}
          onChange={(currency) => setDraft((current) => ({ ...current, currency }))}
        />
        {text('taxRate', 'Tax rate (%)', { inputMode: 'decimal', autoComplete: 'off' })}
      </div>
      {area('notes', 'Notes', 'Payment terms, thanks, bank details')}
      <Button type="submit" size="lg" disabled={saving}>
        {saving && <Spinner />}
        {editing ? 'Save changes' : 'Create recurring invoice'}
      </Button>
    </form>
  );
}
