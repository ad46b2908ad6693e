import { useEffect, useState, type FormEvent } from 'react';
import type { Card, RevealedCard } from '@contract/cards';
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
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useConfirmKeyGuard } from '@web/lib/confirm-key-guard';
import { useUser } from '@web/lib/user';
import { useRevealCard } from '../api/reveal-card';
import { CardVisual } from './card-visual';

/** The details stay on screen this long, then the dialog forgets them. */
export const REVEAL_SECONDS = 30;

/** Show details: the password again, then number, expiry and CVV for 30 seconds. Open while `card` is set. */
export function RevealDialog({ card, onClose }: { card: Card | null; onClose: () => void }) {
  return (
    <Dialog open={card !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Card details</DialogTitle>
          <DialogDescription>
            For your security, confirm it is you. The details hide again after {REVEAL_SECONDS} seconds.
          </DialogDescription>
        </DialogHeader>
        {card && <RevealForm card={card} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RevealForm({ card, onClose }: { card: Card; onClose: () => void }) {
  const reveal = useRevealCard();
  const user = useUser();
  const isDemo = user.data?.isDemo ?? false;
  const [password, setPassword] = useState('');
  const [details, setDetails] = useState<RevealedCard | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(REVEAL_SECONDS);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  // The Enter that opened this dialog, held or pressed twice, must not submit it (an empty password).
  const guard = useConfirmKeyGuard();

  useEffect(() => {
    if (!details) return;
    const shownAt = Date.now();
    const timer = setInterval(() => {
      const left = REVEAL_SECONDS - Math.floor((Date.now() - shownAt) / 1000);
      setSecondsLeft(Math.max(0, left));
      if (left <= 0) {
        setDetails(null);
        reveal.reset();
        onClose();
      }
    }, 250);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the timer belongs to this showing of the details
  }, [details]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPasswordError(undefined);
    if (!isDemo && password === '') {
      setPasswordError('Enter your password');
      return;
    }
    reveal.mutate(
      { cardId: card.id, password },
      {
        onSuccess: (revealed) => {
          setPassword('');
          setSecondsLeft(REVEAL_SECONDS);
          setDetails(revealed);
          reveal.reset();
        },
        // A wrong password belongs to its field; anything else (a 429 says how long to wait) is the form's.
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields.password)
            setPasswordError(failure.fields.password);
          else
            setError(friendlyErrorMessage(failure, 'The card details could not be shown. Please try again.'));
        },
      },
    );
  };

  if (details) {
    return (
      <div className="grid gap-4">
        <CardVisual card={card} revealed={details} className="mx-auto" />
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          Hiding in {secondsLeft} s
        </p>
        <Button variant="outline" onClick={onClose}>
          Hide now
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Confirm your password" {...guard}>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {isDemo ? (
        <p className="text-sm text-muted-foreground">
          A demo account has no password: its play cards show at once.
        </p>
      ) : (
        <FormField id="reveal-password" label="Password" error={passwordError}>
          <Input
            id="reveal-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy('reveal-password', { error: passwordError })}
          />
        </FormField>
      )}
      <Button type="submit" disabled={reveal.isPending}>
        {reveal.isPending && <Spinner />}
        Show details
      </Button>
    </form>
  );
}
