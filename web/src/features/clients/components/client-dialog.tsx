import { useState, type ComponentProps, type FormEvent } from 'react';
import { clientLanguageNames, clientLanguages, type Client, type ClientLanguage } from '@contract/clients';
import { invoiceCurrencies, type InvoiceCurrency } from '@contract/invoices';
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
import { Textarea } from '@web/components/ui/textarea';
import { useDraftErrors } from '@web/hooks/use-draft-errors';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useSaveClient } from '../api/save-client';
import {
  clientDraftErrors,
  draftFromClient,
  newClientDraft,
  toClientBody,
  type ClientDraft,
} from '../lib/client-form';

/** Add a client (a fresh form on each opening), or with `editing` change one. */
export function ClientDialog({
  open,
  onOpenChange,
  editing = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: Client | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Edit ${editing.name}` : 'Add client'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Changes apply to new invoices; invoices already made keep the details they were made with.'
              : 'Pick them on the invoice form and their details, currency and due date fill themselves.'}
          </DialogDescription>
        </DialogHeader>
        {open && <ClientForm editing={editing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type TextField = 'name' | 'email' | 'taxId' | 'paymentTermsDays';
const formFields = new Set(Object.keys(newClientDraft()));

function ClientForm({ editing, onDone }: { editing: Client | null; onDone: () => void }) {
  const save = useSaveClient();
  const [draft, setDraft] = useState<ClientDraft>(() =>
    editing ? draftFromClient(editing) : newClientDraft(),
  );
  const { errors, markSubmitted, setServerErrors } = useDraftErrors(draft, clientDraftErrors);
  const [formError, setFormError] = useState<string | null>(null);
  const update = (changes: Partial<ClientDraft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    markSubmitted();
    if (Object.keys(clientDraftErrors(draft)).length > 0) return;
    const sent = draft;
    save.mutate(
      { id: editing?.id, body: toClientBody(draft) },
      {
        onSuccess: (client) => {
          toast({
            title: editing ? 'Client Updated' : 'Client Added',
            description: `${client.name} is saved.`,
          });
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          setServerErrors(sent, fields);
          const placed =
            Object.keys(fields).length > 0 && Object.keys(fields).every((key) => formFields.has(key));
          setFormError(placed ? null : friendlyErrorMessage(error, 'Failed to save the client'));
        },
      },
    );
  };

  const text = (field: TextField, label: string, props: ComponentProps<'input'> = {}) => {
    const id = `client-${field}`;
    return (
      <FormField id={id} label={label} error={errors[field]}>
        <Input
          id={id}
          value={draft[field]}
          onChange={(event) => update({ [field]: event.target.value })}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(id, { error: errors[field] })}
          {...props}
        />
      </FormField>
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label={editing ? 'Edit client' : 'Add client'}
    >
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Name *', {
          autoComplete: 'organization',
          placeholder: 'Acme Studio',
          autoFocus: true,
        })}
        {text('email', 'Email *', {
          type: 'email',
          autoComplete: 'email',
          placeholder: 'billing@client.com',
        })}
      </div>
      <FormField id="client-address" label="Address" error={errors.address}>
        <Textarea
          id="client-address"
          rows={2}
          value={draft.address}
          onChange={(event) => update({ address: event.target.value })}
          placeholder="Street, city, country"
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy('client-address', { error: errors.address })}
        />
      </FormField>
      {text('taxId', 'Tax id (VAT number)', { autoComplete: 'off', placeholder: 'Optional' })}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="client-currency" label="Currency" error={errors.currency}>
          <NativeSelect
            id="client-currency"
            value={draft.currency}
            onChange={(event) => update({ currency: event.target.value as InvoiceCurrency })}
          >
            {invoiceCurrencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </FormField>
        {text('paymentTermsDays', 'Payment terms (days)', { inputMode: 'numeric', autoComplete: 'off' })}
        <FormField id="client-language" label="Invoice language" error={errors.language}>
          <NativeSelect
            id="client-language"
            value={draft.language}
            onChange={(event) => update({ language: event.target.value as ClientLanguage })}
          >
            {clientLanguages.map((code) => (
              <option key={code} value={code}>
                {clientLanguageNames[code]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <Button type="submit" size="lg" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        {editing ? 'Save changes' : 'Add client'}
      </Button>
    </form>
  );
}
