import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { DialogClose } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useConfirmKeyGuard } from '@web/lib/confirm-key-guard';
import { toast } from '@web/hooks/use-toast';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { cn } from '@web/lib/utils';

/**
 * What every "confirm this money movement" dialog shares (convert, send, …). Mount the component that calls
 * this once per opening: each confirmation then has its own Idempotency-Key, and a retry after a lost answer
 * sends the same key, so the server answers with the first result instead of moving the money twice.
 */
export function useMoneyConfirmation() {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [retryOffered, setRetryOffered] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  /**
   * The request failed. A refusal (4xx) will not change on retry: toast why and hand it to `onRefused`
   * (which closes the dialog). A lost answer or a server fault might: toast, stay open, say a retry is safe
   * and put focus back on Confirm, which sends the same key.
   */
  const handleFailure = (error: unknown, { failed, onRefused, describeRefusal }: FailureHandling) => {
    if (error instanceof ApiError && error.status < 500) {
      const description = describeRefusal ? describeRefusal(error) : error.body?.message;
      toast({ variant: 'destructive', title: failed.title, description: description ?? failed.description });
      onRefused(error);
    } else {
      toast({ variant: 'destructive', ...failed });
      setRetryOffered(true);
      confirmRef.current?.focus();
    }
  };
  return { idempotencyKey, retryOffered, confirmRef, handleFailure };
}

interface FailureHandling {
  /** The sketch's failure toast: its title always, its description when the server gives no reason. */
  failed: { title: string; description: string };
  onRefused: (error: ApiError) => void;
  /** The reason to show for a refusal; by default the server's message. */
  describeRefusal?: (error: ApiError) => string | undefined;
}

interface ConfirmActionsProps {
  pending: boolean;
  /** The review already knows the request would be refused (and says why above): Confirm is off. */
  blocked?: boolean;
  retryOffered: boolean;
  /** What to say when a retry is offered, e.g. "We could not confirm the transfer. … not be sent twice." */
  retryMessage: string;
  confirmRef: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  children: ReactNode;
}

/** The retry notice, then Cancel and the confirm button (which shows a spinner while the request runs). */
export function ConfirmActions({
  pending,
  blocked = false,
  retryOffered,
  retryMessage,
  confirmRef,
  onConfirm,
  children,
}: ConfirmActionsProps) {
  // Focus starts on Confirm, so the Enter that opened the review must not press it (confirm-key-guard.ts).
  const guard = useConfirmKeyGuard();
  return (
    <>
      {retryOffered && <ErrorAlert>{retryMessage}</ErrorAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button ref={confirmRef} autoFocus onClick={onConfirm} disabled={pending || blocked} {...guard}>
          {pending && <Spinner />}
          {children}
        </Button>
      </div>
    </>
  );
}

/** One label-and-figure line of a `<dl>` of amounts: fee, total, rate. */
export function FigureRow({
  label,
  children,
  strong,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          'min-w-0 text-right tabular-nums break-words',
          strong ? 'text-base font-semibold' : 'text-sm font-medium',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/**
 * A renewed quote changed a figure the customer is about to confirm: shown old → new, so that nobody confirms
 * a different amount than the one they read. Nothing when it did not change.
 */
export function FigureChange({ label, before, after }: { label: string; before: string; after: string }) {
  if (before === after) return null;
  return (
    <p
      role="status"
      data-testid="figure-change"
      className="rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm text-foreground"
    >
      {label} changed with the new price: <span className="line-through">{before}</span> →{' '}
      <strong>{after}</strong>
    </p>
  );
}
