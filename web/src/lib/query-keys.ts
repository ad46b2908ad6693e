/**
 * Query keys more than one feature touches. A feature that changes data another feature shows (the profile
 * form changing the signed-in user's email) invalidates by these keys instead of importing the other feature.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  user: ['user'] as const,
};
