import { useState, type FormEvent, type ReactNode } from 'react';
import { CircleCheck, Lock } from 'lucide-react';
import type { Translator } from '@contract/i18n';
import type { PublicInvoice } from '@contract/invoices';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useConfirmKeyGuard } from '@web/lib/confirm-key-guard';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { paymentInputProblem } from '@web/lib/invoice-terms';
import { cleanAmountInput } from '@web/lib/money';
import { usePayInvoice } from '../api/public-invoice';
import { CardPayButton } from './card-pay-button';

/**
 * What the client pays now: the amount (what is due now to start with, any amount the contract's rule allows)
 * and how: by card where the server takes cards, else the sandbox's simulated payment.
 */
export function PayAction({
  token,
  invoice,
  words,
}: {
  token: string;
  invoice: PublicInvoice;
  words: Translator;
}) {
  const { balance } = invoice;
  const [amount, setAmount] = useState(balance.dueNow);
  const [shownFor, setShownFor] = useState(balance.dueNow);
  // After a payment, what is due now changes: the field follows.
  if (shownFor !== balance.dueNow) {
    setShownFor(balance.dueNow);
    setAmount(balance.dueNow);
  }
  const { t } = words;
  const money = (value: string) => words.amount(value, invoice.currency);
  const name = invoice.from.name;
  if (invoice.status === 'paid') {
    const total = money(invoice.totalAmount);
    return (
      <Alert>
        <CircleCheck aria-hidden className="size-4 text-success" />
        <p>
          {invoice.paidAt
            ? t('pay.paidOnThanks', { date: words.day(invoice.paidAt), name, amount: total })
            : t('pay.paidThanks', { name, amount: total })}
        </p>
      </Alert>
    );
  }
  if (!invoice.canPayOnline && !invoice.canPayByCard) {
    return (
      <Alert>
        <p>{t('pay.notOnline', { name })}</p>
      </Alert>
    );
  }
  const problem = paymentInputProblem(amount, invoice);
  const shownProblem = problem && amount.trim() ? problem : undefined;
  const hint =
    balance.leastNow === balance.outstandingAmount
      ? t('pay.hintWhole', { amount: money(balance.outstandingAmount) })
      : t('pay.hintRange', { least: money(balance.leastNow), outstanding: money(balance.outstandingAmount) });
  const field = (
    <>
      {/[1-9]/.test(balance.depositDue) && (
        <p className="text-sm" data-testid="deposit-first">
          {t('pay.depositFirst', { amount: money(balance.depositDue) })}
        </p>
      )}
      <FormField
        id="pay-amount"
        label={t('pay.amountLabel', { currency: invoice.currency })}
        hint={hint}
        error={shownProblem}
      >
        <Input
          id="pay-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={describedBy('pay-amount', { hint, error: shownProblem })}
        />
      </FormField>
    </>
  );
  if (invoice.canPayByCard) {
    return (
      <div className="grid gap-3">
        {field}
        <CardPayButton
          token={token}
          invoice={invoice}
          amount={problem ? null : amount.trim()}
          words={words}
        />
      </div>
    );
  }
  return (
    <SandboxPay
      token={token}
      amount={amount.trim()}
      problem={problem}
      words={words}
      money={money}
      name={name}
    >
      {field}
    </SandboxPay>
  );
}

/** The sandbox's simulated payment of `amount`: no card is charged, the owner's wallet is credited. */
function SandboxPay({
  token,
  amount,
  problem,
  words,
  money,
  name,
  children,
}: {
  token: string;
  amount: string;
  problem: string | null;
  words: Translator;
  money: (amount: string) => string;
  name: string;
  children: ReactNode;
}) {
  const pay = usePayInvoice(token);
  // One key per payment: a retry after a lost answer is the same payment, never a second one; a new key
  // once it has gone through, for the next part.
  const [key, setKey] = useState(newIdempotencyKey);
  // A held Enter (from the link that opened this page, or a double press) must not pay.
  const guard = useConfirmKeyGuard();
  const { t } = words;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    pay.mutate({ key, amount }, { onSuccess: () => setKey(newIdempotencyKey()) });
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('pay.buttonPlain')}>
      {pay.isError && <ErrorAlert>{friendlyErrorMessage(pay.error, t('pay.failed'))}</ErrorAlert>}
      {children}
      <Button size="lg" type="submit" disabled={pay.isPending || problem !== null} {...guard}>
        {pay.isPending ? <Spinner /> : <Lock />}
        {problem ? t('pay.buttonPlain') : t('pay.button', { amount: money(amount) })}
      </Button>
      <p className="text-xs text-muted-foreground">{t('pay.sandbox', { name })}</p>
    </form>
  );
}
