import { z } from 'zod';
import { singleLineText } from './text';
import { emailSchema } from './auth';

/**
 * GET /api/recipients: the user's saved recipients merged with the people they recently sent money to, one
 * entry per email (lower case), most recently used first. `saved` entries can be deleted by `id`; recent-only
 * entries have an id of the form `recent:<email>` and cannot (DELETE answers 404).
 */
export const recipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  saved: z.boolean(),
  /** ISO time of the last transfer to this email, or null if none yet. */
  lastSentAt: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const recipientListSchema = z.array(recipientSchema);

export const MAX_SAVED_RECIPIENTS = 200;

/** POST /api/recipients → 201 Recipient; 409 when the email is already saved. */
export const createRecipientBodySchema = z.object({
  name: singleLineText(100, { required: 'Name is required', tooLong: 'Name can be at most 100 characters' }),
  email: emailSchema,
});
export type CreateRecipientBody = z.infer<typeof createRecipientBodySchema>;
