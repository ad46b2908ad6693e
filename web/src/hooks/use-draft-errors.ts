import { useState } from 'react';

type FieldErrors = Record<string, string>;

/**
 * The errors of a form kept as one draft object (the forms not on react-hook-form), with react-hook-form's own
 * timing: nothing is flagged before the first submit; after it, every change re-checks the draft with `check`,
 * so a field loses its error as soon as it is fixed. The server's field errors hold only while the draft they
 * were about is unchanged (compared by identity: each edit makes a new draft).
 */
export function useDraftErrors<Draft>(draft: Draft, check: (draft: Draft) => FieldErrors) {
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ draft: Draft; fields: FieldErrors } | null>(null);
  const errors: FieldErrors = submitted
    ? { ...(server?.draft === draft ? server.fields : {}), ...check(draft) }
    : {};
  return {
    errors,
    /** Call on submit: from now on the form checks as the person types. */
    markSubmitted: () => setSubmitted(true),
    /** The server's `fields` for the draft that was sent. */
    setServerErrors: (sent: Draft, fields: FieldErrors) => setServer({ draft: sent, fields }),
  };
}
