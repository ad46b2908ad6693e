import { useState, type ComponentProps, type FormEvent } from 'react';
import { createRecipientBodySchema } from '@contract/recipients';
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
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useSaveRecipient } from '../api/save-recipient';

interface SaveRecipientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
}

/** POST /api/recipients. The form remounts on each opening, so it starts from the form's current email. */
export function SaveRecipientDialog({ open, onOpenChange, initialEmail }: SaveRecipientDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save a recipient</DialogTitle>
          <DialogDescription>Keep someone you pay often one click away.</DialogDescription>
        </DialogHeader>
        {open && <SaveRecipientForm initialEmail={initialEmail} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

type Field = 'name' | 'email';

function SaveRecipientForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const save = useSaveRecipient();
  const [values, setValues] = useState({ name: '', email: initialEmail.trim() });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createRecipientBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'email') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (recipient) => {
        toast({ title: 'Recipient Saved', description: `${recipient.name} was saved.` });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.fields.name || error.fields.email)) {
          setErrors({ name: error.fields.name, email: error.fields.email });
        } else setFormError(friendlyErrorMessage(error, 'Failed to save recipient'));
      },
    });
  };

  const field = (name: Field, label: string, props: ComponentProps<'input'>) => {
    const id = `recipient-${name}`;
    return (
      <FormField id={id} label={label} error={errors[name]}>
        <Input
          id={id}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(id, { error: errors[name] })}
          {...props}
        />
      </FormField>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Save a recipient">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {field('name', 'Name', { autoComplete: 'name', maxLength: 100, autoFocus: true })}
      {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        Save recipient
      </Button>
    </form>
  );
}
