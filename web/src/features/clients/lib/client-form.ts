import {
  createClientBodySchema,
  type Client,
  type ClientLanguage,
  type CreateClientBody,
} from '@contract/clients';
import type { InvoiceCurrency } from '@contract/invoices';

/** The client form as typed: payment terms stay text until sent, so a half-typed number can be shown. */
export interface ClientDraft {
  name: string;
  email: string;
  address: string;
  taxId: string;
  currency: InvoiceCurrency;
  paymentTermsDays: string;
  language: ClientLanguage;
}

export const newClientDraft = (): ClientDraft => ({
  name: '',
  email: '',
  address: '',
  taxId: '',
  currency: 'USD',
  paymentTermsDays: '30',
  language: 'en',
});

export const draftFromClient = (client: Client): ClientDraft => ({
  name: client.name,
  email: client.email,
  address: client.address,
  taxId: client.taxId,
  currency: client.currency,
  paymentTermsDays: String(client.paymentTermsDays),
  language: client.language,
});

/** The body both POST and PATCH take; terms that are not a whole number are left for the schema to name. */
export function toClientBody(draft: ClientDraft): CreateClientBody {
  const terms = draft.paymentTermsDays.trim();
  return {
    ...draft,
    paymentTermsDays: /^\d{1,4}$/.test(terms) ? Number(terms) : (Number.NaN as number),
  };
}

/** Field errors from the contract's own schema, keyed as the server keys them. */
export function clientDraftErrors(draft: ClientDraft): Record<string, string> {
  const parsed = createClientBodySchema.safeParse(toClientBody(draft));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}
