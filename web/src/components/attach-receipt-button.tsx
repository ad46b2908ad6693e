import { useId, useRef, useState } from 'react';
import { Paperclip } from 'lucide-react';
import { RECEIPT_MAX_FILE_BYTES, receiptAccept, type ReceiptInfo } from '@contract/receipts';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useAttachReceipt } from '@web/lib/receipts';

const MAX_MB = RECEIPT_MAX_FILE_BYTES / (1024 * 1024);

/**
 * "Attach receipt": picks a file (a photo or a PDF) and uploads it to the history row at once. A file over
 * the limit is refused here before it is sent; the server decides the rest by the file's bytes. Says why when
 * the upload is refused, under the button.
 */
export function AttachReceiptButton({
  transactionId,
  label = 'Attach receipt',
  onAttached,
  variant = 'outline',
  className,
}: {
  transactionId: string;
  label?: string;
  onAttached?: (receipt: ReceiptInfo) => void;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const attach = useAttachReceipt();
  const [error, setError] = useState<string | null>(null);

  const pick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    if (file.size > RECEIPT_MAX_FILE_BYTES) {
      setError(`A receipt can be at most ${MAX_MB} MB.`);
      return;
    }
    attach.mutate(
      { transactionId, file },
      {
        onSuccess: (receipt) => onAttached?.(receipt),
        onError: (failure) => setError(friendlyErrorMessage(failure, 'The receipt could not be uploaded.')),
      },
    );
  };

  return (
    <div className="grid gap-2">
      <input
        ref={input}
        type="file"
        accept={receiptAccept}
        hidden
        data-testid="receipt-file"
        onChange={(event) => pick(event.target.files?.[0])}
      />
      <Button
        type="button"
        variant={variant}
        className={className}
        disabled={attach.isPending}
        aria-describedby={error ? errorId : undefined}
        onClick={() => input.current?.click()}
      >
        {attach.isPending ? <Spinner /> : <Paperclip />}
        {attach.isPending ? 'Uploading…' : label}
      </Button>
      {error && (
        <div id={errorId}>
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      )}
    </div>
  );
}
