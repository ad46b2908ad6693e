import { useState } from 'react';
import { Download, Paperclip, Trash2 } from 'lucide-react';
import { attachedReceiptUrl } from '@contract/receipts';
import { AttachReceiptButton } from '@web/components/attach-receipt-button';
import { Button, buttonVariants } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useRemoveReceipt } from '@web/lib/receipts';
import { cn } from '@web/lib/utils';

/**
 * The receipt the user attached to a payment out: attach one, or download, replace or remove it. Keeps its
 * own "attached" state, because with "Missing receipts" on the row leaves the list as soon as it has one.
 */
export function ReceiptSection({
  transactionId,
  hasReceipt,
}: {
  transactionId: string;
  hasReceipt: boolean;
}) {
  const [attached, setAttached] = useState(hasReceipt);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveReceipt();

  return (
    <section
      aria-labelledby="receipt-section-title"
      className="grid gap-3 border-t pt-4"
      data-testid="receipt-section"
    >
      <div className="flex items-center gap-2">
        <Paperclip aria-hidden className="size-4 text-muted-foreground" />
        <h3 id="receipt-section-title" className="text-sm font-medium">
          Your receipt
        </h3>
        <span className="ml-auto text-sm text-muted-foreground" data-testid="receipt-state">
          {attached ? 'Attached' : 'None yet'}
        </span>
      </div>
      {attached ? (
        <div className="grid gap-2 sm:grid-cols-3">
          <a
            href={attachedReceiptUrl(transactionId)}
            download
            className={cn(buttonVariants({ variant: 'outline' }))}
          >
            <Download />
            Download
          </a>
          <AttachReceiptButton
            transactionId={transactionId}
            label="Replace"
            onAttached={() => setAttached(true)}
          />
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 />
            Remove
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            A photo or PDF of the receipt or invoice (PNG, JPEG, WebP or PDF, up to 10 MB), for your books.
          </p>
          <AttachReceiptButton transactionId={transactionId} onAttached={() => setAttached(true)} />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this receipt?"
        description="The file is deleted. The payment stays in your history, marked as missing its receipt."
        action="Remove receipt"
        destructive
        confirm={async () => {
          await remove.mutateAsync(transactionId);
          setAttached(false);
        }}
      />
    </section>
  );
}
