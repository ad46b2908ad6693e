import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { signInWithPasskey } from '../api/passkey-sign-in';
import { useSignedIn } from '../api/use-signed-in';
import { passkeyErrorMessage } from '@web/lib/passkey-errors';

/** "Sign in with a passkey": no email, no password; the passkey counts as the second factor too. */
export function PasskeySignInButton() {
  const signedIn = useSignedIn();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    setPending(true);
    try {
      const { user } = await signInWithPasskey();
      signedIn(user);
    } catch (caught) {
      setError(passkeyErrorMessage(caught, 'Signing in with a passkey did not work. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="grid gap-3">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="button" variant="outline" size="lg" disabled={pending} onClick={() => void start()}>
        {pending ? <Spinner /> : <KeyRound aria-hidden />}
        Sign in with a passkey
      </Button>
    </div>
  );
}
