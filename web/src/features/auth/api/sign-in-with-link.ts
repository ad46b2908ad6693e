import { useMutation } from '@tanstack/react-query';
import type { SignInLinkBody, UserResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { useSignedIn } from './use-signed-in';

/** POST /api/auth/sign-in-link: opens a mailed one-time sign-in link; this browser becomes a known one. */
export const signInWithLink = (body: SignInLinkBody) =>
  api.post<UserResponse>('/api/auth/sign-in-link', body);

export function useSignInWithLink() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: signInWithLink, onSuccess: ({ user }) => signedIn(user) });
}
