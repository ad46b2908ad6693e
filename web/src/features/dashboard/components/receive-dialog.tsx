import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import type { Wallet } from '@contract/wallets';
import { CurrencyIcon } from '@web/components/currency-icon';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import { cn } from '@web/lib/utils';
import { useUser } from '@web/lib/user';

interface ReceiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallets: readonly Wallet[] | undefined;
  /** Where focus goes when it closes (the dialog has no trigger of its own to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * What a payer needs: the account holder's name and email (a Meridian user pays by email, instantly) and the
 * wallet for the chosen currency, also as a QR code. The code carries a `meridian:pay` link with the same details.
 */
function paymentLink(details: { email: string; name: string; currency: Currency; walletId: string }) {
  const query = new URLSearchParams({
    email: details.email,
    name: details.name,
    currency: details.currency,
    wallet: details.walletId,
  });
  return `meridian:pay?${query}`;
}

export function ReceiveDialog({ open, onOpenChange, wallets, onCloseAutoFocus }: ReceiveDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Receive money</DialogTitle>
          <DialogDescription>
            Share these details or the QR code. Meridian members can pay you instantly with your email.
          </DialogDescription>
        </DialogHeader>
        {open && <ReceiveDetails wallets={wallets} />}
      </DialogContent>
    </Dialog>
  );
}

function ReceiveDetails({ wallets }: { wallets: readonly Wallet[] | undefined }) {
  const user = useUser();
  const [currency, setCurrency] = useState<Currency | null>(null);
  const wallet = wallets?.find((each) => each.currency === currency) ?? wallets?.[0];

  if (user.isError) return <LoadError error={user.error} onRetry={() => void user.refetch()} />;
  if (!user.data || !wallet || !wallets) {
    return (
      <div role="status" aria-label="Loading your details" className="grid gap-3">
        <Skeleton className="mx-auto size-48" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }

  const name = [user.data.firstName, user.data.lastName].filter(Boolean).join(' ') || user.data.email;
  const link = paymentLink({ email: user.data.email, name, currency: wallet.currency, walletId: wallet.id });
  return (
    <div className="grid gap-5">
      <div role="group" aria-label="Currency to receive" className="flex flex-wrap gap-2">
        {wallets.map((each) => (
          <Button
            key={each.id}
            size="sm"
            variant={each.id === wallet.id ? 'default' : 'outline'}
            aria-pressed={each.id === wallet.id}
            onClick={() => setCurrency(each.currency)}
          >
            {each.currency}
          </Button>
        ))}
      </div>
      <QrCode text={link} label={`QR code with your ${wallet.currency} payment details`} />
      <dl className="grid gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
        <Detail label="Name" value={name} />
        <Detail label="Email" value={user.data.email} copyable />
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Currency</dt>
          <dd className="flex items-center gap-2 font-medium">
            <CurrencyIcon currency={wallet.currency} className="size-6 text-xs ring-0" />
            {wallet.currency} · {wallet.type === 'crypto' ? 'Crypto' : 'Fiat'} wallet
          </dd>
        </div>
        <Detail label="Wallet ID" value={wallet.id} copyable mono />
      </dl>
    </div>
  );
}

function Detail({
  label,
  value,
  copyable,
  mono,
}: {
  label: string;
  value: string;
  copyable?: boolean;
  mono?: boolean;
}) {
  const { copied, copy: copyText } = useCopyToClipboard();
  const copy = () => copyText(value, 'the text');
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <span className={cn('min-w-0 font-medium break-all text-right', mono && 'font-mono text-xs')}>
          {value}
        </span>
        {copyable && (
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => void copy()}
            aria-label={`Copy ${label.toLowerCase()}`}
          >
            {copied ? <Check className="text-success" /> : <Copy />}
          </Button>
        )}
        {copyable && (
          <span className="sr-only" aria-live="polite">
            {copied ? `${label} copied` : ''}
          </span>
        )}
      </dd>
    </div>
  );
}

/** The QR code as a data: image (the CSP allows img data:). The encoder loads on first use. */
function QrCode({ text, label }: { text: string; label: string }) {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 384 }))
      .then((url) => {
        if (!cancelled) setImage({ text, url });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [text]);

  if (failed)
    return <p className="text-center text-sm text-muted-foreground">The QR code could not be drawn.</p>;
  return (
    <div className="mx-auto rounded-2xl border bg-white p-3 shadow-sm">
      {image?.text === text ? (
        <img src={image.url} alt={label} width={192} height={192} className="size-48" />
      ) : (
        <Skeleton className="size-48 bg-slate-100" />
      )}
    </div>
  );
}
