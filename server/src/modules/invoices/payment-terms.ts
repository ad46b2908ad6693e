import { percentOfMinor } from '@contract/invoice-math';
import { parseAmount } from '@contract/money';
import type { InvoiceCurrency } from '@contract/invoices';
import type { InvoiceRow } from '../../db/schema';
import { invalidFields } from '../../lib/errors';

/** A request's deposit and minimum part payment; null (on an edit) takes one away, absent keeps it. */
export interface TermsInput {
  depositPercent?: string | null | undefined;
  depositAmount?: string | null | undefined;
  minimumPayment?: string | null | undefined;
}

/**
 * The deposit and minimum as the invoice keeps them, in minor units of `currency`: a deposit given as a
 * percentage becomes its amount of `total` now (rounded half up, contract percentOfMinor), so a later payment
 * is checked against one figure. Each is at most the total (else 400 naming the field); `kept` is the
 * draft's, for an edit that leaves them out.
 */
export function termsColumns(
  currency: InvoiceCurrency,
  total: bigint,
  body: TermsInput,
  kept?: Pick<InvoiceRow, 'deposit_amount' | 'min_payment'>,
): { deposit_amount: bigint; min_payment: bigint } {
  if (body.depositPercent != null && body.depositAmount != null) {
    throw invalidFields({ depositAmount: 'Give the deposit as a percentage or an amount, not both' });
  }
  const deposit =
    body.depositPercent != null
      ? percentOfMinor(total, body.depositPercent)
      : body.depositAmount != null
        ? parseAmount(body.depositAmount, currency)
        : body.depositPercent === null || body.depositAmount === null || !kept
          ? 0n
          : BigInt(kept.deposit_amount);
  const minimum =
    body.minimumPayment != null
      ? parseAmount(body.minimumPayment, currency)
      : body.minimumPayment === null || !kept
        ? 0n
        : BigInt(kept.min_payment);
  const problems: Record<string, string> = {};
  if (deposit > total) problems.depositAmount = 'The deposit cannot be more than the total';
  if (minimum > total) problems.minimumPayment = 'The minimum payment cannot be more than the total';
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  return { deposit_amount: deposit, min_payment: minimum };
}
