import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, friendlyErrorMessage } from './api-client';

/**
 * Puts the server's per-field messages (`fields` of a 400/409) on the matching inputs. Returns the message to
 * show above the form, or null when every problem landed on a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return friendlyErrorMessage(error);
  let unplaced = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((knownFields as readonly string[]).includes(field))
      setError(field as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  const placedAny = Object.keys(error.fields).length > 0;
  return placedAny && !unplaced ? null : friendlyErrorMessage(error);
}
