import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Client } from '@contract/clients';
import type { Invoice } from '@contract/invoices';
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
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { useDraftErrors } from '@web/hooks/use-draft-errors';
import { toast } from '@web/hooks/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useClients } from '@web/lib/clients';
import { useCreateInvoice } from '../api/create-invoice';
import { useUpdateInvoice } from '../api/update-invoice';
import {
  draftErrors,
  draftFromInvoice,
  draftWithClient,
  missingRequired,
  newInvoiceDraft,
  toCreateBody,
  toUpdateBody,
  type InvoiceDraft,
} from '../lib/invoice-form';
import { CurrencySelect, draftFields, InvoiceBodyFields } from './draft-fields';

/**
 * Create Invoice (a fresh form on each opening), or with `editing` the same form filled with a draft, saving
 * its changes: client, project, lines, currency, tax and due date.
 */
export function CreateInvoiceDialog({
  open,
  onOpenChange,
  editing = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: Invoice | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${editing.invoiceNumber}` : 'Create Invoice'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'A draft can change until you send it.'
              : 'Saved as a draft with the next invoice number. Send it when you are ready: your client gets an email with the PDF and a link to pay.'}
          </DialogDescription>
        </DialogHeader>
        {open && <CreateInvoiceForm editing={editing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type TextField = Exclude<keyof InvoiceDraft, 'items' | 'currency' | 'clientId' | 'language' | 'depositKind'>;

/** The keys the form shows an error under: its own fields and each line's three inputs. */
const isFormField = (key: string) =>
  /^items\.\d+\.(description|quantity|unitPrice)$/.test(key) || (key !== 'items' && key in newInvoiceDraft());

/** The server dates invoices in UTC (a due date before its today is refused): the picker starts there too. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

function CreateInvoiceForm({ editing, onDone }: { editing: Invoice | null; onDone: () => void }) {
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const saving = create.isPending || update.isPending;
  const [draft, setDraft] = useState<InvoiceDraft>(() =>
    editing ? draftFromInvoice(editing) : newInvoiceDraft(),
  );
  const { errors, markSubmitted, setServerErrors } = useDraftErrors(draft, draftErrors);
  const [formError, setFormError] = useState<string | null>(null);
  const { text, area } = draftFields<TextField, typeof draft>('invoice', draft, errors, setDraft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    markSubmitted();
    if (missingRequired(draft)) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
    }
    if (missingRequired(draft) || Object.keys(draftErrors(draft)).length > 0) return;
    const sentDraft = draft;
    const failed = (fallback: string) => (error: Error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      setServerErrors(sentDraft, fields);
      // Said once: under its field when the form shows that field, above the form otherwise.
      const placed = Object.keys(fields).length > 0 && Object.keys(fields).every(isFormField);
      setFormError(error instanceof ApiError && !placed ? (error.body?.message ?? null) : null);
      toast({ variant: 'destructive', title: 'Error', description: fallback });
    };
    if (editing) {
      update.mutate(
        // Picking "none" on a draft that had a client unlinks it.
        { id: editing.id, body: { ...toUpdateBody(draft), clientId: draft.clientId || null } },
        {
          onSuccess: (invoice) => {
            toast({ title: 'Invoice Updated', description: `${invoice.invoiceNumber} is saved.` });
            onDone();
          },
          onError: failed('Failed to update invoice'),
        },
      );
      return;
    }
    create.mutate(toCreateBody(draft), {
      onSuccess: (invoice) => {
        toast({ title: 'Invoice Created', description: `${invoice.invoiceNumber} is saved as a draft.` });
        onDone();
      },
      onError: failed('Failed to create invoice'),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label={editing ? 'Edit invoice' : 'Create invoice'}
    >
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <ClientPicker
        clientId={draft.clientId}
        onPick={(client) =>
          setDraft((current) => (client ? draftWithClient(current, client) : { ...current, clientId: '' }))
        }
      />
      <InvoiceBodyFields
        prefix="invoice"
        draft={draft}
        errors={errors}
        setDraft={setDraft}
        work={{ title: 'Website redesign', description: 'What the work covered' }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <CurrencySelect
          id="invoice-currency"
          value={draft.currency}
          error={errors.currency}
          onChange={(currency) => setDraft((current) => ({ ...current, currency }))}
        />
        {text('taxRate', 'Tax rate (%)', { inputMode: 'decimal', autoComplete: 'off' })}
        {text('dueDate', 'Due date *', { type: 'date', min: todayUtc() })}
      </div>
      <PaymentTermsFields draft={draft} setDraft={setDraft} text={text} />
      {area('notes', 'Notes', 'Payment terms, thanks, bank details')}
      <Button type="submit" size="lg" disabled={saving}>
        {saving && <Spinner />}
        {editing ? 'Save changes' : 'Create Invoice'}
      </Button>
    </form>
  );
}

/**
 * A saved client fills the client's details, the currency and the due date (their payment terms). The form
 * works without one: while the list loads, or when it cannot, the details are typed in as before.
 */
function ClientPicker({ clientId, onPick }: { clientId: string; onPick: (client: Client | null) => void }) {
  const clients = useClients();
  if (clients.isError) return null;
  if (clients.data?.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Invoice the same people often?{' '}
        <Link to="/clients" className="font-medium text-primary underline-offset-4 hover:underline">
          Save them as clients
        </Link>{' '}
        and pick them here.
      </p>
    );
  }
  const list = clients.data ?? [];
  // Until the list arrives the picked client cannot be named: the select shows none, disabled.
  const known = clientId === '' || list.some((client) => client.id === clientId);
  return (
    <FormField id="invoice-client" label="Saved client">
      <NativeSelect
        id="invoice-client"
        value={known ? clientId : ''}
        disabled={!clients.data}
        onChange={(event) => onPick(list.find((client) => client.id === event.target.value) ?? null)}
      >
        <option value="">{clients.data ? 'None: type the details below' : 'Loading clients…'}</option>
        {list.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name} ({client.email})
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** Deposit (a percentage or an amount, asked before the rest) and the least part payment a client may make. */
function PaymentTermsFields({
  draft,
  setDraft,
  text,
}: {
  draft: InvoiceDraft;
  setDraft: (update: (current: InvoiceDraft) => InvoiceDraft) => void;
  text: (field: TextField, label: string, props?: ComponentProps<'input'>) => ReactNode;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-medium">Deposit and part payments (optional)</legend>
      {text('deposit', draft.depositKind === 'percent' ? 'Deposit (%)' : `Deposit (${draft.currency})`, {
        inputMode: 'decimal',
        autoComplete: 'off',
        placeholder: draft.depositKind === 'percent' ? '30' : '0.00',
      })}
      <FormField id="invoice-depositKind" label="Deposit as" error={undefined}>
        <NativeSelect
          id="invoice-depositKind"
          value={draft.depositKind}
          onChange={(event) =>
            setDraft((current) => ({ ...current, depositKind: event.target.value as 'percent' | 'amount' }))
          }
        >
          <option value="percent">Percentage of the total</option>
          <option value="amount">Amount</option>
        </NativeSelect>
      </FormField>
      {text('minimumPayment', `Least part payment (${draft.currency})`, {
        inputMode: 'decimal',
        autoComplete: 'off',
        placeholder: 'Any amount',
      })}
    </fieldset>
  );
}
