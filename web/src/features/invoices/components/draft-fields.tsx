import type { ComponentProps, Dispatch, ReactNode, SetStateAction } from 'react';
import {
  invoiceCurrencies,
  invoiceLanguageNames,
  invoiceLanguages,
  type InvoiceCurrency,
  type InvoiceLanguage,
} from '@contract/invoices';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import type { InvoiceDraft } from '../lib/invoice-form';
import { InvoiceLineEditor } from './invoice-line-editor';

/**
 * The text inputs of a form that edits a draft of strings (an invoice, a recurring invoice): each one's id is
 * `${prefix}-${field}`, its value the draft's, its error the one keyed by the field, as the server keys it.
 */
export function draftFields<Field extends string, Draft extends Record<Field, string>>(
  prefix: string,
  draft: Draft,
  errors: Record<string, string | undefined>,
  setDraft: Dispatch<SetStateAction<Draft>>,
) {
  const idOf = (field: Field) => `${prefix}-${field}`;
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const text = (field: Field, label: string, props: ComponentProps<'input'> = {}) => (
    <FormField id={idOf(field)} label={label} error={errors[field]}>
      <Input
        id={idOf(field)}
        value={draft[field]}
        onChange={set(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(idOf(field), { error: errors[field] })}
        {...props}
      />
    </FormField>
  );
  const area = (field: Field, label: string, placeholder: string) => (
    <FormField id={idOf(field)} label={label} error={errors[field]}>
      <Textarea
        id={idOf(field)}
        rows={2}
        value={draft[field]}
        onChange={set(field)}
        placeholder={placeholder}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(idOf(field), { error: errors[field] })}
      />
    </FormField>
  );
  return { set, text, area };
}

const LANGUAGE_HINT = 'The PDF, the email and the payment page are written in it.';

/** The client's language: what their invoice's PDF, email and payment page are written in. */
export function LanguageSelect({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: InvoiceLanguage;
  error: string | undefined;
  onChange: (language: InvoiceLanguage) => void;
}) {
  return (
    <FormField id={id} label="Client's language" hint={LANGUAGE_HINT} error={error} className="sm:max-w-xs">
      <NativeSelect
        id={id}
        value={value}
        aria-describedby={describedBy(id, { hint: LANGUAGE_HINT, error })}
        onChange={(event) => onChange(event.target.value as InvoiceLanguage)}
      >
        {invoiceLanguages.map((code) => (
          <option key={code} value={code}>
            {invoiceLanguageNames[code]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

type BodyField = 'clientName' | 'clientEmail' | 'clientAddress' | 'projectTitle' | 'description';

/**
 * What an invoice and a recurring invoice's template both ask: the client (name, email, address, language),
 * the project and its lines. `work` holds the placeholders that tell one from the other.
 */
export function InvoiceBodyFields<Draft extends InvoiceDraft>({
  prefix,
  draft,
  errors,
  setDraft,
  work,
}: {
  prefix: string;
  draft: Draft;
  errors: Record<string, string>;
  setDraft: Dispatch<SetStateAction<Draft>>;
  work: { title: string; description: string };
}): ReactNode {
  const { text, area } = draftFields<BodyField, Draft>(prefix, draft, errors, setDraft);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('clientName', 'Client name *', { autoComplete: 'organization', placeholder: 'Acme Studio' })}
        {text('clientEmail', 'Client email *', {
          type: 'email',
          autoComplete: 'email',
          placeholder: 'billing@client.com',
        })}
      </div>
      {area('clientAddress', 'Client address', 'Street, city, country')}
      <LanguageSelect
        id={`${prefix}-language`}
        value={draft.language}
        error={errors.language}
        onChange={(language) => setDraft((current) => ({ ...current, language }))}
      />
      {text('projectTitle', 'Project title *', { placeholder: work.title })}
      {area('description', 'Description', work.description)}
      <InvoiceLineEditor
        draft={draft}
        errors={errors}
        onChange={(items) => setDraft((current) => ({ ...current, items }))}
      />
    </>
  );
}

/** The invoice's currency. */
export function CurrencySelect({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: InvoiceCurrency;
  error: string | undefined;
  onChange: (currency: InvoiceCurrency) => void;
}) {
  return (
    <FormField id={id} label="Currency" error={error}>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as InvoiceCurrency)}
      >
        {invoiceCurrencies.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
