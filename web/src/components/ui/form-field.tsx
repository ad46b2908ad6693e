import type * as React from 'react';
import { cn } from '@web/lib/utils';
import { Label } from './label';

interface FormFieldProps extends React.ComponentProps<'div'> {
  /** The id of the control inside; the label, hint and error are wired to it. */
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** Label + control + hint/error. The control should set `aria-describedby={describedBy(id, …)}`. */
export function FormField({ id, label, hint, error, className, children, ...props }: FormFieldProps) {
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)} {...props}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria-describedby value matching what FormField renders for this state. */
export function describedBy(id: string, state: { hint?: string | undefined; error?: string | undefined }) {
  if (state.error) return `${id}-error`;
  return state.hint ? `${id}-hint` : undefined;
}
