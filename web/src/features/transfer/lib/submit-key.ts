import { newIdempotencyKey } from '@web/lib/idempotency';

export interface SubmitKey {
  /** The request body the key was made for, as JSON. */
  body: string;
  key: string;
}

/**
 * The Idempotency-Key for submitting `body`: the previous one when the same body is sent again (a retry after
 * a lost answer, so the server answers with the first result instead of creating twice), a fresh one as soon
 * as anything in the body changed (the server refuses a key reused with another body).
 */
export function submitKey(previous: SubmitKey | null, body: unknown, fresh = newIdempotencyKey): SubmitKey {
  const json = JSON.stringify(body);
  return previous?.body === json ? previous : { body: json, key: fresh() };
}
