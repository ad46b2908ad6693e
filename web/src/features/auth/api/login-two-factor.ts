import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorBody, UserResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { useSignedIn } from './use-signed-in';

/** POST /api/auth/login/2fa: the sign-in's second step, a code from the app or a recovery code. */
export const loginTwoFactor = (body: LoginTwoFactorBody) =>
  api.post<UserResponse>('/api/auth/login/2fa', body);

export function useLoginTwoFactor() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: ({ user }) => signedIn(user) });
}
