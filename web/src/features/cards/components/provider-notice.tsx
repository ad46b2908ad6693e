import { Info } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { useProviderStatus } from '../api/get-provider-status';

/** The sketch's notice: without a configured card provider, cards are created as demo cards. */
export function ProviderNotice() {
  const status = useProviderStatus();
  if (!status.data || status.data.configured) return null;
  return (
    <Alert data-testid="provider-notice" role="note">
      <Info aria-hidden />
      <span>
        The card provider is not configured, so cards are created as demo cards: test numbers that pay only
        through Test purchase, from your wallet here.
      </span>
    </Alert>
  );
}
