import { Plus, Trash2 } from 'lucide-react';
import { MAX_INVOICE_ITEMS } from '@contract/invoices';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { formatMoney } from '@web/lib/money';
import { draftTotals, emptyLine, type InvoiceDraft, type LineDraft } from '../lib/invoice-form';

/** The invoice's lines (description, quantity, unit price) with each line's amount and the totals as the server will work them out. */
export function InvoiceLineEditor({
  draft,
  errors,
  onChange,
}: {
  draft: InvoiceDraft;
  errors: Record<string, string>;
  onChange: (items: LineDraft[]) => void;
}) {
  const totals = draftTotals(draft);
  const update = (index: number, field: keyof LineDraft, value: string) =>
    onChange(draft.items.map((line, at) => (at === index ? { ...line, [field]: value } : line)));
  const lineError = (index: number) =>
    errors[`items.${index}.description`] ??
    errors[`items.${index}.quantity`] ??
    errors[`items.${index}.unitPrice`];

  return (
    <fieldset className="grid gap-3 rounded-xl border p-4">
      <legend className="px-1 text-sm font-medium">Lines *</legend>
      {errors.items && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {errors.items}
        </p>
      )}
      <ol className="grid gap-3" aria-label="Invoice lines">
        {draft.items.map((line, index) => {
          const id = `invoice-line-${index}`;
          const error = lineError(index);
          return (
            <li key={index} className="grid gap-2">
              <div className="grid grid-cols-[1fr_4.5rem_6.5rem_auto] items-end gap-2 max-sm:grid-cols-[1fr_1fr_auto]">
                <div className="grid gap-1 max-sm:col-span-3">
                  <Label htmlFor={`${id}-description`} className="text-xs">
                    Description
                  </Label>
                  <Input
                    id={`${id}-description`}
                    value={line.description}
                    placeholder={draft.projectTitle || 'Design work'}
                    onChange={(event) => update(index, 'description', event.target.value)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-quantity`} className="text-xs">
                    Qty
                  </Label>
                  <Input
                    id={`${id}-quantity`}
                    inputMode="decimal"
                    value={line.quantity}
                    aria-invalid={errors[`items.${index}.quantity`] ? true : undefined}
                    onChange={(event) => update(index, 'quantity', event.target.value)}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-price`} className="text-xs">
                    Unit price
                  </Label>
                  <Input
                    id={`${id}-price`}
                    inputMode="decimal"
                    placeholder="0.00"
                    value={line.unitPrice}
                    aria-invalid={errors[`items.${index}.unitPrice`] ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => update(index, 'unitPrice', event.target.value)}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={draft.items.length === 1}
                  onClick={() => onChange(draft.items.filter((_, at) => at !== index))}
                >
                  <Trash2 />
                </Button>
              </div>
              <div className="flex justify-between gap-2 text-xs">
                <span
                  id={`${id}-error`}
                  role={error ? 'alert' : undefined}
                  className="font-medium text-destructive"
                >
                  {error}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {totals.lines[index] ? formatMoney(totals.lines[index]) : '—'}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={draft.items.length >= MAX_INVOICE_ITEMS}
          onClick={() => onChange([...draft.items, emptyLine()])}
        >
          <Plus /> Add line
        </Button>
        <dl
          className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm tabular-nums"
          aria-label="Invoice totals"
        >
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right">{formatMoney(totals.amount)}</dd>
          <dt className="text-muted-foreground">Tax</dt>
          <dd className="text-right">{formatMoney(totals.tax)}</dd>
          <dt className="font-medium">Total</dt>
          <dd className="text-right font-semibold" data-testid="invoice-draft-total">
            {formatMoney(totals.total)}
          </dd>
        </dl>
      </div>
    </fieldset>
  );
}
