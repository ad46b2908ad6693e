import { useState, type ReactNode } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { friendlyErrorMessage } from '@web/lib/api-client';

/**
 * Asks before something that cannot be taken back or that leaves the bank (a deletion, a sign-out, an email
 * to a client). An alert dialog: it opens on Cancel, so the key that opened it cannot confirm it. `confirm`
 * runs the action; the dialog closes when it succeeds and says why when it fails. `children` show what will
 * happen (the email the client gets, say).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  destructive = false,
  confirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The confirm button's label, a verb for what happens: "Delete draft", "Send invoice". */
  action: string;
  destructive?: boolean;
  confirm: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    setPending(true);
    try {
      await confirm();
      onOpenChange(false);
    } catch (failure) {
      setError(friendlyErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay
          data-slot="dialog-overlay"
          className="fixed inset-0 z-50 bg-[#05081a]/60 backdrop-blur-sm data-[state=open]:animate-in"
        />
        <AlertDialogPrimitive.Content
          data-slot="confirm-dialog"
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-2xl border bg-popover p-6 text-popover-foreground shadow-2xl outline-none data-[state=open]:animate-in"
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialogPrimitive.Title className="text-xl font-semibold tracking-tight">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          {children}
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
              onClick={() => void run()}
            >
              {pending && <Spinner />}
              {action}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
