import { z } from 'zod';
import { singleLineText } from './text';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const newPasswordSchema = z
  .string()
  .min(10, 'Password must be at least 10 characters')
  .max(128, 'Password must be at most 128 characters');

const nameSchema = singleLineText(100, { tooLong: 'Names can be at most 100 characters' });

export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  // Not the new-password rules: an old account may predate them, and a length hint helps guessing.
  password: z.string().min(1, 'Enter your password').max(128, 'Password must be at most 128 characters'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  isDemo: z.boolean(),
  /** Only a verified address receives money sent by email. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/**
 * GET /api/auth/session: who is signed in, asked without failing. Signed out is an answer (`user: null`), not
 * a 401, so a visitor's browser logs no error for merely being signed out.
 */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * PATCH /api/user. A new `email` needs `currentPassword` and takes effect only when the new address confirms
 * it (GET /api/auth/verification shows it as pending meanwhile); the old address is told.
 */
export const updateUserBodySchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    currentPassword: z.string().max(128, 'Password must be at most 128 characters'),
    phone: z
      .string()
      .trim()
      .max(32)
      .regex(/^[+()\d\s-]*$/, 'Phone may contain digits, spaces, +, -, ( and )'),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
