import { useEffect, useState } from 'react';
import { ImageUp } from 'lucide-react';
import { KYC_MAX_FILE_BYTES, type DocumentSide, type KycDocument } from '@contract/kyc';
import { cn } from '@web/lib/utils';
import { sideLabels } from '../lib/wizard';

/**
 * One image of the document: a file input (camera on phones) with a preview of the picked file, or of the one
 * already uploaded (served to its owner by the API).
 */
export function ImagePicker({
  side,
  picked,
  uploaded,
  error,
  onPick,
}: {
  side: DocumentSide;
  picked: File | undefined;
  uploaded: KycDocument | undefined;
  error: string | undefined;
  onPick: (file: File | undefined, problem: string | undefined) => void;
}) {
  const preview = useDataUrl(picked);
  const src = preview ?? (uploaded ? `/api/kyc/documents/${uploaded.id}` : null);
  const id = `kyc-image-${side}`;
  return (
    <div className="grid gap-2">
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border border-dashed p-3 text-center text-sm transition-colors hover:bg-accent focus-within:ring-2 focus-within:ring-ring/40',
          error ? 'border-destructive' : 'border-input',
        )}
      >
        {src ? (
          <img
            src={src}
            alt={`${sideLabels[side]} preview`}
            className="h-28 w-full rounded-lg object-contain"
          />
        ) : (
          <ImageUp aria-hidden className="size-8 text-muted-foreground" />
        )}
        <span className="font-medium">{sideLabels[side]}</span>
        <span className="text-xs text-muted-foreground">
          {picked
            ? picked.name
            : uploaded
              ? 'Uploaded · choose to replace'
              : 'PNG, JPEG or WebP, up to 10 MB'}
        </span>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          capture={side === 'selfie' ? 'user' : 'environment'}
          className="sr-only"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file && file.size > KYC_MAX_FILE_BYTES) onPick(undefined, 'This image is over 10 MB');
            else onPick(file, undefined);
          }}
        />
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The picked file as a data: URL for its preview. Not a blob: URL: the app's Content-Security-Policy allows
 * images from itself and data: only.
 */
function useDataUrl(file: File | undefined): string | null {
  const [url, setUrl] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setUrl({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && url?.file === file ? url.url : null;
}
