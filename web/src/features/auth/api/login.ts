import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { useSignedIn } from './use-signed-in';

/** POST /api/auth/login: signed in, or (two-factor on) a challenge to answer with a code first. */
export const login = (body: LoginBody) => api.post<LoginResponse>('/api/auth/login', body);

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('user' in result) signedIn(result.user);
    },
  });
}
